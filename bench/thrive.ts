// `npm run bench:thrive`: the thrive dashboard's clinic-wide reads on PostgreSQL. Prints figures;
// never a test. 100,000 clients, 1,000,000 appointments (85 % past), 20,000 active enrollments
// in 10 programs, 60,000 packages, 30,000 thrive checks and 3 weight readings with a weight goal
// for every enrolled client (loaded with the roll-up's triggers off, then backfilled as migration
// 0910 does), then p50/p95 of
//   1. thrive/summary (tiles, status distribution, sessions per week): server/api/thrive/data.ts
//   2. thrive/attention, first page, page 40, and filtered by program, coach and status
// as served (from the roll-up) and, in the same run, computed from scratch (sql-reference.ts, what
// the routes ran before the roll-up) with the ratio; and the write side: an appointment's status
// change with the roll-up's triggers, against the same change with them off.
// `--quick`: a tenth of the data and 15 runs; `--runs <n>` sets the runs (the from-scratch
// baseline takes a fifth of them, at least 5). `--json <file>` writes {figures, notes}.
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres); a scratch
// database is created and dropped.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { attention, summary } from '../server/api/thrive/data.ts';
import { fromScratch } from '../tests/support/thrive-sql-reference.ts';
import { BACKFILL, WATCHED_TABLES } from '../server/db/migrations/0910_thrive_rollup.ts';
import { type Figure, percentile, round } from './lib/figures.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const keep = args.includes('--keep'); // leaves the scratch database for EXPLAIN
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const SCALE = quick ? 10 : 1;
const CLIENTS = 100_000 / SCALE;
const APPOINTMENTS = 1_000_000 / SCALE;
const ACTIVE = 20_000 / SCALE;
const STAFF = 200 / SCALE;
const PER_DAY = 8; // per staff member, one an hour from 08:00: never overlapping
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : keep ? 1 : quick ? 15 : 100;
const TARGET_MS = 200;

const log = (m: string) => console.log(m);

async function time(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm the plan and the cache once
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    out.push(performance.now() - started);
  }
  return out;
}

