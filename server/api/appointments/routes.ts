// /api/v1/appointments/*: services, resources, hours, appointments and their transitions,
// availability, series, waitlist and packages. Authorization (issue «Scheduling core»):
// RECEPTION, ADMIN and SUPER_ADMIN book, reschedule and cancel any appointment; NURSE, DOCTOR,
// HEALTH_COACH and NUTRITIONIST see all and move the ones they deliver; a CLIENT books
// online-bookable services for themselves and sees only their own (another client's is 404);
// ADMIN and SUPER_ADMIN manage services, resources and hours. Every write is audited in its
// own transaction. The scheduling back office (backoffice.ts), the portal's visits
// (portal-visits.ts) and the portal bookings shown to staff (portal-bookings.ts) are registered here too.
import type { FastifyInstance } from 'fastify';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { appointmentListRoutes } from './appointments-routes.ts';
import { availabilityRoutes } from './availability-routes.ts';
import { schedulingBackofficeRoutes } from './backoffice.ts';
import { hoursRoutes } from './hours-routes.ts';
import { packageRoutes } from './packages-routes.ts';
import { listenToPackageInvoices } from './package-invoices.ts';
import { packageSaleRoutes } from './package-sales-routes.ts';
import { portalBookingRoutes } from './portal-bookings.ts';
import { portalVisitRoutes } from './portal-visits.ts';
import { resourceRoutes } from './resources-routes.ts';
import { seriesRoutes } from './series-routes.ts';
import { serviceRoutes } from './services-routes.ts';
import { waitlistRoutes } from './waitlist-routes.ts';

export async function appointmentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const mail: MailTransport = app.runtime.mail;
  // Reminders and notices after their change commits are jobs, run by the jobs module's worker
  // (server/jobs/index.ts). A package follows its invoice through billing's listeners.
  listenToPackageInvoices();

  serviceRoutes(app, ctx);
  resourceRoutes(app, ctx);
  hoursRoutes(app, ctx);
  appointmentListRoutes(app, ctx, mail);
  availabilityRoutes(app, ctx);
  seriesRoutes(app, ctx);
  waitlistRoutes(app, ctx, mail);
  packageRoutes(app, ctx);
  packageSaleRoutes(app, ctx);
  await schedulingBackofficeRoutes(app, ctx);
  await portalVisitRoutes(app, ctx);
  await portalBookingRoutes(app, ctx);
}
