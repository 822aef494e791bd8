// The billing domain's public entry (staff side): what route modules (src/app/routes/) compose, and
// all another domain may take from this one (lint forbids importing the domain's other files from
// outside). The portal's "My invoices" and the back office's tax screens have their own entries here.
export { AppointmentBilling } from './bill-visit.tsx';
export { BillingDeskPage } from './billing-desk-page.tsx';
export { BillingDocumentPage } from './billing-document-page.tsx';
export { ClientBalance } from './client-balance.tsx';
