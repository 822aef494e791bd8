// The thrive dashboard's roll-up (issue 19): per active enrollment and per client, the figures the
// clinic-wide reads need, kept by statement triggers in the same transaction as every write that
// changes them (appointments, enrollments, packages, measurements, thrive checks, profiles), so it
// is never stale and a crash loses nothing with it: whatever committed, committed together.
//
// Only what does not depend on the clock is stored. Attendance and the last visit count every
// qualifying appointment since the enrollment's start, whenever it is; the read subtracts the few
// still ahead of now (late cancellations of tomorrow's sessions) through thrive_appointments_due_idx.
// Elapsed program time, "overdue" and "in the last 30 days" are computed at read time.
//
// A client's rows are recomputed whole (not incremented): the refresh first locks the client's
// roll-up row, so concurrent writers for one client queue, and each recomputation (a new statement,
// a new snapshot under READ COMMITTED) sees the writes committed before it.
//
// The goal targets below are machines/thrive/goals.ts as of this migration, written out
// so the migration never changes after it shipped; a change there needs a new migration replacing
// thrive_refresh_clients (tests/integration/api/thrive/rollup.test.ts compares the two on random data).
import { type Kysely, sql } from 'kysely';

/** An appointment that counts as due: attended, missed, or cancelled late. */
const DUE = `(a.status in ('completed', 'no_show') or (a.status = 'cancelled' and a.late_cancellation))`;
const DUE_ROW = (r: string) => `(${r}.status in ('completed', 'no_show') or (${r}.status = 'cancelled' and ${r}.late_cancellation))`;

const TARGETS = `(values ('weight', 'weight', null::float8, null::float8), ('heart_health', 'blood_pressure', 90::float8, 120::float8),
  ('blood_sugar', 'fasting_glucose', 70::float8, 99::float8), ('sleep', 'sleep_hours', 7::float8, 9::float8), ('fitness', 'vo2max', 35::float8, 60::float8)) as t (area, metric, low, high)`;

/** A goal metric outside its target and farther from it than the reading before (goals.ts isWorsening). */
const WORSENING = `exists (
        select 1
        from user_profiles up
        cross join lateral jsonb_array_elements(case when jsonb_typeof(up.health_goals -> 'goals') = 'array' then up.health_goals -> 'goals' else '[]'::jsonb end) g (goal)
        join ${TARGETS} on t.area = g.goal ->> 'area'
        cross join lateral (
          select coalesce(t.low, round((18.5 * h.value * h.value / 10000)::numeric, 1)::float8) as low,
            coalesce(t.high, round((24.9 * h.value * h.value / 10000)::numeric, 1)::float8) as high
          from (select 1) one left join lateral (
            select m.value from measurements m
            where t.low is null and m.client_id = c.id and m.metric = 'height'
              and not exists (select 1 from measurements x where x.corrects = m.id)
            order by m.taken_at desc, m.id desc limit 1
          ) h on true
        ) gr
        cross join lateral (
          select array_agg(r.value order by r.taken_at desc, r.id desc) as v from (
            select m.value, m.taken_at, m.id from measurements m
            where m.client_id = c.id and m.metric = t.metric
              and not exists (select 1 from measurements x where x.corrects = m.id)
            order by m.taken_at desc, m.id desc limit 2
          ) r
        ) last2
        where up.user_id = c.id and gr.low is not null and cardinality(last2.v) = 2
          and greatest(0, gr.low - last2.v[1], last2.v[1] - gr.high) > 0
          and greatest(0, gr.low - last2.v[1], last2.v[1] - gr.high) > greatest(0, gr.low - last2.v[2], last2.v[2] - gr.high)
      )`;

