// The route module of staffProfile (src/app/paths.ts): the page, taken from its domain's public entry.
export { StaffProfilePage } from '../../features/identity/index.ts';
