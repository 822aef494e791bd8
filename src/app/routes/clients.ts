// The route module of clients (src/app/paths.ts): the page, taken from its domain's public entry.
export { ClientsPage } from '../../features/clients/index.ts';
