// The billing domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
// Staff: the desk, a document, the appointment panel's billing and the record's balance. Portal:
// "My invoices". Back office: the Billing tab (tax settings, item tax, products).
export { AppointmentBilling } from './bill-visit.tsx';
export { BillingDeskPage } from './billing-desk-page.tsx';
export { BillingDocumentPage } from './billing-document-page.tsx';
export { ClientBalance } from './client-balance.tsx';
export { MyInvoicesPage } from './my-invoices-page.tsx';
export { startOnlinePayment } from './billing-portal-api.ts';
export { BillingSettingsTab } from './billing-settings-tab.tsx';
export { BILLING_TAB_LABEL } from './settings-texts.ts';
// The clinic's GST rates, for another domain's form that chooses one (memberships' plans, issue 35).
export { loadTaxSettings } from './billing-settings-api.ts';
