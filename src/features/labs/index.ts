// The labs domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { BookTestPage } from './book-test-page';
export { LabsSection } from './client-labs-section';
export { LABS_SECTION } from './client-labs-texts';
export { LabDeskPage } from './lab-desk-page';
export { LabDesk } from './lab-desk';
export { ReportsPage } from './reports-page';
