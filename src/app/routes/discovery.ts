// The route module of discovery (src/app/paths.ts): the page, taken from its domain's public entry.
export { DiscoveryPage } from '../../features/discovery/index.ts';
