// /api/v1/appointments/hours: the clinic's scheduling settings, opening hours, holidays and staff
// hours with their exceptions. Staff read them; ADMIN and SUPER_ADMIN change them.
import type { FastifyInstance } from 'fastify';
import { isValidTimeZone } from '../../../machines/appointments/scheduling-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole } from '../policy.ts';
import { findUserBrief, saveSchedulingHours, schedulingHours } from './data.ts';
import { requireOffset, type S } from './route-helpers.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

/** Reads and changes the hours; a change is checked whole before anything is written. */
export function hoursRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  app.get('/appointments/hours', { schema: contract.routeSchema('getSchedulingHours'), config: { access: { roles: 'staff', client: 'none' } } }, async () => {
    return schedulingHours(db);
  });

  app.patch<{ Body: S['SchedulingHoursPatch'] }>(
    '/appointments/hours',
    { schema: contract.routeSchema('patchSchedulingHours'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      if (body.time_zone !== undefined && !isValidTimeZone(body.time_zone)) throw badRequest('time_zone', T.badZone);
      (body.clinic_hours ?? []).forEach((h, i) => {
        if (h.closes <= h.opens) throw badRequest(`clinic_hours.${i}.closes`, T.endBeforeStart.replace('start', 'opens'));
      });
      for (const [i, s] of (body.staff_hours ?? []).entries()) {
        const member = await findUserBrief(db, s.staff);
        if (!member || isClientRole(member.role)) throw badRequest(`staff_hours.${i}.staff`, T.noStaff);
        s.weekly.forEach((w, j) => {
          if (w.ends <= w.starts) throw badRequest(`staff_hours.${i}.weekly.${j}.ends`, T.endBeforeStart);
        });
      }
      for (const [i, e] of (body.add_exceptions ?? []).entries()) {
        requireOffset(`add_exceptions.${i}.start`, e.start);
        requireOffset(`add_exceptions.${i}.end`, e.end);
        if (Date.parse(e.end) <= Date.parse(e.start)) throw badRequest(`add_exceptions.${i}.end`, T.endBeforeStart);
        const member = await findUserBrief(db, e.staff);
        if (!member || isClientRole(member.role)) throw badRequest(`add_exceptions.${i}.staff`, T.noStaff);
      }
      return withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
        await saveSchedulingHours(trx, body, caller.id);
        return schedulingHours(trx);
      });
    },
  );
}
