// `npm run bench:scheduling`: scheduling under load on PostgreSQL. Prints figures; never a test.
//   1. Availability for a 7-day range (the API's code path: settings, service, calendar load and
//      slot search) with 1,000,000 appointments, 50 staff and 30 resources: p50/p95, paired with
//      the same calendar queries run bare in the same run.
//   2. Booking throughput with 64 connections contending for one day (plan + insert + history +
//      reminders per booking, exclusion constraints settling races), paired with bare inserts of
//      appointment rows on the same day over the same 64 connections.
// `--quick` (used by `npm run bench -- --quick`): 20,000 appointments, 10 staff, 1-second runs.
// `--json <file>` writes {figures, notes} for bench/run.ts. DATABASE_URL picks the server
// (default postgres://postgres@127.0.0.1:5432/postgres); a scratch database is created and dropped.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { type BookingRequest, book, bookingTransaction, SchedulingConflict } from '../server/api/appointments/booking.ts';
import { loadCalendar, timingOf } from '../server/api/appointments/calendar.ts';
import { findService, getSettings } from '../server/api/appointments/data.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { HttpError } from '../server/http/errors.ts';
import { addDays, findSlots, localTime, zonedInstant } from '../machines/appointments/scheduling-rules.ts';
import { type Figure, percentile, reportFigures, round } from './lib/figures.ts';
import { describeMachine, machineAtEnd, machineAtStart } from './lib/machine.ts';
import { createDatabase, dropDatabase } from './lib/servers.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

const APPOINTMENTS = quick ? 20_000 : 1_000_000;
const STAFF = quick ? 10 : 50;
const RESOURCES = 30;
const PER_DAY = 4; // per staff member: 4 x (60 min + 15 min buffer), 3 h apart, in a 08:00-20:00 day
const CONNECTIONS = 64;
const AVAILABILITY_RUNS = quick ? 15 : 200;
const BOOKING_SECONDS = quick ? 1 : 10;

const log = (m: string) => console.log(m);

