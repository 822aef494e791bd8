// The thrive dashboard's reads and writes. Aggregates come from sql.ts in one statement each;
// measurements are append-only rows (a correction is a new row naming the one it corrects).
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import type { Db } from '../../db/database.ts';
import type { MeasurementSource } from '../../db/schema-thrive.ts';
import { METRIC_SPECS, type Reading } from '../../../machines/thrive/metrics.ts';
import { type EnrollmentFilter, PACKAGES_LEFT, recentAdverse, rollup, type ThriveTile, tileRows, type TrackedSource } from './sql.ts';

type S = components['schemas'];
export type MeasurementOut = S['Measurement'];
export type AttentionRow = S['ThriveAttentionRow'];

const iso = (v: unknown): string => new Date(v as string).toISOString();
const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const MEASUREMENT_COLUMNS = sql`m.id, m.client_id, m.metric, m.value, m.value2, m.unit, m.entered_value, m.entered_unit, m.taken_at, m.source,
  m.entered_by, m.corrects, m.correction_reason, m.created_at, (select x.id from measurements x where x.corrects = m.id) as corrected_by`;

function presentMeasurement(r: Record<string, any>): MeasurementOut {
  return {
    id: r.id,
    client: r.client_id,
    metric: r.metric,
    value: Number(r.value),
    value2: num(r.value2),
    unit: r.unit,
    entered_value: Number(r.entered_value),
    entered_unit: r.entered_unit,
    taken_at: iso(r.taken_at),
    source: r.source,
    entered_by: r.entered_by,
    corrects: r.corrects,
    correction_reason: r.correction_reason,
    corrected_by: r.corrected_by ?? null,
    created_at: iso(r.created_at),
  };
}

export interface NewMeasurement {
  client: number;
  reading: Reading;
  enteredValue: number;
  enteredUnit: string;
  takenAt: string | Date;
  source: MeasurementSource;
  enteredBy: number;
  thriveCheck?: number;
  corrects?: { id: number; reason: string };
}

