// The dashboard's aggregates, one SQL statement per answer, read from the roll-up of migration
// 0910 (per active enrollment and per client, kept by triggers in the writers' transactions): no
// per-client work at read time beyond a scan of the active enrollments. What depends on the clock
// is computed here: elapsed program time, the few due appointments still ahead of now (subtracted
// from the roll-up's counts), "overdue" and "in the last 30 days". The On Track thresholds are
// the ones in machines/thrive, rendered into the SQL, so the page's rules and the
// server's never drift apart. tests/support/thrive-sql-reference.ts computes the same from scratch.
import { type RawBuilder, sql } from 'kysely';
import { THRIVE_TILES, type ThriveTile } from '../../../machines/thrive/tiles.ts';
import { ADVERSE_EVENT_FLAG_DAYS, HEART_RISK_FLAG_PERCENT, TRACK_THRESHOLDS as T } from '../../../machines/thrive/track-rules.ts';

export interface EnrollmentFilter {
  client?: number;
  program?: number;
  coach?: number;
  from?: string;
  to?: string;
}

/**
 * Where the tracked enrollments come from. `tracked` defines the CTEs `active` (one row per
 * active enrollment matching the filter, with `client`) and `tracked` (enrollment, client,
 * program, program_name, start_date, elapsed, attendance, last_visit, package_use, heart_risk,
 * status, flags); `activeClients` defines `active_clients` (one row per client in `active`) and
 * `clientCounts` is the tail of a select list (it may end with a `from`) adding forms_overdue,
 * checks_overdue and without_visit over it.
 */
export interface TrackedSource {
  tracked(f: EnrollmentFilter, options?: { flags?: boolean }): RawBuilder<unknown>;
  activeClients(): RawBuilder<unknown>;
  clientCounts(): RawBuilder<unknown>;
  /** Sessions this week by therapy, not cancelled, missed or moved. */
  sessionsThisWeek(): RawBuilder<{ therapy: string; sessions: number }>;
  /** The last 12 weeks' sessions (booked or later), oldest first, a week without any as 0. */
  sessionsPerWeek(): RawBuilder<{ week: string; sessions: number }>;
}

/** The track status of `e` (a row with elapsed, attendance, package_use), as trackStatus() decides it. */
export const STATUS = sql.raw(`case
      when e.attendance < ${T.attendanceOffTrack} or (e.package_use is not null and e.elapsed - e.package_use > ${T.useLagOffTrack}) then 'off_track'
      when e.attendance < ${T.attendanceAtRisk} or (e.package_use is not null and e.elapsed - e.package_use > ${T.useLagAtRisk}) then 'at_risk'
      else 'on_track' end`);

/** Same as the roll-up's and the index's predicate: attended, missed, or cancelled late. */
const DUE = sql.raw(`(a.status in ('completed', 'no_show') or (a.status = 'cancelled' and a.late_cancellation))`);

/**
 * Clients with an adverse event recorded in a therapy visit (issue 17) started, or else opened, in
 * the last 30 days. Read at query time from therapy_visits, not rolled up: that table comes from
 * migration 1200, after this module's migrations (0910-0999) run, so no trigger of ours can follow
 * it. A CTE named `adverse` (of one client, or all), shared by the roll-up and the from-scratch reference.
 */
export const recentAdverse = (client?: number) => sql`adverse as (
    select distinct v.client_id from therapy_visits v
    where v.adverse_events <> '[]'::jsonb and coalesce(v.started_at, v.created_at) >= now() - ${sql.lit(ADVERSE_EVENT_FLAG_DAYS)} * interval '1 day'
      ${client === undefined ? sql`` : sql`and v.client_id = ${client}`}
  )`;

/** The flags of `e` (heart_risk, worsening, adverse_event). */
export const FLAGS = sql.raw(`array_remove(array[
        case when e.heart_risk >= ${HEART_RISK_FLAG_PERCENT} then 'heart_risk' end,
        case when e.worsening then 'worsening_goal' end,
        case when e.adverse_event then 'adverse_event' end
      ], null)`);

