// The discovery domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { DiscoveryPage } from './discovery-page.tsx';
export { ProspectPage } from './prospect-page.tsx';
export { VisitPage } from './visit-page.tsx';
