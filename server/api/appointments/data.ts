// Scheduling's data access: settings, services, resources, hours, appointments (with their
// resource units and status history) and packages. Every function takes the caller's
// transaction (or the pool) so a write and its audit entry commit together.
import { PACKAGE_SALE_SELECT, packageSaleOut } from './package-select.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { components } from '../../../openapi/generated/api.ts';
import type { AppointmentStatus } from '../../../machines/appointments/appointment-lifecycle.ts';
import type { Role } from '../../../machines/guard/roles.ts';

export interface SchedulingSettings {
  time_zone: string;
  slot_minutes: number;
  late_cancel_hours: number;
  /** Check-in opens this many hours before an appointment's start. */
  check_in_window_hours: number;
  min_notice_minutes: number;
  booking_horizon_days: number;
  reminder_hours: number[];
  reminder_channel: 'email' | 'sms';
  video_link_template: string;
  /** A no-show or a late client cancellation forfeits the package credit it intended (issue 35). */
  late_cancel_forfeits_credit: boolean;
}

// Response shapes come from the contract, never hand-written twins.
type Schemas = components['schemas'];
export type ResourceNeed = Schemas['ResourceNeed'];

export type ServiceOut = Schemas['Service'];

export type ResourceOut = Schemas['Resource'];

export type AppointmentOut = Schemas['Appointment'];

export type StatusChange = Schemas['AppointmentDetail']['history'][number];

const iso = (v: unknown): string => new Date(v as string).toISOString();

export async function getSettings(db: Db): Promise<SchedulingSettings> {
  const row = await db
    .selectFrom('scheduling_settings')
    .select([
      'time_zone',
      'slot_minutes',
      'late_cancel_hours',
      'check_in_window_hours',
      'min_notice_minutes',
      'booking_horizon_days',
      'reminder_hours',
      'reminder_channel',
      'video_link_template',
      'late_cancel_forfeits_credit',
    ])
    .executeTakeFirstOrThrow();
  return { ...row, reminder_hours: (row.reminder_hours as number[]).map(Number), video_link_template: row.video_link_template ?? '' };
}

function serviceOut(r: any): ServiceOut {
  return {
    id: r.id,
    name: r.name,
    therapy: r.therapy,
    duration_minutes: r.duration_minutes,
    buffer_before_minutes: r.buffer_before_minutes,
    buffer_after_minutes: r.buffer_after_minutes,
    resources_needed: typeof r.resources_needed === 'string' ? JSON.parse(r.resources_needed) : r.resources_needed,
    delivered_by: r.delivered_by,
    price_inr: r.price_inr,
    bookable_online: r.bookable_online,
    active: r.active,
  };
}

const SERVICE_COLUMNS = [
  'id',
  'name',
  'therapy',
  'duration_minutes',
  'buffer_before_minutes',
  'buffer_after_minutes',
  'resources_needed',
  'delivered_by',
  'price_inr',
  'bookable_online',
  'active',
] as const;

export async function listServices(db: Db, onlyOnline: boolean): Promise<ServiceOut[]> {
  let q = db
    .selectFrom('services')
    .select([...SERVICE_COLUMNS])
    .orderBy('name')
    .orderBy('id');
  if (onlyOnline) q = q.where('active', '=', true).where('bookable_online', '=', true);
  return (await q.execute()).map(serviceOut);
}

