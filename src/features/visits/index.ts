// The visits domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { loadClientVisits } from './visits-api';
export { VisitsSection } from './client-visits-section';
export { VISITS_SECTION } from './client-visits-texts';
export { CompletedSessionsSection } from './completed-sessions';
export { StockWarning } from './therapies/stock-warning';
export { TherapiesTab } from './therapies/therapies-tab';
export { FirVisitPage, HbotVisitPage, IvVisitPage, PetVisitPage, RedLightVisitPage } from './visit-page';
