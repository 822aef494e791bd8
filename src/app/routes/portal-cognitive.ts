// The route module of portalCognitive (src/app/paths.ts): the page, taken from its domain's public entry.
export { CognitivePage } from '../../features/cognitive/index.ts';
