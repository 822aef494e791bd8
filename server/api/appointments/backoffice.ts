// The scheduling back office's own operations (issue 16): the package catalogue and its sale to
// a client, and the impact check that comes before a change to a service or to hours: which
// booked appointments the change would leave outside the clinic's rules, and cancelling those
// (with a message to each client) when the administrator chooses to. Previews write nothing;
// every write commits with its audit entries.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { deliverWith } from '../../jobs/notices.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import { hasUtcOffset, type Interval, isValidTimeZone } from '../../../machines/appointments/scheduling-rules.ts';
import { type BookedAppointment, hoursImpact, serviceImpact, type StaffRules } from '../../../machines/appointments/impact-rules.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import {
  type AppointmentOut,
  clinicHoursText,
  findAppointment,
  findService,
  findUserBrief,
  getSettings,
  holidayDays,
  staffBusyAhead,
  staffExceptions,
  staffWeeklyHours,
} from './data.ts';
import { BACKOFFICE_TEXTS, SCHEDULING_TEXTS as T } from './texts.ts';
import { moveAppointment } from './transitions.ts';
import { packagePlanRoutes } from './package-plans-routes.ts';

type S = components['schemas'];

export { BACKOFFICE_TEXTS } from './texts.ts';

/** An impact list shows this many appointments in full; `total` counts them all. */
export const IMPACT_LIST_LIMIT = 200;
/** Statuses still ahead of the client: the ones a rule change can break. */
const AHEAD = sql`a.status in ('requested', 'booked', 'confirmed')`;

const ms = (v: unknown) => new Date(v as string).getTime();