async function main(): Promise<void> {
  const name = `clinic_bench_thrive_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const figures: Figure[] = [];
  const notes: string[] = [`load average at start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other work on the machine skews every figure)`];
  try {
    const db = database.db;
    await migrateToLatest(db);
    const t0 = Date.now();
    // Row by row through the triggers would take an hour; the backfill below is the migration's.
    for (const table of WATCHED_TABLES) await sql.raw(`alter table ${table} disable trigger user`).execute(db);
    log(
      `loading ${CLIENTS.toLocaleString('en')} clients, ${APPOINTMENTS.toLocaleString('en')} appointments, ${ACTIVE.toLocaleString('en')} active enrollments...`,
    );
    await sql`insert into users (sub, username, email, first_name, last_name, role)
      select 'staff-' || i, 'staff-' || i, 'staff' || i || '@bench.test', 'Staff', 'S' || i, 'HEALTH_COACH' from generate_series(1, ${STAFF}::int) i`.execute(
      db,
    );
    await sql`insert into users (sub, username, email, first_name, last_name, role)
      select 'client-' || i, 'client-' || i, 'client' || i || '@bench.test', 'Client', 'C' || i, 'CLIENT' from generate_series(1, ${CLIENTS}::int) i`.execute(
      db,
    );
    await sql`insert into user_profiles (user_id, hipaa_consent) select id, id % 10 <> 0 from users`.execute(db);
    const staffIds = (await sql<{ id: number }>`select id from users where role = 'HEALTH_COACH' order by id`.execute(db)).rows.map((r) => r.id);
    const firstClient = (await sql<{ id: number }>`select min(id)::int as id from users where role = 'CLIENT'`.execute(db)).rows[0].id;
    await sql`insert into services (name, therapy, duration_minutes, delivered_by) values
      ('HBOT dive', 'hbot', 60, array['NURSE']), ('IV drip', 'iv_therapy', 60, array['NURSE']), ('Coaching', 'coaching', 60, array['HEALTH_COACH'])`.execute(
      db,
    );
    await sql`insert into programs (name, duration_weeks, price_inr)
      select 'Program ' || i, 8 + (i % 5) * 4, 20000 from generate_series(1, 10) i`.execute(db);

    // Appointments: each staff member 8 a day; clients spread so an enrolled client has a handful.
    const days = Math.ceil(APPOINTMENTS / (STAFF * PER_DAY));
    const pastDays = Math.floor(days * 0.85);
    const chunkDays = Math.max(1, Math.floor(100_000 / (STAFF * PER_DAY)));
    for (let d0 = 0; d0 < days; d0 += chunkDays) {
      const d1 = Math.min(days, d0 + chunkDays) - 1;
      await sql`
        insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status, late_cancellation, cancelled_by)
        select ${firstClient} + ((k * 7919 + d * 104729 + j * 15485863) % ${CLIENTS}), 1 + (k + j) % 3, staff_id, t, t + interval '60 minutes', t, t + interval '60 minutes', staff_id,
          case when t >= now() then 'booked' when (k + d + j) % 10 = 0 then 'no_show' when (k + d + j) % 10 = 1 then 'cancelled' else 'completed' end,
          t < now() and (k + d + j) % 10 = 1,
          case when t < now() and (k + d + j) % 10 = 1 then 'client' end
        from (
          select s.k, s.staff_id, d, j, (current_date - ${pastDays}::int + d)::timestamp at time zone 'UTC' + interval '8 hours' + j * interval '60 minutes' as t
          from (select row_number() over (order by id) as k, id as staff_id from users where role = 'HEALTH_COACH') s,
               generate_series(${d0}::int, ${d1}::int) d, generate_series(0, ${PER_DAY - 1}::int) j
        ) slots
        where (d * ${STAFF * PER_DAY} + (k - 1) * ${PER_DAY} + j) < ${APPOINTMENTS}`.execute(db);
    }
    // Active enrollments for the first ACTIVE clients, started 0-150 days ago; a few ended ones.
    await sql`insert into program_enrollments (user_id, program_id, start_date, status)
      select ${firstClient} + i, 1 + i % 10, current_date - (i % 150), case when i < ${ACTIVE} then 'active' else 'completed' end
      from generate_series(0, ${ACTIVE + ACTIVE / 2 - 1}::int) i`.execute(db);
    await sql`insert into packages (client_id, therapy, sessions_total, sessions_used)
      select ${firstClient} + (i % ${CLIENTS}), 'hbot', 10, (i * 7) % 11 from generate_series(0, ${ACTIVE * 3 - 1}::int) i`.execute(db);
    await sql`insert into thrive_checks (user_id, recorded_by, taken_at, sex, age, hdl_cholesterol, total_cholesterol, smoker, diabetic, treats_hypertension, systolic_bp, points, risk_percentage, risk_band, in_validated_age_range, model)
      select ${firstClient} + (i * 3) % ${CLIENTS}, ${staffIds[0]}, now() - (i % 200) * interval '1 day', 'male', 55, 45, 210, false, false, false, 130, 10, 1 + (i % 30), '9.4', true, 'bench'
      from generate_series(0, ${ACTIVE + ACTIVE / 2 - 1}::int) i`.execute(db);
    await sql`update user_profiles set health_goals = '{"schema_version":1,"goals":[{"area":"weight","description":"Lose 5 kg","priority":"high","target_date":"2027-06-30"},{"area":"heart_health","description":"Lower pressure","priority":"medium","target_date":"2027-06-30"}]}'
      where user_id < ${firstClient + ACTIVE}`.execute(db);
    await sql`insert into measurements (client_id, metric, value, unit, entered_value, entered_unit, taken_at, source, entered_by)
      select c, 'height', 170, 'cm', 170, 'cm', now() - interval '100 days', 'staff', ${staffIds[0]} from generate_series(${firstClient}::int, ${firstClient + ACTIVE - 1}::int) c`.execute(
      db,
    );
    await sql`insert into measurements (client_id, metric, value, unit, entered_value, entered_unit, taken_at, source, entered_by)
      select c, 'weight', 70 + (c % 20) + w * (c % 3 - 1), 'kg', 70 + (c % 20) + w * (c % 3 - 1), 'kg', now() - (30 - w * 10) * interval '1 day', 'staff', ${staffIds[0]}
      from generate_series(${firstClient}::int, ${firstClient + ACTIVE - 1}::int) c, generate_series(0, 2) w`.execute(db);
    for (const table of WATCHED_TABLES) await sql.raw(`alter table ${table} enable trigger user`).execute(db);
    await sql`analyze`.execute(db); // the backfill's plans need the loaded tables' statistics
    const b0 = Date.now();
    for (const statement of BACKFILL) await sql.raw(statement).execute(db);
    notes.push(`roll-up backfill (migration 0910) took ${round((Date.now() - b0) / 1000)} s`);
    await sql`vacuum analyze`.execute(db);
    const counts = (
      await sql<
        Record<string, number>
      >`select (select count(*)::int from appointments) as appointments, (select count(*)::int from users where role = 'CLIENT') as clients,
      (select count(*)::int from program_enrollments where status = 'active') as active, (select count(*)::int from measurements) as measurements`.execute(db)
    ).rows[0];
    log(`loaded ${JSON.stringify(counts)} in ${round((Date.now() - t0) / 1000)} s`);
    notes.push(
      `${counts.clients} clients, ${counts.appointments} appointments over ${days} days (85 % past), ${counts.active} active enrollments, ${counts.measurements} measurements`,
    );

    const floor = await time(RUNS, () => sql`select count(*) from program_enrollments where status = 'active'`.execute(db));
    const baselineRuns = Math.max(5, Math.floor(RUNS / 5));
    const cases: Array<[string, (source: typeof fromScratch | undefined) => Promise<unknown>]> = [
      ['thrive/summary', (source) => summary(db, source)],
      ['thrive/attention page 1', (source) => attention(db, { page: 1, pageSize: 25 }, source)],
      ['thrive/attention page 40', (source) => attention(db, { page: 40, pageSize: 25 }, source)],
      [
        'thrive/attention by program, coach and status',
        (source) => attention(db, { page: 1, pageSize: 25, program: 3, coach: staffIds[1], status: 'at_risk' }, source),
      ],
    ];
    for (const [label, run] of cases) {
      const served = await time(RUNS, () => run(undefined));
      const before = await time(baselineRuns, () => run(fromScratch));
      const [p50, p95, b50, b95] = [percentile(served, 50), percentile(served, 95), percentile(before, 50), percentile(before, 95)];
      figures.push(
        {
          name: `${label} p50`,
          value: round(p50),
          unit: 'ms',
          compared: { label: 'bare count of active enrollments p50', value: round(percentile(floor, 50)), unit: 'ms' },
        },
        {
          name: `${label} p95`,
          value: round(p95),
          unit: 'ms',
          target: `< ${TARGET_MS} ms`,
          met: p95 < TARGET_MS,
          compared: { label: `from scratch p95 (${baselineRuns} runs)`, value: round(b95), unit: 'ms' },
        },
        { name: `${label} from scratch / roll-up, p95`, value: round(b95 / p95), unit: 'x', compared: { label: 'p50', value: round(b50 / p50), unit: 'x' } },
      );
      log(`  measured ${label}`);
    }
    // The write side: one appointment's status flipped between completed and no-show, each its own
    // transaction, with the roll-up kept by the triggers and with the triggers off.
    const flip = (
      await sql<{ id: number }>`select id from appointments where status in ('completed', 'no_show') order by id limit ${RUNS + 1}`.execute(db)
    ).rows.map((r) => r.id);
    let i = 0;
    const change = () =>
      sql`update appointments set status = case status when 'completed' then 'no_show' else 'completed' end where id = ${flip[i++ % flip.length]}`.execute(db);
    const withTriggers = await time(RUNS, change);
    await sql`alter table appointments disable trigger user`.execute(db);
    const withoutTriggers = await time(RUNS, change);
    await sql`alter table appointments enable trigger user`.execute(db);
    figures.push({
      name: 'appointment status change with the roll-up kept p95',
      value: round(percentile(withTriggers, 95)),
      unit: 'ms',
      compared: { label: 'the same change without the roll-up p95', value: round(percentile(withoutTriggers, 95)), unit: 'ms' },
    });
    const rebuilt = await summary(db, fromScratch);
    const s = await summary(db);
    notes.push(`summary: ${JSON.stringify(s.status_counts)}, ${s.active_enrollments} active, ${s.without_visit_30_days} without a visit in 30 days`);
    notes.push(`the roll-up's summary ${JSON.stringify(s) === JSON.stringify(rebuilt) ? 'equals' : 'DIFFERS FROM'} the one computed from scratch`);
  } finally {
    await database.close();
    if (keep) log(`kept ${url.toString()}`);
    else {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    }
  }
  console.log(`\nthrive dashboard on PostgreSQL${quick ? ' (--quick)' : ''}`);
  for (const f of figures) {
    const cmp = f.compared ? ` (${f.compared.label}: ${f.compared.value} ${f.compared.unit})` : '';
    const target = f.target ? ` target ${f.target}: ${f.met ? 'met' : 'NOT met'}` : '';
    console.log(`  ${f.name}: ${f.value} ${f.unit}${cmp}${target}`);
  }
  for (const n of notes) console.log(`  note: ${n}`);
  if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify({ figures, notes }, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