function where(f: EnrollmentFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.client !== undefined) parts.push(sql`r.client_id = ${f.client}`);
  if (f.program !== undefined) parts.push(sql`r.program_id = ${f.program}`);
  if (f.from !== undefined) parts.push(sql`r.start_date >= ${f.from}::date`);
  if (f.to !== undefined) parts.push(sql`r.start_date <= ${f.to}::date`);
  // A probe of the client's appointments (thrive_appointments_client_idx) per enrollment left by
  // the other filters: cheaper than collecting the coach's clients from every appointment.
  if (f.coach !== undefined) parts.push(sql`exists (select 1 from appointments c where c.client_id = r.client_id and c.staff_id = ${f.coach})`);
  return sql.join(parts, sql` and `);
}

function trackedFromRollup(f: EnrollmentFilter, options: { flags?: boolean } = {}): RawBuilder<unknown> {
  // Without flags (the summary's counts) the adverse-event probe is skipped: only flags read it.
  const flags = options.flags ?? true;
  return sql`
  active as materialized (
    select r.enrollment_id as enrollment, r.client_id as client, r.program_id as program, p.name as program_name, r.start_date,
      least(1.0, greatest(0.0, (current_date - r.start_date)::float8 / (p.duration_weeks * 7))) as elapsed,
      r.attended, r.due, r.last_visit as last_visit_ever, r.package_used, r.package_total, r.heart_risk, r.worsening,
      r.client_last_visit, r.last_check_at, r.forms_overdue
    from thrive_enrollment_rollup r join programs p on p.id = r.program_id
    where ${where(f)}
  ),
  ahead as (
    select act.enrollment, count(*) filter (where a.status = 'completed')::int as attended, count(*)::int as due
    from appointments a join active act on act.client = a.client_id and a.starts_at >= act.start_date
    where ${DUE} and a.starts_at >= now()
    group by act.enrollment
  ),
  ${flags ? sql`${recentAdverse(f.client)},` : sql``}
  measured as (
    select act.enrollment, act.client, act.program, act.program_name, act.start_date, act.elapsed,
      case when act.due - coalesce(ah.due, 0) > 0 then (act.attended - coalesce(ah.attended, 0))::float8 / (act.due - coalesce(ah.due, 0)) end as attendance,
      case when act.last_visit_ever is null or act.last_visit_ever < now() then act.last_visit_ever
        else (select max(a.starts_at) from appointments a
          where a.client_id = act.client and a.status = 'completed' and a.starts_at >= act.start_date and a.starts_at < now()) end as last_visit,
      act.package_used::float8 / act.package_total as package_use, act.heart_risk, act.worsening,
      ${flags ? sql`act.client in (select client_id from adverse)` : sql`false`} as adverse_event
    from active act
    left join ahead ah on ah.enrollment = act.enrollment
  ),
  tracked as (
    select e.*, ${STATUS} as status, ${FLAGS} as flags
    from measured e
  )`;
}

const rollupClientCounts = (): RawBuilder<unknown> => sql`
  c.forms_overdue, c.checks_overdue, c.without_visit from (
    select count(*) filter (where c.forms_overdue)::int as forms_overdue,
      count(*) filter (where c.last_check_at is null or c.last_check_at < now() - interval '90 days')::int as checks_overdue,
      count(*) filter (where case when c.last_visit is null or c.last_visit < now() then c.last_visit is null or c.last_visit < now() - interval '30 days'
        else not exists (select 1 from appointments a where a.client_id = c.client and a.status = 'completed'
          and a.starts_at >= now() - interval '30 days' and a.starts_at < now()) end)::int as without_visit
    from active_clients c
  ) c`;

/** Both read the 15-minute slots of thrive_session_slots: local weeks are whole slots. */
const sessionsThisWeek = () => sql<{ therapy: string; sessions: number }>`
    select s.therapy, sum(x.sessions)::int as sessions from thrive_session_slots x join services s on s.id = x.service_id
    where x.slot_start >= date_trunc('week', now()) and x.slot_start < date_trunc('week', now()) + interval '7 days'
      and x.status not in ('cancelled', 'no_show', 'rescheduled')
    group by s.therapy having sum(x.sessions) > 0 order by s.therapy`;

