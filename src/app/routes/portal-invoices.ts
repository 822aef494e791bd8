// The route module of portalInvoices (src/app/paths.ts): the page, taken from its domain's public entry.
export { MyInvoicesPage } from '../../features/billing/index.ts';
