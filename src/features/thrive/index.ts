// The thrive domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { ThriveClientPage } from './thrive-client-page.tsx';
export { ThriveDashboardPage } from './thrive-dashboard-page.tsx';
export { TrendsSection } from './trends-section.tsx';
