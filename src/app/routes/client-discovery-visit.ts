// The route module of clientDiscoveryVisit (src/app/paths.ts): the page, taken from its domain's public entry.
export { VisitPage } from '../../features/discovery/index.ts';
