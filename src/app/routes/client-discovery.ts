// The route module of clientDiscovery (src/app/paths.ts): the page, taken from its domain's public entry.
export { ProspectPage } from '../../features/discovery/index.ts';
