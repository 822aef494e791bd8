// The route module of support (src/app/paths.ts): the page, taken from its domain's public entry.
export { StaffSupportPage } from '../../features/support/index.ts';
