// Loads what the slot search needs for a span of days: the clinic's open windows, the staff who
// may deliver the service with their working windows and held time, and each needed resource
// pool with its units' held time. One query per kind of fact, whatever the span or the staff count.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  addDays,
  dateRange,
  type Interval,
  openWindows,
  type ResourcePool,
  type ServiceTiming,
  type StaffCalendar,
  workingWindows,
  zonedInstant,
} from '../../../machines/appointments/scheduling-rules.ts';
import type { SchedulingSettings, ServiceOut } from './data.ts';

export const HOLDING_SQL = sql`status not in ('cancelled', 'no_show', 'rescheduled')`;

export interface Calendar {
  zone: string;
  dates: string[];
  clinicOpen: Interval[];
  staff: StaffCalendar[];
  pools: ResourcePool[];
  /** Held spans by staff member and resource unit, for naming conflicts. */
  from: number;
  to: number;
}

const ms = (v: unknown) => new Date(v as string).getTime();

export function timingOf(service: ServiceOut, fallbackMinutes: number): ServiceTiming {
  return {
    durationMinutes: service.duration_minutes ?? fallbackMinutes,
    bufferBeforeMinutes: service.buffer_before_minutes,
    bufferAfterMinutes: service.buffer_after_minutes,
  };
}

export async function loadCalendar(
  db: Db,
  settings: SchedulingSettings,
  service: ServiceOut,
  dates: { from: string; to: string },
  filters: { staff?: number; resource?: number } = {},
): Promise<Calendar> {
  const zone = settings.time_zone;
  const days = dateRange(dates.from, dates.to);
  // Windows a day either side: a late start's service or buffer may run past midnight into a
  // clinic that is open then (or an early buffer start the evening before).
  const windowDays = dateRange(addDays(dates.from, -1), addDays(dates.to, 1));
  // Buffers and long services may spill over midnight: look a day either side for held time.
  const from = zonedInstant(zone, addDays(dates.from, -1), 0);
  const to = zonedInstant(zone, addDays(dates.to, 2), 0);
  const range = sql`tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz)`;

  const [hours, holidays] = await Promise.all([
    db
      .selectFrom('clinic_hours')
      .select(['weekday', sql<string>`opens::text`.as('opens'), sql<string>`closes::text`.as('closes')])
      .execute(),
    db
      .selectFrom('clinic_holidays')
      .select(sql<string>`day::text`.as('day'))
      .where('day', '>=', sql<string>`${addDays(dates.from, -1)}::date`)
      .where('day', '<=', sql<string>`${addDays(dates.to, 1)}::date`)
      .execute(),
  ]);
  const clinicOpen = openWindows(zone, windowDays, hours, new Set(holidays.map((h) => h.day)));

  let staffQuery = db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', true)
    .where(sql<boolean>`role = any(${sql.val(service.delivered_by)}::text[])`);
  if (filters.staff !== undefined) staffQuery = staffQuery.where('id', '=', filters.staff);
  const staffIds = (await staffQuery.orderBy('id').execute()).map((r) => r.id as number);

  const staff: StaffCalendar[] = [];
  if (staffIds.length) {
    const ids = sql.val(staffIds);
    const [templates, exceptions, busy] = await Promise.all([
      db
        .selectFrom('staff_hours')
        .select(['staff_id', 'weekday', sql<string>`starts::text`.as('opens'), sql<string>`ends::text`.as('closes')])
        .where(sql<boolean>`staff_id = any(${ids}::int[])`)
        .execute(),
      db
        .selectFrom('staff_hour_exceptions')
        .select(['staff_id', 'kind', 'starts_at', 'ends_at'])
        .where(sql<boolean>`staff_id = any(${ids}::int[]) and tstzrange(starts_at, ends_at) && ${range}`)
        .execute(),
      sql<{ staff_id: number; occupied_from: string; occupied_to: string }>`
        select staff_id, occupied_from, occupied_to from appointments
        where staff_id = any(${ids}::int[]) and tstzrange(occupied_from, occupied_to) && ${range} and ${HOLDING_SQL}
        order by occupied_from`.execute(db),
    ]);
    for (const id of staffIds) {
      const mine = exceptions.filter((e) => e.staff_id === id);
      staff.push({
        id,
        working: workingWindows(
          zone,
          windowDays,
          templates.filter((t) => t.staff_id === id),
          mine.filter((e) => e.kind === 'leave').map((e) => ({ start: ms(e.starts_at), end: ms(e.ends_at) })),
          mine.filter((e) => e.kind === 'extra').map((e) => ({ start: ms(e.starts_at), end: ms(e.ends_at) })),
        ),
        busy: busy.rows.filter((b) => b.staff_id === id).map((b) => ({ start: ms(b.occupied_from), end: ms(b.occupied_to) })),
      });
    }
  }

  const pools: ResourcePool[] = [];
  const needs = service.resources_needed.filter((n) => n.units > 0);
  if (needs.length) {
    let unitQuery = db
      .selectFrom('resources')
      .select(['id', 'kind'])
      .where('active', '=', true)
      .where(sql<boolean>`kind = any(${sql.val(needs.map((n) => n.kind))}::text[])`);
    if (filters.resource !== undefined) {
      const chosen = filters.resource;
      // A chosen unit narrows its own kind's pool; other kinds still come from their pools.
      unitQuery = unitQuery.where((eb) => eb.or([eb('id', '=', chosen), eb('kind', '!=', eb.selectFrom('resources').select('kind').where('id', '=', chosen))]));
    }
    const units = await unitQuery.orderBy('id').execute();
    const unitIds = units.map((u) => u.id as number);
    const held = unitIds.length
      ? (
          await sql<{ resource_id: number; occupied_from: string; occupied_to: string }>`
            select resource_id, occupied_from, occupied_to from appointment_resources
            where resource_id = any(${sql.val(unitIds)}::int[]) and tstzrange(occupied_from, occupied_to) && ${range} and holding
            order by occupied_from`.execute(db)
        ).rows
      : [];
    for (const need of needs) {
      pools.push({
        kind: need.kind,
        units: need.units,
        members: units
          .filter((u) => u.kind === need.kind)
          .map((u) => ({
            id: u.id as number,
            busy: held.filter((h) => h.resource_id === u.id).map((h) => ({ start: ms(h.occupied_from), end: ms(h.occupied_to) })),
          })),
      });
    }
  }
  return { zone, dates: days, clinicOpen, staff, pools, from, to };
}
