// /api/v1/appointments/series: a run of weekly appointments booked (or, dry, planned) at once by
// the booking roles. All or nothing unless only the free dates are asked for.
import type { FastifyInstance } from 'fastify';
import { compareDates } from '../../../machines/rules/calendar-dates.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole } from '../policy.ts';
import { bookingTransaction } from './booking.ts';
import { findService, findUserBrief, getSettings, insertSeries } from './data.ts';
import { lastBookableDay, type S } from './route-helpers.ts';
import { bookSeries, SeriesRefused } from './series.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

/** Books or plans a series; audited as appointment.series. */
export function seriesRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  app.post<{ Body: S['SeriesCreate'] }>(
    '/appointments/series',
    { schema: contract.routeSchema('createSeries'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const service = await findService(db, body.service);
      if (!service) throw badRequest('service', T.noService);
      if (!service.active) throw badRequest('service', T.inactiveService);
      const client = await findUserBrief(db, body.client);
      if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
      if (body.staff !== undefined) {
        const member = await findUserBrief(db, body.staff);
        if (!member || isClientRole(member.role)) throw badRequest('staff', T.noStaff);
        if (!service.delivered_by.includes(member.role)) throw badRequest('staff', T.mayNotDeliver(member.role));
      }
      const settings = await getSettings(db);
      if (compareDates(body.first_date, lastBookableDay(settings)) > 0) throw badRequest('first_date', T.beyondHorizon(settings.booking_horizon_days));
      const dryRun = body.dry_run === true;
      const DRY = Symbol('dry run');
      let planned: Awaited<ReturnType<typeof bookSeries>> | null = null;
      try {
        const result = await withAudit(
          db,
          { actor: caller, action: 'appointment.series', client: body.client, requestId: request.id },
          async (trx) => {
            const id = await insertSeries(trx, caller.id);
            const booked = await bookSeries(
              trx,
              settings,
              {
                client: body.client,
                service,
                staff: body.staff,
                first_date: body.first_date,
                weekdays: body.weekdays,
                time: body.time,
                count: body.count,
                only_free: body.only_free === true,
                channel: body.channel ?? 'in_clinic',
                notes: body.notes ?? '',
                package: body.package,
                bookedBy: caller.id,
                clientDuration: client.appointment_duration,
              },
              id,
            );
            if (dryRun) {
              planned = booked;
              throw DRY;
            }
            return { series: id, ...booked };
          },
          bookingTransaction,
        );
        reply.code(201);
        return { series: result.series, occurrences: result.occurrences, appointments: result.booked };
      } catch (error) {
        if (error === DRY && planned) {
          const p = planned as Awaited<ReturnType<typeof bookSeries>>;
          return {
            series: null,
            occurrences: p.occurrences.map((o) => ({ ...o, outcome: o.outcome === 'booked' ? 'free' : o.outcome, appointment: null })),
            appointments: [],
          };
        }
        if (error instanceof SeriesRefused) {
          if (dryRun) return { series: null, occurrences: error.occurrences, appointments: [] };
          return reply
            .code(409)
            .type('application/json; charset=utf-8')
            .send({ detail: error.detail, conflicts: error.occurrences.flatMap((o) => o.conflicts), occurrences: error.occurrences });
        }
        throw error;
      }
    },
  );
}
