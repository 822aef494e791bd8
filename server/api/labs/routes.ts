// /api/v1/labs/*: home-collection lab orders (issue 20). Authorization: everyone reads the
// catalogue, pincodes and slots; ADMIN+ change the catalogue and pincodes. A CLIENT holds slots
// and books only for themselves (family members are people on their order, not accounts), reads
// only their own orders and released reports (another client's answer 404, audited as refused)
// and may only cancel or reschedule their own order. Staff (every other role) book, cancel and
// reschedule for a client; the staff who run the lab desk (clinic settings, default NURSE and
// ADMIN) assign a collector, move orders along the order chart (machines/labs/order-lifecycle.ts,
// else 409), enter results and attach the lab's PDF. Every
// read of a client's record and every write is audited, the write's entry in its transaction.
import type { FastifyInstance } from 'fastify';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { orderRoutes } from './orders-routes.ts';
import { labPartnerFrom } from './partner.ts';
import { reportPdfRoutes } from './report-pdf-routes.ts';
import { resultRoutes } from './results-routes.ts';
import { slotRoutes } from './slots-routes.ts';

export async function labRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db } = ctx;
  const mail: MailTransport = app.runtime.mail;
  // The built-in lab desk unless LAB_PARTNER_URL and LAB_PARTNER_KEY name a partner lab; then
  // bookings go to it after their commit and its statuses and results are polled by the labs
  // worker (server/jobs/index.ts; docs/labs.md).
  const partner = labPartnerFrom(process.env, db);

  catalogueRoutes(app, ctx);
  slotRoutes(app, ctx, mail);
  orderRoutes(app, ctx, mail, partner);
  resultRoutes(app, ctx, mail);
  reportPdfRoutes(app, ctx, mail);
}