const REFRESH = `
create function thrive_refresh_clients(ids integer[]) returns void language plpgsql as $fn$
begin
  if ids is null or cardinality(ids) = 0 then return; end if;
  insert into thrive_client_rollup (client_id)
    select distinct id from unnest(ids) id where id is not null order by 1
    on conflict do nothing;
  perform 1 from thrive_client_rollup where client_id = any (ids) order by client_id for update;
  update thrive_client_rollup r set
      last_visit = x.last_visit, package_used = x.package_used, package_total = x.package_total,
      heart_risk = x.heart_risk, last_check_at = x.last_check_at, forms_overdue = x.forms_overdue, worsening = x.worsening
    from (
      select c.id,
        (select max(a.starts_at) from appointments a where a.client_id = c.id and a.status = 'completed') as last_visit,
        k.used as package_used, k.total as package_total,
        (select tc.risk_percentage from thrive_checks tc where tc.user_id = c.id order by tc.taken_at desc, tc.id desc limit 1) as heart_risk,
        (select max(tc.taken_at) from thrive_checks tc where tc.user_id = c.id) as last_check_at,
        coalesce((select not up.hipaa_consent or jsonb_typeof(up.health_goals -> 'goals') is distinct from 'array'
          from user_profiles up where up.user_id = c.id), false) as forms_overdue,
        ${WORSENING} as worsening
      from (select distinct unnest(ids) as id) c
      cross join lateral (select sum(p.sessions_used)::int as used, sum(p.sessions_total)::int as total from packages p where p.client_id = c.id) k
    ) x
    where r.client_id = x.id;
  delete from thrive_enrollment_rollup where client_id = any (ids);
  insert into thrive_enrollment_rollup (enrollment_id, client_id, program_id, start_date, attended, due, last_visit,
      client_last_visit, package_used, package_total, heart_risk, last_check_at, forms_overdue, worsening)
    select e.id, e.user_id, e.program_id, e.start_date, v.attended, v.due, v.last_visit,
      c.last_visit, c.package_used, c.package_total, c.heart_risk, c.last_check_at, c.forms_overdue, c.worsening
    from program_enrollments e
    join thrive_client_rollup c on c.client_id = e.user_id
    cross join lateral (
      select count(*) filter (where a.status = 'completed')::int as attended,
        count(*) filter (where ${DUE})::int as due,
        max(a.starts_at) filter (where a.status = 'completed') as last_visit
      from appointments a where a.client_id = e.user_id and a.starts_at >= e.start_date
    ) v
    where e.user_id = any (ids) and e.status = 'active';
end
$fn$`;

/** A statement trigger function refreshing the clients whose `column` rows changed in `watched` columns. */
function triggerFunction(name: string, column: string, watched: string[], relevant?: (row: string) => string): string {
  const differs = `(${watched.map((w) => `o.${w}`).join(', ')}) is distinct from (${watched.map((w) => `n.${w}`).join(', ')})`;
  const only = (row: string) => (relevant ? ` where ${relevant(row)}` : '');
  const changed = relevant ? `${differs} and (${relevant('o')} or ${relevant('n')})` : differs;
  return `
create function ${name}() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' then
    perform thrive_refresh_clients(array(select distinct n.${column} from new_rows n${only('n')}));
  elsif tg_op = 'DELETE' then
    perform thrive_refresh_clients(array(select distinct o.${column} from old_rows o${only('o')}));
  else
    perform thrive_refresh_clients(array(
      select o.${column} from old_rows o join new_rows n on n.id = o.id where ${changed}
      union
      select n.${column} from old_rows o join new_rows n on n.id = o.id where ${changed}));
  end if;
  return null;
end
$fn$`;
}

/** The three statement triggers (transition tables allow one event each) on `table`. */
function triggers(table: string, fn: string, events: Array<'insert' | 'update' | 'delete'>): string[] {
  return events.map((event) => {
    const referencing =
      event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
    return `create trigger ${fn}_${event} after ${event} on ${table} referencing ${referencing} for each statement execute function ${fn}()`;
  });
}

const WATCHED: Array<{ table: string; fn: string; column: string; watched: string[]; relevant?: (row: string) => string }> = [
  {
    table: 'appointments',
    fn: 'thrive_rollup_appointments',
    column: 'client_id',
    watched: ['client_id', 'status', 'late_cancellation', 'starts_at'],
    relevant: DUE_ROW,
  },
  { table: 'program_enrollments', fn: 'thrive_rollup_enrollments', column: 'user_id', watched: ['user_id', 'program_id', 'start_date', 'status'] },
  { table: 'packages', fn: 'thrive_rollup_packages', column: 'client_id', watched: ['client_id', 'sessions_used', 'sessions_total'] },
  { table: 'measurements', fn: 'thrive_rollup_measurements', column: 'client_id', watched: ['client_id', 'metric', 'value', 'taken_at', 'corrects'] },
  { table: 'thrive_checks', fn: 'thrive_rollup_checks', column: 'user_id', watched: ['user_id', 'taken_at', 'risk_percentage'] },
  { table: 'user_profiles', fn: 'thrive_rollup_profiles', column: 'user_id', watched: ['user_id', 'hipaa_consent', 'health_goals'] },
];

/**
 * Sessions per 15-minute slot, service and status, counted up and down as appointments come and
 * change (additions commute, so concurrent writers need no ordering). Every time zone's midnight
 * falls on a 15-minute boundary, so any local day or week is a whole number of slots.
 */
