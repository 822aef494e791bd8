// The portal's side of scheduling (issue 16): the rules a client books and cancels under, the
// answers given at booking (screening questions, pre-call form) stored with the appointment, and
// a video call's join link, given only from 10 minutes before its start. A client reads only their
// own appointment (another's answers 404, the attempt audited as denied); every read is audited.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { GRACE_AFTER_BOOKING_MINUTES } from '../../../machines/appointments/scheduling-rules.ts';
import { CREDIT_THERAPIES, JOIN_OPENS_MINUTES, joinIsOpen, joinOpensAt, joinUrl, paidFromCredits } from '../../../machines/clients/visit-preparation.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { type Caller, isClientRole, notFound } from '../policy.ts';
import { findAppointment, getSettings, type ServiceOut } from './data.ts';
import { PORTAL_BOOKING_TEXTS as T } from './portal-texts.ts';

/** A client books an in-clinic therapy online only from a package (whether it has a session left is the booking's own check). */
export function requireCredit(caller: Caller, service: ServiceOut, channel: string, pkg: number | undefined): void {
  if (isClientRole(caller.role) && channel === 'in_clinic' && paidFromCredits(service.therapy) && pkg === undefined) throw badRequest('package', T.noCredit);
}

/** Stores the answers given at booking with the appointment, in the booking's transaction. */
export async function saveAnswers(trx: Db, appointment: number, answers: Record<string, string> | undefined): Promise<void> {
  if (!answers || Object.keys(answers).length === 0) return;
  await trx
    .insertInto('appointment_answers')
    .values({ appointment_id: appointment, answers: JSON.stringify(answers) })
    .execute();
}

export async function portalVisitRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get(
    '/appointments/booking-rules',
    { schema: contract.routeSchema('getBookingRules'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async () => {
      const settings = await getSettings(db);
      return {
        time_zone: settings.time_zone,
        min_notice_minutes: settings.min_notice_minutes,
        late_cancel_hours: settings.late_cancel_hours,
        grace_minutes: GRACE_AFTER_BOOKING_MINUTES,
        join_opens_minutes: JOIN_OPENS_MINUTES,
        credit_therapies: [...CREDIT_THERAPIES],
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/appointments/appointments/:id/visit',
    { schema: contract.routeSchema('getAppointmentVisit'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const seen = await findAppointment(db, request.params.id);
      if (!seen) throw notFound();
      if (isClientRole(caller.role) && seen.client !== caller.id) {
        await refuse(db, { actor: caller, action: 'appointment.read', client: seen.client, requestId: request.id }, notFound());
      }
      return withAudit(db, { actor: caller, action: 'appointment.read', client: seen.client, requestId: request.id }, async (trx) => {
        const row = await trx.selectFrom('appointment_answers').select('answers').where('appointment_id', '=', seen.id).executeTakeFirst();
        const answers = row ? (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) : null;
        const video = seen.channel === 'video';
        const open = video && joinIsOpen(seen.start, seen.end, Date.now()) && !['cancelled', 'no_show', 'rescheduled', 'completed'].includes(seen.status);
        return {
          appointment: seen.id,
          answers,
          join_url: open ? joinUrl((await getSettings(trx)).video_link_template, seen.id) : null,
          join_opens_at: video ? joinOpensAt(seen.start) : null,
        };
      });
    },
  );
}
