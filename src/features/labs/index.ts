// The labs domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { BookTestPage } from './book-test-page.tsx';
export { LabsSection } from './client-labs-section.tsx';
export { LABS_SECTION } from './client-labs-texts.ts';
export { LabDeskPage } from './lab-desk-page.tsx';
export { LabDesk } from './lab-desk.tsx';
export { ReportsPage } from './reports-page.tsx';
export { clientLabOrders, clientLabReports } from './labs-api.ts';
