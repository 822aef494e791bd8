// Booking one appointment: the friendly checks first (opening hours, who may deliver, who is
// working, which units are free) so the caller hears which field is wrong or what is in the way;
// then the insert, where the exclusion constraints settle any race the checks could not see.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import {
  durationMinutes,
  freeUnits,
  type Interval,
  localTime,
  occupied,
  overlaps,
  type ServiceTiming,
} from '../../../machines/appointments/scheduling-rules.ts';
import type { AppointmentStatus } from '../../../machines/appointments/appointment-lifecycle.ts';
import { enqueueReminders } from '../../jobs/reminders.ts';
import { type AppointmentOut, findAppointment, findPackage, findUserBrief, recordStatus, type SchedulingSettings, type ServiceOut } from './data.ts';
import { loadCalendar, timingOf } from './calendar.ts';
import { usablePackagesFor } from './package-sales.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';
import { wordsInSentence } from '../../../machines/rules/words.ts';
import { isClientRole } from '../policy.ts';

export interface Conflict {
  kind: 'staff' | 'resource';
  id: number;
  start: string;
  end: string;
}

/** A 409 that names what is in the way: `{detail, conflicts}`. */
export class SchedulingConflict extends Error {
  constructor(
    readonly detail: string,
    readonly conflicts: Conflict[],
  ) {
    super(detail);
  }
}

export interface BookingRequest {
  client: number;
  service: ServiceOut;
  staff?: number;
  start: string;
  end?: string;
  channel: 'in_clinic' | 'video' | 'phone';
  notes: string;
  package?: number;
  /**
   * Staff booking a therapy for a client who holds a package of it, naming none: the session is
   * drawn from that package (issue 32: the desk books, the package shows one session fewer).
   */
  drawFromPackage?: boolean;
  status: Extract<AppointmentStatus, 'requested' | 'booked'>;
  series?: number;
  rescheduledFrom?: number;
  bookedBy: number;
  /** Online booking by the client: minimum notice applies. */
  online: boolean;
}

export interface BookingPlan {
  staff: number;
  resources: number[];
  start: number;
  end: number;
  held: Interval;
}

const iso = (t: number) => new Date(t).toISOString();

/** Checks a booking against hours, roles, calendars and pools; throws 400 or SchedulingConflict. */
export async function planBooking(db: Db, settings: SchedulingSettings, req: BookingRequest, now = Date.now()): Promise<BookingPlan> {
  const client = await findUserBrief(db, req.client);
  if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
  const start = Date.parse(req.start);
  let timing: ServiceTiming = timingOf(req.service, durationMinutes(client.appointment_duration));
  if (req.end !== undefined) {
    const end = Date.parse(req.end);
    if (end <= start) throw badRequest('end', T.endBeforeStart);
    timing = { ...timing, durationMinutes: Math.round((end - start) / 60_000) };
  }
  if (start <= now) throw badRequest('start', T.inThePast);
  if (start > now + settings.booking_horizon_days * 86_400_000) throw badRequest('start', T.beyondHorizon(settings.booking_horizon_days));
  if (req.online && start < now + settings.min_notice_minutes * 60_000) throw badRequest('start', T.tooSoon(settings.min_notice_minutes));
  const end = start + timing.durationMinutes * 60_000;
  const held = occupied(start, timing);

  let staffRole: string | undefined;
  if (req.staff !== undefined) {
    const member = await findUserBrief(db, req.staff);
    if (!member || isClientRole(member.role) || !member.is_active) throw badRequest('staff', T.noStaff);
    staffRole = member.role;
    if (!req.service.delivered_by.includes(member.role)) throw badRequest('staff', T.mayNotDeliver(member.role));
  }
  const day = localTime(settings.time_zone, start).date;
  const calendar = await loadCalendar(db, settings, req.service, { from: day, to: day }, { staff: req.staff });
  if (!calendar.clinicOpen.some((w) => w.start <= held.start && held.end <= w.end)) throw badRequest('start', T.outsideHours);

  const conflicts: Conflict[] = [];
  const working = calendar.staff.filter((s) => s.working.some((w) => w.start <= held.start && held.end <= w.end));
  if (req.staff !== undefined && working.length === 0) throw badRequest('staff', staffRole ? T.notWorking : T.noStaff);
  const free = working.filter((s) => !s.busy.some((b) => overlaps(b, held)));
  if (free.length === 0) {
    for (const s of working)
      for (const b of s.busy.filter((b) => overlaps(b, held))) conflicts.push({ kind: 'staff', id: s.id, start: iso(b.start), end: iso(b.end) });
  }
  const resources: number[] = [];
  const short: string[] = [];
  for (const pool of calendar.pools) {
    const units = freeUnits(pool, held);
    if (units) resources.push(...units.slice(0, pool.units));
    else {
      short.push(pool.kind);
      for (const m of pool.members)
        for (const b of m.busy.filter((b) => overlaps(b, held))) conflicts.push({ kind: 'resource', id: m.id, start: iso(b.start), end: iso(b.end) });
    }
  }
  if (free.length === 0 || short.length) {
    const detail = free.length === 0 ? (req.staff !== undefined ? T.staffTaken : T.nobodyFree) : T.resourceTaken(short.map(wordsInSentence).join(', '));
    throw new SchedulingConflict(detail, conflicts);
  }
  return { staff: free[0].id, resources, start, end, held };
}

