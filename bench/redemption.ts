// `npm run bench:redemption`: taking package credits at check-in on PostgreSQL (issue 35). Prints
// figures; the one check is a count, never a time.
//   64 concurrent check-ins through the API's own transition (moveAppointment in its booking
//   transaction): 32 packages of one credit, two visits each, so every package's last credit is
//   contended by two check-ins at once. Paired in the same run with 64 concurrent bare check-ins
//   (a service no package covers: the same transition, no credit). Then the count: exactly 32
//   credits taken, 32 visits told none was left, every package used 1 of 1, one redemption row each.
// The figure the issue names is the p95 of the check-ins that took a credit, beside the bare
// baseline; the ones told none was left (they wait for the winner's commit) are reported apart.
// The pool's 64 connections are opened before the first timed round, as a running server's are:
// otherwise the first round times PostgreSQL starting 64 backends, not a check-in.
// `--quick`: the same sizes (64 is the point), fewer rounds. `--json <file>` writes {figures,
// notes} for bench/run.ts. DATABASE_URL picks the server; a scratch database is created and dropped.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { Caller } from '../server/auth/bearer.ts';
import { bookingTransaction } from '../server/api/appointments/booking.ts';
import { getSettings } from '../server/api/appointments/data.ts';
import { moveAppointment } from '../server/api/appointments/transitions.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createMailTransport } from '../server/mail/transport.ts';
import { type Figure, percentile, reportFigures, round } from './lib/figures.ts';
import { describeMachine, machineAtEnd, machineAtStart } from './lib/machine.ts';
import { createDatabase, dropDatabase } from './lib/servers.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

const CONCURRENT = 64;
const PACKAGES = CONCURRENT / 2;
const ROUNDS = quick ? 2 : 10;