/** Booked appointments from now on, with their staff member's role and the kinds of units held. */
async function bookedAhead(db: Db, where: ReturnType<typeof sql>): Promise<BookedAppointment[]> {
  const { rows } = await sql<{
    id: number;
    staff: number;
    role: string;
    starts_at: string;
    ends_at: string;
    occupied_from: string;
    occupied_to: string;
    kinds: string[];
  }>`
    select a.id, a.staff_id as staff, u.role, a.starts_at, a.ends_at, a.occupied_from, a.occupied_to,
      coalesce((select array_agg(r.kind order by r.kind) from appointment_resources ar join resources r on r.id = ar.resource_id
        where ar.appointment_id = a.id), '{}') as kinds
    from appointments a join users u on u.id = a.staff_id
    where ${AHEAD} and a.starts_at >= now() and ${where}
    order by a.starts_at, a.id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    staff: r.staff,
    staffRole: r.role,
    start: ms(r.starts_at),
    end: ms(r.ends_at),
    occupiedFrom: ms(r.occupied_from),
    occupiedTo: ms(r.occupied_to),
    heldKinds: r.kinds,
  }));
}

async function impactOut(db: Db, impacts: Array<{ id: number; reasons: string[] }>): Promise<S['SchedulingImpact']> {
  const shown = impacts.slice(0, IMPACT_LIST_LIMIT);
  const appointments = [];
  for (const i of shown) appointments.push({ appointment: (await findAppointment(db, i.id))!, reasons: i.reasons });
  return { total: impacts.length, appointments };
}

/** The weekly hours, leave and extra shifts of these staff members as they stand. */
async function staffRulesOf(db: Db, ids: number[]): Promise<Map<number, StaffRules>> {
  const rules = new Map<number, StaffRules>(ids.map((id) => [id, { weekly: [], leave: [], extra: [] }]));
  if (!ids.length) return rules;
  const [weekly, exceptions] = await Promise.all([
    db
      .selectFrom('staff_hours')
      .select(['staff_id', 'weekday', sql<string>`starts::text`.as('opens'), sql<string>`ends::text`.as('closes')])
      .where('staff_id', 'in', ids)
      .execute(),
    db.selectFrom('staff_hour_exceptions').select(['staff_id', 'kind', 'starts_at', 'ends_at']).where('staff_id', 'in', ids).execute(),
  ]);
  for (const w of weekly) rules.get(w.staff_id)!.weekly.push({ weekday: w.weekday, opens: w.opens, closes: w.closes });
  for (const e of exceptions) rules.get(e.staff_id)![e.kind === 'leave' ? 'leave' : 'extra'].push({ start: ms(e.starts_at), end: ms(e.ends_at) });
  return rules;
}

function requireOffset(field: string, value: string): void {
  if (!hasUtcOffset(value)) throw badRequest(field, T.noOffset);
}

export async function schedulingBackofficeRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const mail = app.runtime.mail;

  packagePlanRoutes(app, ctx);

  // --- impact of a change -----------------------------------------------------------------
  app.post<{ Params: { id: number }; Body: S['ServicePatch'] }>(
    '/appointments/services/:id/impact',
    { schema: contract.routeSchema('previewServiceImpact'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const current = await findService(db, request.params.id);
      if (!current) throw notFound();
      const next = { ...current, ...request.body };
      const booked = await bookedAhead(db, sql`a.service_id = ${current.id}`);
      const staffIds = [...new Set(booked.map((a) => a.staff))];
      const busy = new Map<number, Array<Interval & { id: number }>>();
      if (staffIds.length) {
        const rows = await staffBusyAhead(db, staffIds);
        for (const r of rows) busy.set(r.staff, [...(busy.get(r.staff) ?? []), { id: r.id, start: ms(r.f), end: ms(r.t) }]);
      }
      const staffRules = await staffRulesOf(db, staffIds);
      const settings = await getSettings(db);
      const [clinicHours, holidays] = await Promise.all([clinicHoursText(db), holidayDays(db)]);
      const hours = { zone: settings.time_zone, clinicHours, holidays: new Set(holidays.map((h) => h.day)), staff: staffRules };
      return impactOut(db, serviceImpact(next, booked, busy, hours));
    },
  );

  app.post<{ Body: S['SchedulingHoursPatch'] }>(
    '/appointments/hours/impact',
    { schema: contract.routeSchema('previewHoursImpact'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const b = request.body;
      if (b.time_zone !== undefined && !isValidTimeZone(b.time_zone)) throw badRequest('time_zone', T.badZone);
      (b.add_exceptions ?? []).forEach((e, i) => {
        requireOffset(`add_exceptions.${i}.start`, e.start);
        requireOffset(`add_exceptions.${i}.end`, e.end);
        if (Date.parse(e.end) <= Date.parse(e.start)) throw badRequest(`add_exceptions.${i}.end`, T.endBeforeStart);
      });
      const settings = await getSettings(db);
      const [clinicHours, holidays, exceptions] = await Promise.all([
        b.clinic_hours ?? clinicHoursText(db),
        b.holidays ?? holidayDays(db),
        staffExceptions(db),
      ]);
      const removed = new Set(b.remove_exceptions ?? []);
      const changedStaff = new Set<number>([
        ...(b.staff_hours ?? []).map((s) => s.staff),
        ...(b.add_exceptions ?? []).map((e) => e.staff),
        ...exceptions.filter((e) => removed.has(e.id)).map((e) => e.staff_id),
      ]);
      const staff = new Map<number, StaffRules>();
      for (const id of changedStaff) {
        const given = b.staff_hours?.find((s) => s.staff === id);
        const weekly = given ? given.weekly.map((w) => ({ weekday: w.weekday, opens: w.starts, closes: w.ends })) : await staffWeeklyHours(db, id);
        const kept = exceptions
          .filter((e) => e.staff_id === id && !removed.has(e.id))
          .map((e) => ({ kind: e.kind, start: ms(e.starts_at), end: ms(e.ends_at) }));
        const added = (b.add_exceptions ?? []).filter((e) => e.staff === id).map((e) => ({ kind: e.kind, start: Date.parse(e.start), end: Date.parse(e.end) }));
        const all = [...kept, ...added];
        staff.set(id, { weekly, leave: all.filter((e) => e.kind === 'leave'), extra: all.filter((e) => e.kind === 'extra') });
      }
      const clinicWide = b.clinic_hours !== undefined || b.holidays !== undefined || b.time_zone !== undefined;
      if (!clinicWide && staff.size === 0) return { total: 0, appointments: [] };
      const scope = clinicWide ? sql`true` : sql`a.staff_id = any(${sql.val([...staff.keys()])}::int[])`;
      const booked = await bookedAhead(db, scope);
      const rules = { zone: b.time_zone ?? settings.time_zone, clinicHours, holidays: new Set(holidays.map((h) => h.day)), staff };
      return impactOut(db, hoursImpact(rules, booked));
    },
  );

  app.post<{ Body: S['ImpactedCancel'] }>(
    '/appointments/impacted/cancel',
    { schema: contract.routeSchema('cancelImpactedAppointments'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest('reason', T.reasonRequired);
      const ids = [...new Set(request.body.appointments)];
      for (const [i, id] of ids.entries()) {
        const found = await findAppointment(db, id);
        if (!found) throw badRequest(`appointments.${i}`, 'No such appointment.');
        if (!['requested', 'booked', 'confirmed'].includes(found.status) || Date.parse(found.start) <= Date.now())
          throw badRequest(`appointments.${i}`, BACKOFFICE_TEXTS.notCancellable);
      }
      const settings = await getSettings(db);
      const cancelled = await withAudit<AppointmentOut[]>(
        db,
        { actor: caller, action: 'appointment.transition', client: (out) => out.map((a) => a.client), requestId: request.id },
        async (trx) => {
          const out = [];
          for (const id of ids) {
            const { appointment } = await moveAppointment(trx, mail, settings, caller, id, { to: 'cancelled', reason, cancelled_by: 'clinic' });
            const client = (await findUserBrief(trx, appointment.client))!;
            // In this transaction: the notice leaves only if the cancellation commits.
            await deliverWith(trx, mail, `cancelled:${appointment.id}`, {
              channel: 'email',
              to: client.email,
              subject: BACKOFFICE_TEXTS.cancelledSubject,
              body: BACKOFFICE_TEXTS.cancelled(await readClinicName(trx), appointment.service_name, await clinicWhen(trx, appointment.start), reason),
            });
            out.push(appointment);
          }
          return out;
        },
      );
      return { cancelled };
    },
  );
}
