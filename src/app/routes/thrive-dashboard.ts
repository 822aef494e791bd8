// The route module of thriveDashboard (src/app/paths.ts): the page, taken from its domain's public entry.
export { ThriveDashboardPage } from '../../features/thrive/index.ts';