const sessionsPerWeek = () => sql<{ week: string; sessions: number }>`
    with counted as (
      select date_trunc('week', x.slot_start) as week, sum(x.sessions)::int as sessions from thrive_session_slots x
      where x.slot_start >= date_trunc('week', now()) - interval '11 weeks' and x.slot_start < date_trunc('week', now()) + interval '7 days'
        and x.status not in ('cancelled', 'no_show', 'rescheduled', 'requested')
      group by 1
    )
    select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(c.sessions, 0)::int as sessions
    from generate_series(date_trunc('week', now()) - interval '11 weeks', date_trunc('week', now()), interval '1 week') w (week)
    left join counted c on c.week = w.week
    order by w.week`;

/** What the API serves. */
export const rollup: TrackedSource = {
  sessionsThisWeek,
  sessionsPerWeek,
  tracked: trackedFromRollup,
  activeClients: () =>
    sql`active_clients as (select distinct act.client, act.forms_overdue, act.last_check_at, act.client_last_visit as last_visit from active act)`,
  clientCounts: rollupClientCounts,
};

export { THRIVE_TILES, type ThriveTile };

/**
 * Unexpired packages with sessions left, from thrive_packages_left_idx (migration 1420): its
 * predicate is repeated so the planner may use it; sessions_used never exceeds sessions_total,
 * so the sum is the same as over every unexpired package.
 */
export const PACKAGES_LEFT = sql`(k.expires_on is null or k.expires_on >= current_date) and k.sessions_used < k.sessions_total`;

/**
 * What one tile counts, a row per item (client, item, at, amount): the summary's figure is the
 * sum of `amount`, by the same rules as the roll-up's counts above (tests compare the two). A CTE
 * named `tile_rows`.
 */
export function tileRows(tile: ThriveTile): RawBuilder<unknown> {
  switch (tile) {
    case 'active_enrollments':
      return sql`tile_rows as (
        select r.client_id as client, p.name as item, r.start_date::text as at, 1 as amount
        from thrive_enrollment_rollup r join programs p on p.id = r.program_id)`;
    case 'sessions_this_week':
      return sql`tile_rows as (
        select a.client_id as client, s.therapy as item, a.starts_at as at, 1 as amount
        from appointments a join services s on s.id = a.service_id
        where a.starts_at >= date_trunc('week', now()) and a.starts_at < date_trunc('week', now()) + interval '7 days'
          and a.status not in ('cancelled', 'no_show', 'rescheduled'))`;
    case 'package_sessions_left':
      return sql`tile_rows as (
        select k.client_id as client, k.therapy as item, k.expires_on::text as at, k.sessions_total - k.sessions_used as amount
        from packages k where ${PACKAGES_LEFT})`;
    case 'overdue':
      return sql`active_clients as materialized (select distinct r.client_id as client, r.forms_overdue, r.last_check_at from thrive_enrollment_rollup r),
      tile_rows as (
        select c.client, 'forms' as item, null::timestamptz as at, 1 as amount from active_clients c where c.forms_overdue
        union all
        select c.client, 'thrive_check', c.last_check_at, 1 from active_clients c
        where c.last_check_at is null or c.last_check_at < now() - interval '90 days')`;
    case 'without_visit':
      // The roll-up's last visit may be a completed visit dated ahead of now; then the last one before now is probed.
      return sql`tile_rows as (
        select c.client, null::text as item, v.last_visit as at, 1 as amount
        from (select distinct r.client_id as client, r.client_last_visit from thrive_enrollment_rollup r) c
        cross join lateral (
          select case when c.client_last_visit is null or c.client_last_visit < now() then c.client_last_visit
            else (select max(a.starts_at) from appointments a where a.client_id = c.client and a.status = 'completed' and a.starts_at < now()) end as last_visit
        ) v
        where v.last_visit is null or v.last_visit < now() - interval '30 days')`;
  }
}
