// The visits domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { loadClientVisits, openVisitForAppointment } from './visits-api.ts';
export { VisitsSection } from './client-visits-section.tsx';
export { VISITS_SECTION } from './client-visits-texts.ts';
export { CompletedSessionsSection } from './completed-sessions.tsx';
export { StockWarning } from './therapies/stock-warning.tsx';
export { TherapiesTab } from './therapies/therapies-tab.tsx';
export { FirVisitPage, HbotVisitPage, IvVisitPage, PetVisitPage, RedLightVisitPage } from './visit-page.tsx';
