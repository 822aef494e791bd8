// The route module of portalSupport (src/app/paths.ts): the page, taken from its domain's public entry.
export { SupportPage } from '../../features/support/index.ts';
