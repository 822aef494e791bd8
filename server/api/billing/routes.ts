// /api/v1/billing/*: GST billing (issue 34; docs/billing.md). The clinic's tax settings, the tax
// data of its services, package plans and lab items, and its products (settings-routes.ts,
// products-routes.ts); billing documents from draft to issue, credit notes (documents-routes.ts);
// payments, the UPI link, advances and a client's balance (payments-routes.ts). Who may: RECEPTION
// and ADMIN bill and take payments; DOCTOR and NURSE read a client's balance; a CLIENT reads their
// own issued documents, advances and balance (another's 404, audited); SUPER_ADMIN reads; ADMIN
// keeps the settings, tax data and products (machines/billing/billing-roles.ts). A document's
// status moves only along machines/billing/invoice-lifecycle.ts, and an issued one never changes.
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { documentPdfRoutes } from './document-pdf-routes.ts';
import { documentRoutes } from './documents-routes.ts';
import { onlinePaymentRoutes } from './online-routes.ts';
import { paymentRoutes } from './payments-routes.ts';
import { productRoutes } from './products-routes.ts';
import { reportRoutes } from './reports-routes.ts';
import { returnsRoutes } from './returns-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { tillRoutes } from './tills-routes.ts';

export async function billingRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  settingsRoutes(app, ctx);
  productRoutes(app, ctx);
  documentRoutes(app, ctx);
  paymentRoutes(app, ctx);
  // Issued documents as PDFs (downloaded, emailed) and online payments (issue 34, docs/operations.md).
  documentPdfRoutes(app, ctx, app.runtime.mail);
  onlinePaymentRoutes(app, ctx);
  // The GSTR-1 return of a month or quarter (issue 35).
  returnsRoutes(app, ctx);
  // Tills and the day's close (issue 35).
  tillRoutes(app, ctx);
  // The reports: sales, outstanding with ageing, packages, advances held (issue 35).
  reportRoutes(app, ctx);
}
