// The route module of billing (src/app/paths.ts): the staff billing desk, taken from its domain's public entry.
export { BillingDeskPage } from '../../features/billing/index.ts';