async function main(): Promise<void> {
  const machine = machineAtStart();
  console.log(describeMachine(machine));
  const name = `clinic_bench_redeem_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(name);
  process.env.DATABASE_POOL_MAX = String(CONCURRENT + 2);
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const figures: Figure[] = [];
  const notes: string[] = [`load average at start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other work on the machine skews every figure)`];
  const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Parameters<typeof createMailTransport>[0]['log'];
  const mail = createMailTransport({ kind: 'outbox', smtpUrl: null, fromAddress: 'bench@clinic.test', db: database.db, log: silent });
  try {
    const db = database.db;
    await migrateToLatest(db);
    await sql`update scheduling_settings set time_zone = 'UTC', check_in_window_hours = 24`.execute(db);
    const desk = (
      await sql<{ id: number }>`insert into users (sub, username, email, first_name, last_name, role)
        values ('desk', 'desk', 'desk@bench.test', 'Front', 'Desk', 'RECEPTION') returning id`.execute(db)
    ).rows[0].id;
    const caller: Caller = { id: desk, role: 'RECEPTION', sub: 'desk' };
    // Every visit its own staff member, so no calendar rule stands between the check-ins.
    const perRound = CONCURRENT * 2;
    await sql`insert into users (sub, username, email, first_name, last_name, role)
      select 'nurse-' || i, 'nurse-' || i, 'nurse' || i || '@bench.test', 'Nurse', 'N' || i, 'NURSE' from generate_series(1, ${perRound * ROUNDS}) i`.execute(
      db,
    );
    await sql`insert into users (sub, username, email, first_name, last_name, role)
      select 'client-' || i, 'client-' || i, 'client' || i || '@bench.test', 'Client', 'C' || i, 'CLIENT' from generate_series(1, ${PACKAGES * ROUNDS}) i`.execute(
      db,
    );
    await sql`insert into user_profiles (user_id) select id from users`.execute(db);
    await sql`insert into services (name, therapy, duration_minutes, delivered_by, price_inr)
      values ('Red light', 'red_light', 30, array['NURSE'], 1200), ('Walk-in consult', 'consultation', 30, array['NURSE'], 800)`.execute(db);
    const [light, consult] = (await sql<{ id: number }>`select id from services order by id`.execute(db)).rows.map((r) => r.id);
    const nurses = (await sql<{ id: number }>`select id from users where role = 'NURSE' order by id`.execute(db)).rows.map((r) => r.id);
    const clients = (await sql<{ id: number }>`select id from users where role = 'CLIENT' order by id`.execute(db)).rows.map((r) => r.id);
    const start = new Date(Math.ceil((Date.now() + 3_600_000) / 900_000) * 900_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const settings = await getSettings(db);

    const visit = async (client: number, service: number, staff: number, pkg: number | null) =>
      (
        await sql<{
          id: number;
        }>`insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status, package_id)
          values (${client}, ${service}, ${staff}, ${start}, ${end}, ${start}, ${end}, ${desk}, 'booked', ${pkg}) returning id`.execute(db)
      ).rows[0].id;
    const checkIn = async (id: number) => {
      const began = performance.now();
      const moved = await bookingTransaction(db, (trx) => moveAppointment(trx, mail, settings, caller, id, { to: 'checked_in' }));
      return { ms: performance.now() - began, outcome: moved.credit?.outcome ?? 'none' };
    };

    // A running server's pool is warm: open its connections before timing anything.
    await Promise.all(Array.from({ length: CONCURRENT }, () => db.transaction().execute((trx) => sql`select 1`.execute(trx))));

    const bare: number[] = [];
    const redeemed: number[] = [];
    const noneLeft: number[] = [];
    const outcomes = { redeemed: 0, none_left: 0, none: 0 };
    const packageIds: number[] = [];
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      const staff = nurses.slice(round_ * perRound, (round_ + 1) * perRound);
      const owners = clients.slice(round_ * PACKAGES, (round_ + 1) * PACKAGES);
      // Baseline: 64 check-ins at once with no package in sight.
      const plain = [];
      for (let i = 0; i < CONCURRENT; i++) plain.push(await visit(owners[i % PACKAGES], consult, staff[i], null));
      for (const r of await Promise.all(plain.map(checkIn))) bare.push(r.ms);
      // Redemption: two visits per one-credit package (one booked on it, one naming none), all at once.
      const contended = [];
      for (let p = 0; p < PACKAGES; p++) {
        const pkg = (
          await sql<{ id: number }>`insert into packages (client_id, therapy, sessions_total) values (${owners[p]}, 'red_light', 1) returning id`.execute(db)
        ).rows[0].id;
        packageIds.push(pkg);
        contended.push(await visit(owners[p], light, staff[CONCURRENT + 2 * p], pkg), await visit(owners[p], light, staff[CONCURRENT + 2 * p + 1], null));
      }
      for (const r of await Promise.all(contended.map(checkIn))) {
        (r.outcome === 'redeemed' ? redeemed : noneLeft).push(r.ms);
        outcomes[r.outcome as keyof typeof outcomes]++;
      }
    }

    const counts = (
      await sql<{ used: number; rows: number; full: number }>`select coalesce(sum(p.sessions_used), 0)::int as used,
        (select count(*)::int from package_redemptions r where r.package_id = any(${sql.val(packageIds)}::int[])) as rows,
        count(*) filter (where p.sessions_used = p.sessions_total)::int as full
        from packages p where p.id = any(${sql.val(packageIds)}::int[])`.execute(db)
    ).rows[0];
    const expected = PACKAGES * ROUNDS;
    const exact =
      counts.used === expected && counts.rows === expected && counts.full === expected && outcomes.redeemed === expected && outcomes.none_left === expected;
    const contendedAll = [...redeemed, ...noneLeft];
    figures.push(
      {
        name: `check-in redeeming a credit p95 (${CONCURRENT} concurrent, 2 per last credit; the ${PACKAGES} per round that took it)`,
        value: round(percentile(redeemed, 95)),
        unit: 'ms',
        compared: { label: `bare check-in p95 (${CONCURRENT} concurrent, no package)`, value: round(percentile(bare, 95)), unit: 'ms' },
        target: '< 50 ms',
        met: percentile(redeemed, 95) < 50,
      },
      {
        name: 'check-in told no credit was left p95 (the race losers, billed at the price)',
        value: round(percentile(noneLeft, 95)),
        unit: 'ms',
        compared: { label: `all ${CONCURRENT} contended check-ins p95`, value: round(percentile(contendedAll, 95)), unit: 'ms' },
      },
      {
        name: 'check-in redeeming a credit p50',
        value: round(percentile(redeemed, 50)),
        unit: 'ms',
        compared: { label: 'bare check-in p50', value: round(percentile(bare, 50)), unit: 'ms' },
      },
      {
        name: 'credits taken (must equal the packages)',
        value: counts.used,
        unit: 'credits',
        compared: { label: 'packages of one credit', value: expected, unit: 'packages' },
        target: `${expected}, one redemption row each, ${expected} told none was left`,
        met: exact,
      },
    );
    notes.push(
      `${ROUNDS} rounds of ${CONCURRENT} check-ins each way; outcomes: ${outcomes.redeemed} redeemed, ${outcomes.none_left} none left; ${counts.rows} redemption rows`,
    );
    if (!exact) process.exitCode = 1;
  } finally {
    await database.close();
    await dropDatabase(name);
  }
  reportFigures(`redemption benchmark (${quick ? 'quick' : 'full'}), PostgreSQL`, figures, notes, { jsonOut, machine: machineAtEnd(machine) });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
