// The dashboard's figures computed from scratch over the source tables: what the roll-up
// (sql.ts, migration 0910) must always equal. Not served: the roll-up tests compare the two on
// random data, and `npm run bench:thrive` times this as the baseline.
import { type RawBuilder, sql } from 'kysely';
import { GOAL_AREA_TARGETS, HEALTHY_BMI } from '../../machines/thrive/goals.ts';
import type { EnrollmentFilter, TrackedSource } from '../../server/api/thrive/sql.ts';
import { FLAGS, recentAdverse, STATUS } from '../../server/api/thrive/sql.ts';

function where(f: EnrollmentFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`e.status = 'active'`];
  if (f.client !== undefined) parts.push(sql`e.user_id = ${f.client}`);
  if (f.program !== undefined) parts.push(sql`e.program_id = ${f.program}`);
  if (f.from !== undefined) parts.push(sql`e.start_date >= ${f.from}::date`);
  if (f.to !== undefined) parts.push(sql`e.start_date <= ${f.to}::date`);
  if (f.coach !== undefined) parts.push(sql`exists (select 1 from appointments c where c.client_id = e.user_id and c.staff_id = ${f.coach})`);
  return sql.join(parts, sql` and `);
}

const TARGETS = sql.raw(
  `(values ${Object.entries(GOAL_AREA_TARGETS)
    .map(([area, t]) =>
      t === 'weight' ? `('${area}', 'weight', null::float8, null::float8)` : `('${area}', '${t.metric}', ${t.low}::float8, ${t.high}::float8)`,
    )
    .join(', ')}) as t (area, metric, low, high)`,
);

/**
 * Every active enrollment matching the filter, with elapsed program time, attendance since its
 * start, package use, the last completed visit, the latest heart-risk and the worsening flag.
 * A CTE named `tracked`; callers select from it.
 */
function trackedEnrollments(f: EnrollmentFilter, options: { flags?: boolean } = {}): RawBuilder<unknown> {
  const flags = options.flags ?? true;
  // Each figure is an index probe per enrollment (the planner has no statistics for CTE rows,
  // so joins of grouped CTEs became nested loops over every pair): appointments from
  // thrive_appointments_client_idx alone, packages, the latest check, the goal readings.
  return sql`
  active as (
    select e.id as enrollment, e.user_id as client, e.program_id as program, p.name as program_name, e.start_date,
      least(1.0, greatest(0.0, (current_date - e.start_date)::float8 / (p.duration_weeks * 7))) as elapsed
    from program_enrollments e join programs p on p.id = e.program_id
    where ${where(f)}
  ),
  ${recentAdverse(f.client)},
  measured as materialized (
    select act.*, act.client in (select client_id from adverse) as adverse_event, case when v.due > 0 then v.attended / v.due end as attendance, v.last_visit,
      (select sum(k.sessions_used)::float8 / sum(k.sessions_total) from packages k where k.client_id = act.client) as package_use,
      ${flags ? sql`(select tc.risk_percentage from thrive_checks tc where tc.user_id = act.client order by tc.taken_at desc, tc.id desc limit 1)` : sql`null::float8`} as heart_risk,
      ${
        flags
          ? sql`exists (
        select 1
        from user_profiles up
        cross join lateral jsonb_array_elements(case when jsonb_typeof(up.health_goals -> 'goals') = 'array' then up.health_goals -> 'goals' else '[]'::jsonb end) g (goal)
        join ${TARGETS} on t.area = g.goal ->> 'area'
        cross join lateral (
          select coalesce(t.low, round((${HEALTHY_BMI.low} * h.value * h.value / 10000)::numeric, 1)::float8) as low,
            coalesce(t.high, round((${HEALTHY_BMI.high} * h.value * h.value / 10000)::numeric, 1)::float8) as high
          from (select 1) one left join lateral (
            select m.value from measurements m
            where t.low is null and m.client_id = act.client and m.metric = 'height'
              and not exists (select 1 from measurements x where x.corrects = m.id)
            order by m.taken_at desc, m.id desc limit 1
          ) h on true
        ) gr
        cross join lateral (
          select array_agg(r.value order by r.taken_at desc, r.id desc) as v from (
            select m.value, m.taken_at, m.id from measurements m
            where m.client_id = act.client and m.metric = t.metric
              and not exists (select 1 from measurements x where x.corrects = m.id)
            order by m.taken_at desc, m.id desc limit 2
          ) r
        ) last2
        where up.user_id = act.client and gr.low is not null and cardinality(last2.v) = 2
          and greatest(0, gr.low - last2.v[1], last2.v[1] - gr.high) > 0
          and greatest(0, gr.low - last2.v[1], last2.v[1] - gr.high) > greatest(0, gr.low - last2.v[2], last2.v[2] - gr.high)
      )`
          : sql`false`
      } as worsening
    from active act
    cross join lateral (
      select count(*) filter (where a.status = 'completed')::float8 as attended,
        count(*) filter (where a.status in ('completed', 'no_show') or (a.status = 'cancelled' and a.late_cancellation))::float8 as due,
        max(a.starts_at) filter (where a.status = 'completed') as last_visit
      from appointments a where a.client_id = act.client and a.starts_at >= act.start_date and a.starts_at < now()
    ) v
  ),
  tracked as (
    select e.*, ${STATUS} as status, ${FLAGS} as flags
    from measured e
  )`;
}

/** The clinic's client counts over the `active` CTE's clients, from scratch. */
const clientCounts = (): RawBuilder<unknown> => sql`
  (select count(*)::int from active_clients c join user_profiles up on up.user_id = c.client
    where not up.hipaa_consent or jsonb_typeof(up.health_goals -> 'goals') is distinct from 'array') as forms_overdue,
  (select count(*)::int from active_clients c
    where not exists (select 1 from thrive_checks tc where tc.user_id = c.client and tc.taken_at >= now() - interval '90 days')) as checks_overdue,
  (select count(*)::int from active_clients c
    where not exists (select 1 from appointments a where a.client_id = c.client and a.status = 'completed'
      and a.starts_at >= now() - interval '30 days' and a.starts_at < now())) as without_visit`;

const sessionsThisWeek = () => sql<{ therapy: string; sessions: number }>`
    select s.therapy, count(*)::int as sessions from appointments a join services s on s.id = a.service_id
    where a.starts_at >= date_trunc('week', now()) and a.starts_at < date_trunc('week', now()) + interval '7 days'
      and a.status not in ('cancelled', 'no_show', 'rescheduled')
    group by s.therapy order by s.therapy`;

const sessionsPerWeek = () => sql<{ week: string; sessions: number }>`
    select to_char(w.week, 'YYYY-MM-DD') as week, count(a.id)::int as sessions
    from generate_series(date_trunc('week', now()) - interval '11 weeks', date_trunc('week', now()), interval '1 week') w (week)
    left join appointments a on a.starts_at >= w.week and a.starts_at < w.week + interval '7 days'
      and a.status not in ('cancelled', 'no_show', 'rescheduled', 'requested')
    group by w.week order by w.week`;

export const fromScratch: TrackedSource = {
  sessionsThisWeek,
  sessionsPerWeek,
  tracked: trackedEnrollments,
  activeClients: () => sql`active_clients as (select distinct client from active)`,
  clientCounts,
};