export async function findService(db: Db, id: number): Promise<ServiceOut | undefined> {
  const r = await db
    .selectFrom('services')
    .select([...SERVICE_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
  return r && serviceOut(r);
}

export type ServiceFields = Partial<Omit<ServiceOut, 'id'>>;

// jsonb and text[] are written as SQL fragments, which the table types cannot express.
function serviceRow(f: ServiceFields): any {
  const row: Record<string, unknown> = { ...f };
  if (f.resources_needed) row.resources_needed = JSON.stringify(f.resources_needed);
  if (f.delivered_by) row.delivered_by = sql`${sql.val(f.delivered_by)}::text[]`;
  return row;
}

export async function insertService(db: Db, f: ServiceFields): Promise<ServiceOut> {
  const { id } = await db.insertInto('services').values(serviceRow(f)).returning('id').executeTakeFirstOrThrow();
  return (await findService(db, id))!;
}

export async function updateService(db: Db, id: number, f: ServiceFields): Promise<ServiceOut> {
  await db
    .updateTable('services')
    .set({ ...serviceRow(f), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return (await findService(db, id))!;
}

export async function knownKinds(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('resource_kinds').select('kind').execute()).map((r) => r.kind as string));
}

export async function listResources(db: Db): Promise<ResourceOut[]> {
  return db.selectFrom('resources').select(['id', 'name', 'kind', 'active']).orderBy('kind').orderBy('name').orderBy('id').execute();
}

export async function findResource(db: Db, id: number): Promise<ResourceOut | undefined> {
  return db.selectFrom('resources').select(['id', 'name', 'kind', 'active']).where('id', '=', id).executeTakeFirst();
}

export async function listKinds(db: Db): Promise<Array<{ kind: string; label: string }>> {
  return db.selectFrom('resource_kinds').select(['kind', 'label']).orderBy('kind').execute();
}

const APPOINTMENT_COLUMNS = sql`
  a.id, a.client_id as client, a.service_id as service, s.name as service_name, s.therapy,
  a.staff_id as staff, a.starts_at, a.ends_at, a.occupied_from, a.occupied_to, a.channel,
  a.booked_by, a.notes, a.series_id as series, a.rescheduled_from, a.rescheduled_to,
  a.package_id as package, a.status, a.cancelled_by, a.late_cancellation, a.status_reason,
  a.created_at, a.updated_at,
  (select json_build_object('id', v.id, 'status', v.status, 'signed_by', v.signed_by, 'signed_by_name', su.first_name || ' ' || su.last_name, 'signed_at', v.signed_at)
     from therapy_visits v left join users su on su.id = v.signed_by where v.appointment_id = a.id) as chart,
  coalesce((select array_agg(r.resource_id order by r.resource_id) from appointment_resources r where r.appointment_id = a.id), '{}') as resources`;

function chartOut(c: any): AppointmentOut['chart'] {
  if (c === null || c === undefined) return null;
  const chart = typeof c === 'string' ? JSON.parse(c) : c;
  return {
    ...chart,
    signed_by_name: chart.signed_by === null ? null : chart.signed_by_name,
    signed_at: chart.signed_at === null ? null : iso(chart.signed_at),
  };
}

function appointmentOut(r: any): AppointmentOut {
  const { starts_at, ends_at, ...rest } = r;
  return {
    ...rest,
    chart: chartOut(r.chart),
    resources: (r.resources as Array<number | string>).map(Number),
    start: iso(starts_at),
    end: iso(ends_at),
    occupied_from: iso(r.occupied_from),
    occupied_to: iso(r.occupied_to),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export interface AppointmentQuery {
  client?: number;
  staff?: number;
  resource?: number;
  status?: string;
  start_after?: string;
  start_before?: string;
  limit: number;
}

export async function listAppointments(db: Db, q: AppointmentQuery): Promise<AppointmentOut[]> {
  const where = [sql`true`];
  if (q.client !== undefined) where.push(sql`a.client_id = ${q.client}`);
  if (q.staff !== undefined) where.push(sql`a.staff_id = ${q.staff}`);
  if (q.resource !== undefined) where.push(sql`exists (select 1 from appointment_resources r where r.appointment_id = a.id and r.resource_id = ${q.resource})`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.start_after) where.push(sql`a.starts_at >= ${q.start_after}::timestamptz`);
  if (q.start_before) where.push(sql`a.starts_at < ${q.start_before}::timestamptz`);
  const { rows } = await sql`
    select ${APPOINTMENT_COLUMNS} from appointments a join services s on s.id = a.service_id
    where ${sql.join(where, sql` and `)} order by a.starts_at, a.id limit ${q.limit}`.execute(db);
  return rows.map(appointmentOut);
}

export async function findAppointment(db: Db, id: number, forUpdate = false): Promise<AppointmentOut | undefined> {
  const { rows } = await sql`
    select ${APPOINTMENT_COLUMNS} from appointments a join services s on s.id = a.service_id
    where a.id = ${id} ${forUpdate ? sql`for update of a` : sql``}`.execute(db);
  return rows[0] ? appointmentOut(rows[0]) : undefined;
}

export async function statusHistory(db: Db, id: number): Promise<StatusChange[]> {
  const rows = await db
    .selectFrom('appointment_status_history')
    .select(['from_status', 'to_status', 'changed_by', 'changed_at', 'reason'])
    // Who changed it, as the clinic knows them (never "Staff 69"; issue 32); null when the user is gone.
    .select(sql<string | null>`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = changed_by)`.as('by_name'))
    .where('appointment_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ from: r.from_status, to: r.to_status, by: r.changed_by, by_name: r.by_name, at: iso(r.changed_at), reason: r.reason }));
}

export async function recordStatus(db: Db, id: number, from: AppointmentStatus | null, to: AppointmentStatus, by: number, reason: string): Promise<void> {
  await db.insertInto('appointment_status_history').values({ appointment_id: id, from_status: from, to_status: to, changed_by: by, reason }).execute();
}

export type PackageOut = Schemas['Package'];

// Used: credits taken (at check-in, or forfeited). Held: appointments not yet checked in that
// name the package, an intent and not a claim (issue 35). Left: what later bookings may still
// count on; a check-in may take a credit another booking intended, so it never goes below 0.
const PACKAGE_SELECT = sql`
  p.id, p.client_id as client, p.therapy, p.sessions_total, p.sessions_used, p.expires_on::text as expires_on,
  (select count(*)::int from appointments a where a.package_id = p.id
     and a.status in ('requested', 'booked', 'confirmed')) as sessions_held,
  ${PACKAGE_SALE_SELECT}`;

function packageOut(r: any): PackageOut {
  return packageSaleOut({ ...r, sessions_left: Math.max(0, r.sessions_total - r.sessions_used - r.sessions_held) }) as PackageOut;
}

export async function listPackages(db: Db, client?: number): Promise<PackageOut[]> {
  const { rows } = await sql`select ${PACKAGE_SELECT} from packages p
    where ${client === undefined ? sql`true` : sql`p.client_id = ${client}`} order by p.id`.execute(db);
  return rows.map(packageOut);
}

export async function findPackage(db: Db, id: number, forUpdate = false): Promise<PackageOut | undefined> {
  const { rows } = await sql`select ${PACKAGE_SELECT} from packages p where p.id = ${id} ${forUpdate ? sql`for update of p` : sql``}`.execute(db);
  return rows[0] ? packageOut(rows[0]) : undefined;
}

export interface UserBrief {
  id: number;
  role: Role;
  email: string;
  phone_number: string | null;
  is_active: boolean;
  appointment_duration: string | null;
}

export async function findUserBrief(db: Db, id: number): Promise<UserBrief | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.role', 'u.email', 'u.phone_number', 'u.is_active', 'p.appointment_duration'])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** A new resource, its kind created on first use (labelled from its key unless named). */
export async function insertResource(db: Db, r: Schemas['ResourceCreate']): Promise<ResourceOut> {
  await db
    .insertInto('resource_kinds')
    .values({ kind: r.kind, label: r.kind_label ?? r.kind.replace(/_/g, ' ') })
    .onConflict((oc) => oc.column('kind').doNothing())
    .execute();
  return db
    .insertInto('resources')
    .values({ name: r.name, kind: r.kind, active: r.active ?? true })
    .returning(['id', 'name', 'kind', 'active'])
    .executeTakeFirstOrThrow();
}

export async function updateResource(db: Db, id: number, fields: Schemas['ResourcePatch']): Promise<ResourceOut> {
  await db.updateTable('resources').set(fields).where('id', '=', id).execute();
  return (await findResource(db, id))!;
}

/** The clinic's settings with its opening hours, holidays, staff hours and their exceptions. */
export async function schedulingHours(q: Db) {
  const settings = await getSettings(q);
  const [clinicHours, holidays, staffHours, exceptions] = await Promise.all([
    q
      .selectFrom('clinic_hours')
      .select(['weekday', sql<string>`to_char(opens, 'HH24:MI')`.as('opens'), sql<string>`to_char(closes, 'HH24:MI')`.as('closes')])
      .orderBy('weekday')
      .orderBy('opens')
      .execute(),
    q
      .selectFrom('clinic_holidays')
      .select([sql<string>`day::text`.as('day'), 'name'])
      .orderBy('day')
      .execute(),
    q
      .selectFrom('staff_hours')
      .select(['staff_id as staff', 'weekday', sql<string>`to_char(starts, 'HH24:MI')`.as('starts'), sql<string>`to_char(ends, 'HH24:MI')`.as('ends')])
      .orderBy('staff_id')
      .orderBy('weekday')
      .orderBy('starts')
      .execute(),
    q.selectFrom('staff_hour_exceptions').select(['id', 'staff_id as staff', 'kind', 'starts_at', 'ends_at', 'note']).orderBy('starts_at').execute(),
  ]);
  return {
    ...settings,
    clinic_hours: clinicHours,
    holidays,
    staff_hours: staffHours,
    staff_exceptions: exceptions.map((e) => ({
      id: e.id,
      staff: e.staff,
      kind: e.kind,
      start: new Date(e.starts_at).toISOString(),
      end: new Date(e.ends_at).toISOString(),
      note: e.note,
    })),
  };
}

/** Writes a checked hours change: the settings given, and each list given replaces the old one. */
export async function saveSchedulingHours(trx: Db, body: Schemas['SchedulingHoursPatch'], by: number): Promise<void> {
  const settings: Record<string, unknown> = {};
  for (const key of [
    'time_zone',
    'slot_minutes',
    'late_cancel_hours',
    'check_in_window_hours',
    'min_notice_minutes',
    'booking_horizon_days',
    'reminder_channel',
    'video_link_template',
    'late_cancel_forfeits_credit',
  ] as const) {
    if (body[key] !== undefined) settings[key] = body[key];
  }
  if (body.reminder_hours !== undefined) settings.reminder_hours = sql`${sql.val(body.reminder_hours)}::int[]`;
  await trx
    .updateTable('scheduling_settings')
    .set({ ...settings, updated_at: new Date(), updated_by: by })
    .execute();
  if (body.clinic_hours) {
    await trx.deleteFrom('clinic_hours').execute();
    if (body.clinic_hours.length) await trx.insertInto('clinic_hours').values(body.clinic_hours).execute();
  }
  if (body.holidays) {
    await trx.deleteFrom('clinic_holidays').execute();
    const unique = [...new Map(body.holidays.map((h) => [h.day, { day: h.day, name: h.name ?? '' }])).values()];
    if (unique.length) await trx.insertInto('clinic_holidays').values(unique).execute();
  }
  for (const s of body.staff_hours ?? []) {
    await trx.deleteFrom('staff_hours').where('staff_id', '=', s.staff).execute();
    if (s.weekly.length)
      await trx
        .insertInto('staff_hours')
        .values(s.weekly.map((w) => ({ staff_id: s.staff, ...w })))
        .execute();
  }
  if (body.remove_exceptions?.length) await trx.deleteFrom('staff_hour_exceptions').where('id', 'in', body.remove_exceptions).execute();
  for (const e of body.add_exceptions ?? []) {
    await trx
      .insertInto('staff_hour_exceptions')
      .values({ staff_id: e.staff, kind: e.kind, starts_at: new Date(e.start), ends_at: new Date(e.end), note: e.note ?? '' })
      .execute();
  }
}

/** A new (empty) series; its appointments are booked under its id. */
export async function insertSeries(db: Db, createdBy: number): Promise<number> {
  const { id } = await db.insertInto('appointment_series').values({ created_by: createdBy }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A client's new package of sessions, as the package list shows it. */
export async function insertPackage(db: Db, p: Schemas['PackageCreate']): Promise<PackageOut> {
  const { id } = await db
    .insertInto('packages')
    .values({ client_id: p.client, therapy: p.therapy, sessions_total: p.sessions_total, expires_on: p.expires_on ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await listPackages(db, p.client)).find((pk) => pk.id === id)!;
}

const PLAN_COLUMNS = ['id', 'name', 'therapy', 'sessions', 'price_inr', 'validity_days', 'active', 'shareable_in_family', 'freeze_allowance_days'] as const;

/** The package catalogue, active plans first. */
export async function listPlans(db: Db) {
  return db
    .selectFrom('package_plans')
    .select([...PLAN_COLUMNS])
    .orderBy('active', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** What a client may read of the catalogue (the portal's "Buy a package"): active plans only, price in paise. */
export async function listPlanOffers(db: Db): Promise<Omit<Schemas['PackageOffer'], 'total_paise'>[]> {
  const rows = await db
    .selectFrom('package_plans')
    .select(['id', 'name', 'therapy', 'sessions', 'price_inr', 'validity_days'])
    .where('active', '=', true)
    .orderBy('therapy')
    .orderBy('price_inr')
    .orderBy('id')
    .execute();
  return rows.map(({ price_inr, ...plan }) => ({ ...plan, price_paise: price_inr * 100 }));
}

export async function findPlan(db: Db, id: number) {
  return db
    .selectFrom('package_plans')
    .select([...PLAN_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertPlan(db: Db, b: Schemas['PackagePlanCreate']) {
  const { id } = await db
    .insertInto('package_plans')
    .values({
      name: b.name.trim(),
      therapy: b.therapy,
      sessions: b.sessions,
      price_inr: b.price_inr ?? 0,
      validity_days: b.validity_days ?? null,
      active: b.active ?? true,
      shareable_in_family: b.shareable_in_family ?? false,
      freeze_allowance_days: b.freeze_allowance_days ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findPlan(db, id))!;
}

export async function updatePlan(db: Db, id: number, b: Schemas['PackagePlanPatch']) {
  await db
    .updateTable('package_plans')
    .set({ ...b, ...(b.name !== undefined ? { name: b.name.trim() } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return (await findPlan(db, id))!;
}

// What a change's impact is checked against: hours as 'HH:MM:SS' text, as the impact rules read them.
export async function clinicHoursText(db: Db) {
  return db
    .selectFrom('clinic_hours')
    .select(['weekday', sql<string>`opens::text`.as('opens'), sql<string>`closes::text`.as('closes')])
    .execute();
}

export async function holidayDays(db: Db) {
  return db
    .selectFrom('clinic_holidays')
    .select(sql<string>`day::text`.as('day'))
    .execute();
}

export async function staffExceptions(db: Db) {
  return db.selectFrom('staff_hour_exceptions').select(['id', 'staff_id', 'kind', 'starts_at', 'ends_at']).execute();
}

export async function staffWeeklyHours(db: Db, staff: number) {
  return db
    .selectFrom('staff_hours')
    .select(['weekday', sql<string>`starts::text`.as('opens'), sql<string>`ends::text`.as('closes')])
    .where('staff_id', '=', staff)
    .execute();
}

/** The times these staff are taken from now on (any appointment not cancelled, missed or moved). */
export async function staffBusyAhead(db: Db, staffIds: number[]) {
  const { rows } = await sql<{ id: number; staff: number; f: string; t: string }>`
    select a.id, a.staff_id as staff, a.occupied_from as f, a.occupied_to as t from appointments a
    where a.status not in ('cancelled', 'no_show', 'rescheduled') and a.occupied_to >= now()
      and a.staff_id = any(${sql.val(staffIds)}::int[])`.execute(db);
  return rows;
}
