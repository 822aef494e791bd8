// The route module of ivVisit, hbotVisit, petVisit, redLightVisit, firVisit (src/app/paths.ts): the page, taken from its domain's public entry.
export { FirVisitPage, HbotVisitPage, IvVisitPage, PetVisitPage, RedLightVisitPage } from '../../features/visits/index.ts';
