// The route module of labDesk (src/app/paths.ts): the page, taken from its domain's public entry.
export { LabDeskPage } from '../../features/labs/index.ts';
