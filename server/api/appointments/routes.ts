// /api/v1/appointments/*: services, resources, hours, appointments and their transitions,
// availability, series, waitlist and packages. Authorization (issue «Scheduling core»):
// RECEPTION, ADMIN and SUPER_ADMIN book, reschedule and cancel any appointment; NURSE, DOCTOR,
// HEALTH_COACH and NUTRITIONIST see all and move the ones they deliver; a CLIENT books
// online-bookable services for themselves and sees only their own (another client's is 404);
// ADMIN and SUPER_ADMIN manage services, resources and hours. Every write is audited in its
// own transaction. The scheduling back office (backoffice.ts), the portal's visits
// (portal-visits.ts) and the portal bookings shown to staff (portal-bookings.ts) are registered here too.
import type { FastifyInstance } from 'fastify';
import { NOTICE_JOB, noticeHandler } from '../../jobs/notices.ts';
import { reminderHandler, REMINDER_JOB } from '../../jobs/reminders.ts';
import { startWorker } from '../../jobs/queue.ts';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { appointmentListRoutes } from './appointments-routes.ts';
import { availabilityRoutes } from './availability-routes.ts';
import { schedulingBackofficeRoutes } from './backoffice.ts';
import { hoursRoutes } from './hours-routes.ts';
import { packageRoutes } from './packages-routes.ts';
import { portalBookingRoutes } from './portal-bookings.ts';
import { portalVisitRoutes } from './portal-visits.ts';
import { resourceRoutes } from './resources-routes.ts';
import { seriesRoutes } from './series-routes.ts';
import { serviceRoutes } from './services-routes.ts';
import { waitlistRoutes } from './waitlist-routes.ts';

export async function appointmentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db } = ctx;
  const mail: MailTransport = app.runtime.mail;

  // Reminders and notices sent after their change commits (SMTP): the queue is polled by every
  // server process; SKIP LOCKED shares the work.
  // SCHEDULING_JOBS_POLL_MS (0 turns the worker off) and SCHEDULING_JOBS_BATCH (jobs per tick).
  const pollMs = Number(process.env.SCHEDULING_JOBS_POLL_MS ?? 5000);
  if (pollMs > 0) {
    const batch = Number(process.env.SCHEDULING_JOBS_BATCH ?? 100);
    const worker = startWorker(db, { [REMINDER_JOB]: reminderHandler(mail), [NOTICE_JOB]: noticeHandler(mail) }, { intervalMs: pollMs, batch, log: app.log });
    app.addHook('onClose', () => worker.stop());
  }

  serviceRoutes(app, ctx);
  resourceRoutes(app, ctx);
  hoursRoutes(app, ctx);
  appointmentListRoutes(app, ctx, mail);
  availabilityRoutes(app, ctx);
  seriesRoutes(app, ctx);
  waitlistRoutes(app, ctx, mail);
  packageRoutes(app, ctx);
  await schedulingBackofficeRoutes(app, ctx);
  await portalVisitRoutes(app, ctx);
  await portalBookingRoutes(app, ctx);
}
