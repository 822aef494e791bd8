// The route module of portalBookTest (src/app/paths.ts): the page, taken from its domain's public entry.
export { BookTestPage } from '../../features/labs/index.ts';
