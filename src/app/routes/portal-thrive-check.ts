// The route module of portalThriveCheck (src/app/paths.ts): the page, taken from its domain's public entry.
export { ThriveCheckPage } from '../../features/clients/index.ts';
