// The route module of users (src/app/paths.ts): the page, taken from its domain's public entry.
export { UsersPage } from '../../features/clients/index.ts';