const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a booking transaction, again when PostgreSQL broke a deadlock. Two inserts that violate
 * the same exclusion constraint at the same moment each wait for the other (both index entries
 * exist before either checks), and PostgreSQL cancels one of them: the retry then sees the
 * winner's committed row and answers 409 like any other conflict.
 */
export async function bookingTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

function isExclusionViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23P01';
}

/** The package a session is drawn from: the first usable on the day (the client's own before a family member's shareable one, the soonest to expire first); none when there is none. */
async function packageToDraw(trx: Db, req: BookingRequest, day: string): Promise<number | undefined> {
  return (await usablePackagesFor(trx, req.client, req.service.therapy, day))[0]?.id;
}

/** Writes a planned booking: the row, its units, its first status, its reminders. */
export async function insertBooking(trx: Db, settings: SchedulingSettings, req: BookingRequest, plan: BookingPlan): Promise<AppointmentOut> {
  const day = localTime(settings.time_zone, plan.start).date;
  if (req.package === undefined && req.drawFromPackage) req = { ...req, package: await packageToDraw(trx, req, day) };
  if (req.package !== undefined) {
    const pkg = await findPackage(trx, req.package, true);
    const usable = pkg ? await usablePackagesFor(trx, req.client, req.service.therapy, day) : [];
    // Another client's package is named only when it is shared with this client's family.
    if (!pkg || (pkg.client !== req.client && !(pkg.shareable_in_family && usable.some((p) => p.id === pkg.id)))) throw badRequest('package', T.noPackage);
    if (pkg.therapy !== req.service.therapy) throw badRequest('package', T.packageTherapy);
    if (!usable.some((p) => p.id === pkg.id))
      throw badRequest('package', pkg.sessions_left <= 0 || pkg.status === 'expired' ? T.packageUsedUp : T.packageNotUsable(pkg.status));
  }
  let id: number;
  try {
    const row = await trx
      .insertInto('appointments')
      .values({
        client_id: req.client,
        service_id: req.service.id,
        staff_id: plan.staff,
        starts_at: new Date(plan.start),
        ends_at: new Date(plan.end),
        occupied_from: new Date(plan.held.start),
        occupied_to: new Date(plan.held.end),
        channel: req.channel,
        booked_by: req.bookedBy,
        notes: req.notes,
        series_id: req.series ?? null,
        rescheduled_from: req.rescheduledFrom ?? null,
        package_id: req.package ?? null,
        status: req.status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    if (plan.resources.length) {
      await trx
        .insertInto('appointment_resources')
        .values(
          plan.resources.map((resource_id) => ({
            appointment_id: id,
            resource_id,
            occupied_from: new Date(plan.held.start),
            occupied_to: new Date(plan.held.end),
          })),
        )
        .execute();
    }
  } catch (error) {
    // Someone else's booking committed between our check and our insert.
    if (isExclusionViolation(error)) throw new SchedulingConflict(T.conflict, []);
    throw error;
  }
  await recordStatus(trx, id, null, req.status, req.bookedBy, '');
  const created = (await findAppointment(trx, id))!;
  await enqueueReminders(trx, created, settings.reminder_hours);
  return created;
}

/**
 * Takes the clinic days a held span touches, in date order, for the rest of the transaction.
 * Bookings on the same day queue here instead of racing into the exclusion constraints (where
 * two conflicting inserts deadlock and PostgreSQL waits a second to break it); the constraints
 * stay the guarantee, the lock keeps the common case fast and friendly.
 */
async function lockDays(trx: Db, zone: string, held: Interval): Promise<void> {
  const days = [...new Set([localTime(zone, held.start).date, localTime(zone, held.end).date])].sort();
  for (const day of days) await sql`select pg_advisory_xact_lock(hashtextextended(${`booking:${day}`}, 0))`.execute(trx);
}

/** Plans, takes the day, plans again on what is committed now, and writes, in the caller's transaction. */
export async function book(trx: Db, settings: SchedulingSettings, req: BookingRequest): Promise<AppointmentOut> {
  const first = await planBooking(trx, settings, req);
  await lockDays(trx, settings.time_zone, first.held);
  return insertBooking(trx, settings, req, await planBooking(trx, settings, req));
}

/** The race loser's answer: re-check on the committed data to name what won. */
export async function explainConflict(db: Db, settings: SchedulingSettings, req: BookingRequest, error: SchedulingConflict): Promise<SchedulingConflict> {
  if (error.conflicts.length) return error;
  try {
    await planBooking(db, settings, req);
  } catch (again) {
    if (again instanceof SchedulingConflict) return again;
  }
  return error;
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
