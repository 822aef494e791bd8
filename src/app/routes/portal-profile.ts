// The route module of portalProfile (src/app/paths.ts): the page, taken from its domain's public entry.
export { ProfilePage } from '../../features/clients/index.ts';