function slotDelta(rows: Array<['new_rows' | 'old_rows', 1 | -1]>): string {
  const parts = rows.map(([table, sign]) => `select r.starts_at, r.service_id, r.status, ${sign} as n from ${table} r`).join(' union all ');
  return `
    insert into thrive_session_slots as s (slot_start, service_id, status, sessions)
      select date_bin('15 minutes', d.starts_at, timestamptz '2000-01-03 00:00+00'), d.service_id, d.status, sum(d.n)::int
      from (${parts}) d
      group by 1, 2, 3 having sum(d.n) <> 0 order by 1, 2, 3
      on conflict (slot_start, service_id, status) do update set sessions = s.sessions + excluded.sessions;
    delete from thrive_session_slots where sessions = 0;`;
}

const SLOTS = `
create function thrive_slots_appointments() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' then ${slotDelta([['new_rows', 1]])}
  elsif tg_op = 'DELETE' then ${slotDelta([['old_rows', -1]])}
  else ${slotDelta([
    ['new_rows', 1],
    ['old_rows', -1],
  ])}
  end if;
  return null;
end
$fn$`;

/**
 * Fills the roll-up from the tables as they are: every client anything is recorded for, and the
 * slots. Also what `npm run bench:thrive` runs after loading with the triggers off.
 */
export const BACKFILL = [
  `insert into thrive_session_slots (slot_start, service_id, status, sessions)
      select date_bin('15 minutes', starts_at, timestamptz '2000-01-03 00:00+00'), service_id, status, count(*)::int from appointments group by 1, 2, 3`,
  `select thrive_refresh_clients(array(
      select client_id from appointments union select user_id from program_enrollments union select client_id from packages
      union select client_id from measurements union select user_id from thrive_checks union select user_id from user_profiles))`,
];

/** The tables whose writes the roll-up follows (the bench loads them with triggers off). */
export const WATCHED_TABLES = ['appointments', 'program_enrollments', 'packages', 'measurements', 'thrive_checks', 'user_profiles'];

const statements = [
  `
create table thrive_client_rollup (
      client_id integer primary key,
      -- The latest completed appointment, whenever it is (the read looks again when it is ahead of now).
      last_visit timestamptz,
      -- Across all the client's packages; null without one.
      package_used integer,
      package_total integer,
      -- The latest thrive check's 10-year risk, and when the latest was taken.
      heart_risk double precision,
      last_check_at timestamptz,
      -- Consent not given, or no health goals recorded.
      forms_overdue boolean not null default false,
      worsening boolean not null default false
    )`,
  `
create table thrive_enrollment_rollup (
      enrollment_id integer primary key,
      client_id integer not null,
      program_id integer not null,
      start_date date not null,
      -- Since the start, whenever: completed, and completed + no-shows + late cancellations.
      attended integer not null,
      due integer not null,
      last_visit timestamptz,
      -- The client's figures (thrive_client_rollup), copied so the clinic-wide reads scan this table alone.
      client_last_visit timestamptz,
      package_used integer,
      package_total integer,
      heart_risk double precision,
      last_check_at timestamptz,
      forms_overdue boolean not null,
      worsening boolean not null
    )`,
  `
create table thrive_session_slots (
      slot_start timestamptz not null,
      service_id integer not null,
      status text not null,
      sessions integer not null,
      primary key (slot_start, service_id, status)
    )`,
  `create index thrive_session_slots_empty_idx on thrive_session_slots (slot_start) where sessions = 0`,
  SLOTS,
  ...triggers('appointments', 'thrive_slots_appointments', ['insert', 'update', 'delete']),
  `create index thrive_enrollment_rollup_client_idx on thrive_enrollment_rollup (client_id)`,
  // The appointments that count towards attendance and are still ahead: a handful, found fast.
  `create index thrive_appointments_due_idx on appointments (starts_at) include (client_id, status) where ${DUE_ROW('appointments')}`,
  REFRESH,
  ...WATCHED.flatMap((w) => [triggerFunction(w.fn, w.column, w.watched, w.relevant), ...triggers(w.table, w.fn, ['insert', 'update', 'delete'])]),
  ...BACKFILL,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists thrive_slots_appointments_${event} on appointments`).execute(db);
  await sql.raw('drop function if exists thrive_slots_appointments()').execute(db);
  await sql.raw('drop table if exists thrive_session_slots').execute(db);
  for (const w of WATCHED) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${w.fn}_${event} on ${w.table}`).execute(db);
    await sql.raw(`drop function if exists ${w.fn}()`).execute(db);
  }
  await sql.raw('drop function if exists thrive_refresh_clients(integer[])').execute(db);
  await sql.raw('drop index if exists thrive_appointments_due_idx').execute(db);
  await sql.raw('drop table if exists thrive_enrollment_rollup').execute(db);
  await sql.raw('drop table if exists thrive_client_rollup').execute(db);
}
