// ---- The billing domain's portal and back-office settings (h-billing-portal, issue 34): "My
// invoices" for route modules, and the back office's Billing tab with its label. ----
export { MyInvoicesPage } from './my-invoices-page.tsx';
export { BillingSettingsTab } from './billing-settings-tab.tsx';
export { BILLING_TAB_LABEL } from './settings-texts.ts';
