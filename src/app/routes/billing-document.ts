// The route module of billingDocument (src/app/paths.ts): one billing document, taken from its domain's public entry.
export { BillingDocumentPage } from '../../features/billing/index.ts';