async function main(): Promise<void> {
  const machine = machineAtStart();
  console.log(describeMachine(machine));
  const name = `clinic_bench_sched_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(name);
  process.env.DATABASE_POOL_MAX = String(CONNECTIONS);
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  // At most 64 + a few connections at any time (PostgreSQL's default max_connections is 100).
  const bare = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const figures: Figure[] = [];
  const notes: string[] = [`load average at start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other work on the machine skews every figure)`];
  try {
    const db = database.db;
    await migrateToLatest(db);
    const t0 = Date.now();
    // --- the clinic: UTC clock, open 08:00-20:00 every day, staff on the same hours -------------
    await sql`update scheduling_settings set time_zone = 'UTC', min_notice_minutes = 0`.execute(db);
    await sql`insert into clinic_hours (weekday, opens, closes) select d, '08:00', '20:00' from generate_series(1, 7) d`.execute(db);
    await sql`insert into users (sub, username, email, first_name, last_name, role)
      select 'staff-' || i, 'staff-' || i, 'staff' || i || '@bench.test', 'Staff', 'S' || i, 'NURSE' from generate_series(1, ${STAFF}) i`.execute(db);
    await sql`insert into users (sub, username, email, first_name, last_name, role)
      select 'client-' || i, 'client-' || i, 'client' || i || '@bench.test', 'Client', 'C' || i, 'CLIENT' from generate_series(1, 1000) i`.execute(db);
    await sql`insert into user_profiles (user_id) select id from users`.execute(db);
    await sql`insert into staff_hours (staff_id, weekday, starts, ends) select u.id, d, '08:00', '20:00' from users u, generate_series(1, 7) d where u.role = 'NURSE'`.execute(
      db,
    );
    const kinds = ['hbot_chamber', 'iv_chair', 'pemf_mat'];
    await sql`insert into resources (name, kind) select 'Unit ' || i, (${sql.val(kinds)}::text[])[1 + (i - 1) % 3] from generate_series(1, ${RESOURCES}) i`.execute(
      db,
    );
    await sql`insert into services (name, therapy, duration_minutes, buffer_after_minutes, resources_needed, delivered_by)
      values ('HBOT dive', 'hbot', 60, 15, '[{"kind":"hbot_chamber","units":1}]', array['NURSE']),
             ('Follow-up', 'consultation', 60, 15, '[]', array['NURSE'])`.execute(db);
    const staffIds = (await sql<{ id: number }>`select id from users where role = 'NURSE' order by id`.execute(db)).rows.map((r) => r.id);
    const units = (await sql<{ id: number; kind: string }>`select id, kind from resources order by id`.execute(db)).rows;
    const clientIds = (await sql<{ id: number }>`select id from users where role = 'CLIENT' order by id`.execute(db)).rows.map((r) => r.id);

    // --- history and future: APPOINTMENTS rows, no overlaps (each staff member 6 a day) ---------
    const days = Math.ceil(APPOINTMENTS / (STAFF * PER_DAY));
    const today = localTime('UTC', Date.now()).date;
    const firstDay = addDays(today, -Math.floor(days * 0.85));
    const chunkDays = Math.max(1, Math.floor(100_000 / (STAFF * PER_DAY)));
    log(`loading ${APPOINTMENTS.toLocaleString('en')} appointments over ${days} days (${firstDay} on), ${STAFF} staff, ${RESOURCES} resources...`);
    for (let d0 = 0; d0 < days; d0 += chunkDays) {
      const d1 = Math.min(days, d0 + chunkDays) - 1;
      // Staff member k (1-based) with k <= 10 holds hbot chamber k for every appointment: the
      // resource table gets its share of rows without ever overlapping on a unit.
      await sql`
        with slots as (
          select s.k, s.staff_id, d, j,
                 (${firstDay}::date + d)::timestamp at time zone 'UTC' + interval '8 hours' + j * interval '180 minutes' as starts_at
          from (select row_number() over (order by id) as k, id as staff_id from users where role = 'NURSE') s,
               generate_series(${d0}::int, ${d1}::int) d, generate_series(0, ${PER_DAY - 1}) j
        ), inserted as (
          insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status)
          select (${sql.val(clientIds)}::int[])[1 + (k * 7919 + d * 31 + j) % 1000],
                 case when k <= 10 then 1 else 2 end, staff_id, starts_at, starts_at + interval '60 minutes',
                 starts_at, starts_at + interval '75 minutes', staff_id,
                 case when starts_at < now() then 'completed' else 'booked' end
          from slots where (d * ${STAFF * PER_DAY} + (k - 1) * ${PER_DAY} + j) < ${APPOINTMENTS}
          returning id, staff_id, occupied_from, occupied_to, service_id
        )
        insert into appointment_resources (appointment_id, resource_id, occupied_from, occupied_to, holding)
        select i.id, (${sql.val(units.filter((u) => u.kind === 'hbot_chamber').map((u) => u.id))}::int[])[(select k from (select row_number() over (order by id) as k, id from users where role = 'NURSE') s where s.id = i.staff_id)],
               i.occupied_from, i.occupied_to, true
        from inserted i where i.service_id = 1`.execute(db);
    }
    await sql`analyze`.execute(db);
    const loaded = (await sql<{ n: number }>`select count(*)::int as n from appointments`.execute(db)).rows[0].n;
    const held = (await sql<{ n: number }>`select count(*)::int as n from appointment_resources`.execute(db)).rows[0].n;
    log(`loaded ${loaded.toLocaleString('en')} appointments (${held.toLocaleString('en')} resource holds) in ${round((Date.now() - t0) / 1000)} s`);
    notes.push(`${loaded} appointments (${held} resource holds), ${STAFF} staff, ${RESOURCES} resources, ${days} days of data (85 % past)`);

    // --- 1. availability, 7 days, future windows ------------------------------------------------
    const settings = await getSettings(db);
    const service = (await findService(db, 1))!;
    const futureDays = Math.max(1, days - Math.floor(days * 0.85) - 8);
    const windows = Array.from({ length: AVAILABILITY_RUNS }, (_, i) => addDays(today, 1 + ((i * 37) % futureDays)));
    const api: number[] = [];
    let slotCount = 0;
    for (const from of windows) {
      const started = performance.now();
      const s = await getSettings(db);
      const svc = (await findService(db, service.id))!;
      const calendar = await loadCalendar(db, s, svc, { from, to: addDays(from, 6) });
      const slots = findSlots({
        zone: s.time_zone,
        dates: calendar.dates,
        gridMinutes: s.slot_minutes,
        timing: timingOf(svc, 30),
        clinicOpen: calendar.clinicOpen,
        staff: calendar.staff,
        pools: calendar.pools,
        earliest: Date.now(),
      });
      api.push(performance.now() - started);
      slotCount += slots.length;
    }
    const bareRuns: number[] = [];
    for (const from of windows) {
      const a = new Date(zonedInstant('UTC', addDays(from, -1), 0)).toISOString();
      const b = new Date(zonedInstant('UTC', addDays(from, 9), 0)).toISOString();
      const started = performance.now();
      await bare.query(
        `select staff_id, occupied_from, occupied_to from appointments where staff_id = any($1::int[]) and tstzrange(occupied_from, occupied_to) && tstzrange($2, $3) and status not in ('cancelled', 'no_show', 'rescheduled') order by occupied_from`,
        [staffIds, a, b],
      );
      await bare.query(
        `select resource_id, occupied_from, occupied_to from appointment_resources where resource_id = any($1::int[]) and tstzrange(occupied_from, occupied_to) && tstzrange($2, $3) and holding order by occupied_from`,
        [units.map((u) => u.id), a, b],
      );
      bareRuns.push(performance.now() - started);
    }
    figures.push(
      {
        name: 'availability 7 days p50',
        value: round(percentile(api, 50)),
        unit: 'ms',
        compared: { label: 'bare calendar queries p50', value: round(percentile(bareRuns, 50)), unit: 'ms' },
      },
      {
        name: 'availability 7 days p95',
        value: round(percentile(api, 95)),
        unit: 'ms',
        compared: { label: 'bare calendar queries p95', value: round(percentile(bareRuns, 95)), unit: 'ms' },
        target: '< 50 ms',
        met: percentile(api, 95) < 50,
      },
      { name: 'availability slots found per query (mean)', value: round(slotCount / windows.length), unit: 'slots' },
    );

    // --- 2. booking throughput: 64 connections, one day -----------------------------------------
    // A day after the loaded data: the contention is among the 64 connections only.
    const day = addDays(today, days - Math.floor(days * 0.85) + 2);
    // Bare inserts first (their own pool, closed after), then the API's bookings on the next day.
    const bareDay = addDays(day, 1);
    const bareCounts = { inserted: 0, excluded: 0 };
    const inserts = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS });
    const bareUntil = Date.now() + BOOKING_SECONDS * 1000;
    const bareStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, w) => {
        while (Date.now() < bareUntil) {
          const start = zonedInstant('UTC', bareDay, 8 * 60 + Math.floor(Math.random() * 44) * 15);
          const staff = staffIds[Math.floor(Math.random() * staffIds.length)];
          try {
            await inserts.query(
              `insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status)
               values ($1, 2, $2, $3, $4, $3, $5, $2, 'booked')`,
              [clientIds[w], staff, new Date(start), new Date(start + 60 * 60_000), new Date(start + 75 * 60_000)],
            );
            bareCounts.inserted++;
          } catch (error) {
            if ((error as { code?: string }).code === '23P01') bareCounts.excluded++;
            else throw error;
          }
        }
      }),
    );
    const bareSeconds = (performance.now() - bareStarted) / 1000;
    await inserts.end();
    const request = (i: number): BookingRequest => ({
      client: clientIds[i % clientIds.length],
      service: i % 2 === 0 ? service : ((globalThis as { followUp?: typeof service }).followUp ?? service),
      start: new Date(zonedInstant('UTC', day, 8 * 60 + Math.floor(Math.random() * 44) * 15)).toISOString(),
      channel: 'in_clinic',
      notes: '',
      status: 'booked',
      bookedBy: staffIds[0],
      online: false,
    });
    (globalThis as { followUp?: typeof service }).followUp = (await findService(db, 2))!;
    const counts = { booked: 0, conflict: 0, refused: 0, failed: 0 };
    const failures = new Map<string, number>();
    const until = Date.now() + BOOKING_SECONDS * 1000;
    let n = 0;
    const bookStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          const req = request(n++);
          try {
            await bookingTransaction(db, (trx) => book(trx, settings, req));
            counts.booked++;
          } catch (error) {
            if (error instanceof SchedulingConflict) counts.conflict++;
            else if (error instanceof HttpError) counts.refused++;
            else {
              counts.failed++;
              const code = (error as { code?: string }).code ?? (error as Error).name;
              failures.set(code, (failures.get(code) ?? 0) + 1);
            }
          }
        }
      }),
    );
    const bookSeconds = (performance.now() - bookStarted) / 1000;
    const attempts = counts.booked + counts.conflict + counts.refused + counts.failed;

    figures.push(
      {
        name: `booking attempts/s (${CONNECTIONS} connections, one day)`,
        value: round(attempts / bookSeconds),
        unit: 'req/s',
        compared: { label: 'bare inserts/s', value: round((bareCounts.inserted + bareCounts.excluded) / bareSeconds), unit: 'req/s' },
      },
      {
        name: 'bookings made',
        value: counts.booked,
        unit: 'appointments',
        compared: { label: 'bare rows inserted', value: bareCounts.inserted, unit: 'rows' },
      },
      {
        name: 'bookings refused as conflicts (409)',
        value: counts.conflict,
        unit: 'requests',
        compared: { label: 'bare inserts refused by the constraint', value: bareCounts.excluded, unit: 'rows' },
      },
      { name: 'bookings failed otherwise (must be 0)', value: counts.failed, unit: 'requests', target: '0', met: counts.failed === 0 },
    );
    if (failures.size) notes.push(`booking failures by code: ${[...failures].map(([k, v]) => `${k} x${v}`).join(', ')}`);
    const overlaps = (
      await sql<{ n: number }>`select count(*)::int as n from appointments a join appointments b on a.staff_id = b.staff_id and a.id < b.id
        and tstzrange(a.occupied_from, a.occupied_to) && tstzrange(b.occupied_from, b.occupied_to)
        where a.starts_at >= ${new Date(zonedInstant('UTC', day, 0))} and a.starts_at < ${new Date(zonedInstant('UTC', addDays(day, 2), 0))}
          and a.status not in ('cancelled', 'no_show', 'rescheduled') and b.status not in ('cancelled', 'no_show', 'rescheduled')`.execute(db)
    ).rows[0].n;
    figures.push({ name: 'double bookings after the contention (must be 0)', value: overlaps, unit: 'pairs', target: '0', met: overlaps === 0 });
  } finally {
    await bare.end();
    await database.close();
    await dropDatabase(name);
  }
  reportFigures(`scheduling benchmark (${quick ? 'quick' : 'full'}), PostgreSQL`, figures, notes, { jsonOut, machine: machineAtEnd(machine) });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