export async function insertMeasurement(db: Db, m: NewMeasurement): Promise<MeasurementOut> {
  const { id } = await db
    .insertInto('measurements')
    .values({
      client_id: m.client,
      metric: m.reading.metric,
      value: m.reading.value,
      value2: m.reading.value2,
      unit: m.reading.unit,
      entered_value: m.enteredValue,
      entered_unit: m.enteredUnit,
      taken_at: m.takenAt,
      source: m.source,
      entered_by: m.enteredBy,
      thrive_check_id: m.thriveCheck ?? null,
      corrects: m.corrects?.id ?? null,
      correction_reason: m.corrects?.reason ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findMeasurement(db, id))!;
}

export async function findMeasurement(db: Db, id: number): Promise<MeasurementOut | undefined> {
  const { rows } = await sql<Record<string, any>>`select ${MEASUREMENT_COLUMNS} from measurements m where m.id = ${id}`.execute(db);
  return rows[0] ? presentMeasurement(rows[0]) : undefined;
}

/** A client's readings, oldest first; corrected ones only with `history`. */
export async function listMeasurements(db: Db, client: number, metric: string | undefined, history: boolean): Promise<MeasurementOut[]> {
  const { rows } = await sql<Record<string, any>>`
    select ${MEASUREMENT_COLUMNS} from measurements m
    where m.client_id = ${client}
      ${metric ? sql`and m.metric = ${metric}` : sql``}
      ${history ? sql`` : sql`and not exists (select 1 from measurements x where x.corrects = m.id)`}
    order by m.taken_at, m.id`.execute(db);
  return rows.map(presentMeasurement);
}

/** The latest current reading of each metric a client has. */
export async function latestMeasurements(db: Db, client: number): Promise<MeasurementOut[]> {
  const { rows } = await sql<Record<string, any>>`
    select distinct on (m.metric) ${MEASUREMENT_COLUMNS} from measurements m
    where m.client_id = ${client} and not exists (select 1 from measurements x where x.corrects = m.id)
    order by m.metric, m.taken_at desc, m.id desc`.execute(db);
  return rows.map(presentMeasurement);
}

/** The two latest current values of one metric, newest first. */
export async function lastTwo(db: Db, client: number, metric: string): Promise<number[]> {
  const { rows } = await sql<{ value: number }>`
    select m.value from measurements m
    where m.client_id = ${client} and m.metric = ${metric} and not exists (select 1 from measurements x where x.corrects = m.id)
    order by m.taken_at desc, m.id desc limit 2`.execute(db);
  return rows.map((r) => Number(r.value));
}

/**
 * Runs the clinic-wide reads with JIT compilation off: they touch tens of thousands of rows, but
 * the never-taken fallbacks for visits ahead of now are costed per row, which tipped PostgreSQL
 * into compiling for longer (over 100 ms) than the query runs.
 */
function withoutJit<T>(db: Db, read: (trx: Db) => Promise<T>): Promise<T> {
  const off = async (trx: Db) => {
    await sql`set local jit = off`.execute(trx);
    return read(trx);
  };
  // Inside the route's audited transaction already (withAudit): the setting holds to its end.
  return db.isTransaction ? off(db) : db.transaction().execute(off);
}

/** The clinic's tiles and charts; `source` is the roll-up, or the from-scratch reference. */
export async function summary(db: Db, source: TrackedSource = rollup): Promise<S['ThriveSummary']> {
  const figures = sql<Record<string, any>>`
    with ${source.tracked({}, { flags: false })},
    ${source.activeClients()},
    -- One pass over the tracked enrollments for all four counts.
    statuses as (
      select count(*)::int as active_enrollments,
        count(*) filter (where status = 'on_track')::int as on_track,
        count(*) filter (where status = 'at_risk')::int as at_risk,
        count(*) filter (where status = 'off_track')::int as off_track
      from tracked
    )
    select
      (select active_enrollments from statuses) as active_enrollments,
      (select on_track from statuses) as on_track,
      (select at_risk from statuses) as at_risk,
      (select off_track from statuses) as off_track,
      (select coalesce(sum(k.sessions_total - k.sessions_used), 0)::int from packages k where ${PACKAGES_LEFT}) as package_sessions_left,
      ${source.clientCounts()}`;
  const [{ rows }, week, weeks] = await withoutJit(
    db,
    async (trx) => [await figures.execute(trx), await source.sessionsThisWeek().execute(trx), await source.sessionsPerWeek().execute(trx)] as const,
  );
  const r = rows[0];
  return {
    active_enrollments: r.active_enrollments,
    sessions_this_week: week.rows,
    package_sessions_left: r.package_sessions_left,
    overdue: { forms: r.forms_overdue, thrive_checks: r.checks_overdue },
    without_visit_30_days: r.without_visit,
    status_counts: { on_track: r.on_track, at_risk: r.at_risk, off_track: r.off_track },
    sessions_per_week: weeks.rows,
  };
}

function presentTracked(r: Record<string, any>): AttentionRow {
  return {
    enrollment: r.enrollment,
    client: r.client,
    first_name: r.first_name,
    last_name: r.last_name,
    program: r.program,
    program_name: r.program_name,
    start_date: day(r.start_date),
    status: r.status,
    elapsed: Number(r.elapsed),
    attendance: num(r.attendance),
    package_use: num(r.package_use),
    last_visit: r.last_visit ? iso(r.last_visit) : null,
    heart_risk: num(r.heart_risk),
    flags: r.flags ?? [],
  };
}

export interface AttentionQuery extends EnrollmentFilter {
  page: number;
  pageSize: number;
  status?: 'on_track' | 'at_risk' | 'off_track';
  search?: string;
}

/** The table's own filters on top of the enrollment filter: needing attention, status, name. */
function attentionWhere(q: AttentionQuery) {
  const name = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql`(t.status <> 'on_track' or cardinality(t.flags) > 0)
      ${q.status ? sql`and t.status = ${q.status}` : sql``}
      ${name ? sql`and exists (select 1 from users u where u.id = t.client and (u.first_name || ' ' || u.last_name) ilike ${name})` : sql``}`;
}

const WORST_FIRST = sql`case t.status when 'off_track' then 0 when 'at_risk' then 1 else 2 end, t.attendance asc nulls last, t.enrollment`;

/** Active enrollments needing attention (not On Track, or flagged), worst first, one page. */
export function attention(db: Db, q: AttentionQuery, source: TrackedSource = rollup): Promise<{ count: number; results: AttentionRow[] }> {
  return withoutJit(db, (trx) => attentionPage(trx, q, source));
}

async function attentionPage(db: Db, q: AttentionQuery, source: TrackedSource): Promise<{ count: number; results: AttentionRow[] }> {
  const { rows } = await sql<Record<string, any>>`
    with ${source.tracked(q)},
    page as (
      select t.*, count(*) over ()::int as total from tracked t
      where ${attentionWhere(q)}
      order by ${WORST_FIRST}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
    )
    -- Names only for the page's rows: joining every active client's user row cost more than the rest.
    select t.*, u.first_name, u.last_name from page t join users u on u.id = t.client
    order by ${WORST_FIRST}`.execute(db);
  return { count: rows[0]?.total ?? (q.page > 1 ? await attentionCount(db, q, source) : 0), results: rows.map(presentTracked) };
}

async function attentionCount(db: Db, q: AttentionQuery, source: TrackedSource): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with ${source.tracked(q)}
    select count(*)::int as n from tracked t
    where ${attentionWhere(q)}`.execute(db);
  return rows[0].n;
}

/** One client's tracked enrollments (the same rules as the table). */
export async function clientEnrollments(db: Db, client: number, source: TrackedSource = rollup): Promise<Array<AttentionRow & { duration_weeks: number }>> {
  const { rows } = await sql<Record<string, any>>`
    with ${source.tracked({ client })}
    select t.*, u.first_name, u.last_name, p.duration_weeks from tracked t join users u on u.id = t.client join programs p on p.id = t.program
    order by t.start_date, t.enrollment`.execute(db);
  return rows.map((r) => ({ ...presentTracked(r), duration_weeks: r.duration_weeks }));
}

export async function clientPackages(db: Db, client: number): Promise<S['ThriveClient']['packages']> {
  const rows = await db
    .selectFrom('packages')
    .select(['id', 'therapy', 'sessions_total', 'sessions_used', sql<string | null>`expires_on::text`.as('expires_on')])
    .where('client_id', '=', client)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, sessions_left: r.sessions_total - r.sessions_used }));
}

export async function heartRiskHistory(db: Db, client: number): Promise<S['ThriveClient']['heart_risk']> {
  const rows = await db
    .selectFrom('thrive_checks')
    .select(['id', 'taken_at', 'risk_percentage', 'risk_band'])
    .where('user_id', '=', client)
    .orderBy('taken_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, taken_at: iso(r.taken_at), risk_percentage: Number(r.risk_percentage), band: r.risk_band }));
}

export async function nextAppointments(db: Db, client: number): Promise<S['ThriveClient']['next_appointments']> {
  const { rows } = await sql<Record<string, any>>`
    select a.id, a.starts_at, s.name as service_name, s.therapy, trim(u.first_name || ' ' || u.last_name) as staff_name, a.status
    from appointments a join services s on s.id = a.service_id join users u on u.id = a.staff_id
    where a.client_id = ${client} and a.starts_at >= now() and a.status not in ('cancelled', 'no_show', 'rescheduled')
    order by a.starts_at limit 5`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    starts_at: iso(r.starts_at),
    service_name: r.service_name,
    therapy: r.therapy,
    staff_name: r.staff_name,
    status: r.status,
  }));
}

/** An adverse event in one of the client's therapy visits of the last 30 days (the table's flag). */
export async function hasRecentAdverseEvent(db: Db, client: number): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`with ${recentAdverse(client)} select exists (select 1 from adverse) as yes`.execute(db);
  return rows[0].yes;
}

export async function clientGoalsSource(db: Db, client: number): Promise<{ goals: Array<Record<string, any>> }> {
  const row = await db.selectFrom('user_profiles').select('health_goals').where('user_id', '=', client).executeTakeFirst();
  const goals = (row?.health_goals as { goals?: unknown } | undefined)?.goals;
  return { goals: Array.isArray(goals) ? (goals as Array<Record<string, any>>) : [] };
}

/**
 * A thrive check's measured inputs become measurements (source `thrive_check`), in the same
 * transaction as the check. Inputs outside the plausible range are not measurements anyone
 * should chart, so they stay only on the check. Systolic comes without a diastolic.
 */
export async function measurementsFromThriveCheck(
  db: Db,
  check: { id: number; user: number; recorded_by: number; taken_at: string; total_cholesterol: number; hdl_cholesterol: number; systolic_bp: number },
): Promise<void> {
  const inputs: Array<[Reading['metric'], number, string]> = [
    ['total_cholesterol', check.total_cholesterol, 'mg/dL'],
    ['hdl_cholesterol', check.hdl_cholesterol, 'mg/dL'],
    ['blood_pressure', check.systolic_bp, 'mmHg'],
  ];
  for (const [metric, value, unit] of inputs) {
    const spec = METRIC_SPECS[metric];
    if (value < spec.min || value > spec.max) continue;
    await insertMeasurement(db, {
      client: check.user,
      reading: { metric, value, value2: null, unit },
      enteredValue: value,
      enteredUnit: unit,
      takenAt: check.taken_at,
      source: 'thrive_check',
      enteredBy: check.recorded_by,
      thriveCheck: check.id,
    });
  }
}

export type TilePage = S['ThriveTilePage'];

/** One page of what a summary tile counts (see tileRows), by client name; `total` is the tile's figure. */
export function tilePage(db: Db, tile: ThriveTile, page: number, pageSize: number): Promise<TilePage> {
  return withoutJit(db, async (trx) => {
    const {
      rows: [sums],
    } = await sql<{ count: number; total: number }>`
      with ${tileRows(tile)} select count(*)::int as count, coalesce(sum(amount), 0)::int as total from tile_rows`.execute(trx);
    const { rows } = await sql<Record<string, any>>`
      with ${tileRows(tile)}
      select t.client, u.first_name, u.last_name, t.item, t.at, t.amount from tile_rows t join users u on u.id = t.client
      order by u.last_name, u.first_name, t.client, t.at nulls first, t.item
      limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(trx);
    return {
      tile,
      count: sums.count,
      total: sums.total,
      results: rows.map((r) => ({
        client: r.client,
        first_name: r.first_name,
        last_name: r.last_name,
        item: r.item ?? null,
        at: r.at === null || r.at === undefined ? null : r.at instanceof Date ? r.at.toISOString() : String(r.at),
        amount: Number(r.amount),
      })),
    };
  });
}
