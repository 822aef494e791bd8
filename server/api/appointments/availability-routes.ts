// /api/v1/appointments/availability: the free slots of a service over a range of days, within the
// clinic's booking horizon. A client sees only online-bookable services, with the minimum notice.
import type { FastifyInstance } from 'fastify';
import { compareDates, daysBetween } from '../../../machines/rules/calendar-dates.ts';
import { durationMinutes, findSlots, MAX_AVAILABILITY_DAYS } from '../../../machines/appointments/scheduling-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { isClientRole, notFound } from '../policy.ts';
import { loadCalendar, timingOf } from './calendar.ts';
import { findService, findUserBrief, getSettings } from './data.ts';
import { lastBookableDay } from './route-helpers.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

/** Answers which slots are free. */
export function availabilityRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  type AvailabilityQuery = { service: number; date_from: string; date_to: string; staff?: number; resource?: number };
  app.get<{ Querystring: AvailabilityQuery }>(
    '/appointments/availability',
    { schema: contract.routeSchema('getAvailability'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      // Days as numbers, the length checked before any range is built (the contract keeps both in its date window).
      const span = daysBetween(q.date_from, q.date_to);
      if (span < 0) throw badRequest('date_to', T.rangeBackwards);
      if (span + 1 > MAX_AVAILABILITY_DAYS) throw badRequest('date_to', T.rangeTooLong(MAX_AVAILABILITY_DAYS));
      const service = await findService(db, q.service);
      if (!service) throw badRequest('service', T.noService);
      if (isClientRole(caller.role) && !(service.active && service.bookable_online)) throw notFound();
      if (!service.active) throw badRequest('service', T.inactiveService);
      const settings = await getSettings(db);
      // Nothing past the booking horizon can be booked: a range starting there is refused, one running into it stops there.
      const lastBookable = lastBookableDay(settings);
      if (compareDates(q.date_from, lastBookable) > 0) throw badRequest('date_from', T.beyondHorizon(settings.booking_horizon_days));
      const to = compareDates(q.date_to, lastBookable) > 0 ? lastBookable : q.date_to;
      const calendar = await loadCalendar(db, settings, service, { from: q.date_from, to }, { staff: q.staff, resource: q.resource });
      const online = isClientRole(caller.role);
      const client = online ? await findUserBrief(db, caller.id) : undefined;
      const slots = findSlots({
        zone: settings.time_zone,
        dates: calendar.dates,
        gridMinutes: settings.slot_minutes,
        timing: timingOf(service, durationMinutes(client?.appointment_duration)),
        clinicOpen: calendar.clinicOpen,
        staff: calendar.staff,
        pools: calendar.pools,
        earliest: Date.now() + (online ? settings.min_notice_minutes * 60_000 : 0),
      });
      return {
        service: service.id,
        time_zone: settings.time_zone,
        slot_minutes: settings.slot_minutes,
        slots: slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString(), staff: s.staff, resources: s.resources })),
      };
    },
  );
}
