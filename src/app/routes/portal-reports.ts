// The route module of portalReports (src/app/paths.ts): the page, taken from its domain's public entry.
export { ReportsPage } from '../../features/labs/index.ts';
