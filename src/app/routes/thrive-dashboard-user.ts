// The route module of thriveDashboardUser (src/app/paths.ts): the page, taken from its domain's public entry.
export { ThriveClientPage } from '../../features/thrive/index.ts';
