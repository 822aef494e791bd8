// `npm run bench:billing`: issuing invoices under contention on PostgreSQL (issue 34). Prints
// figures; never a test. 64 callers issue drafts at once through the server's own issuing path
// (issueDocument, server/api/billing/issuing-queue.ts, as POST /billing/documents/{id}/issue calls
// it: the issuing transaction with its audit entries): per-issue p50/p95, paired with bare
// single-row inserts by 64 callers over the same 64 connections in the same run (their p50/p95 and
// the ratio). The pool's connections are opened before either is timed. Afterwards the invoice
// numbers must run 1..n with no gap and no duplicate.
// `--quick` (used by `npm run bench -- --quick`): 256 issues. `--json <file>` writes {figures, notes}
// for bench/run.ts. DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database is created and dropped.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { issueDocument } from '../server/api/billing/issuing-queue.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { type Figure, percentile, reportFigures, round } from './lib/figures.ts';
import { describeMachine, machineAtEnd, machineAtStart } from './lib/machine.ts';
import { createDatabase, dropDatabase } from './lib/servers.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const itersArg = args.includes('--issues') ? Number(args[args.indexOf('--issues') + 1]) : null;

const CONNECTIONS = 64;
const ISSUES = itersArg ?? (quick ? 256 : 64 * 40);

/** Runs `work(i)` for i in 0..count-1 over `CONNECTIONS` workers at once; each call's milliseconds. */
async function contended(count: number, work: (i: number) => Promise<void>): Promise<{ times: number[]; seconds: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await work(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const machine = machineAtStart();
  console.log(describeMachine(machine));
  const name = `clinic_bench_billing_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(name);
  process.env.DATABASE_POOL_MAX = String(CONNECTIONS);
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const figures: Figure[] = [];
  const notes: string[] = [`load average at start ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other work on the machine skews every figure)`];
  try {
    const db = database.db;
    await migrateToLatest(db);
    // --- the clinic: tax settings, a front-desk user, clients and one draft per issue -----------
    await sql`insert into billing_settings (legal_name, gstin, state_code, address, series_prefixes, gst_rates_bp)
      values ('Bench Wellness', '27AAPFU0939F1ZV', '27', '1 Bench Road, Mumbai', '{"invoice":"INV","bill_of_supply":"BOS","credit_note":"CN","receipt":"RV"}', '[0,500,1800,4000]')`.execute(
      db,
    );
    await sql`insert into users (sub, username, email, first_name, last_name, role)
      select 'bill-' || i, 'bill-' || i, 'bill' || i || '@bench.test', 'Client', 'C' || i, case when i = 0 then 'RECEPTION' else 'CLIENT' end from generate_series(0, 100) i`.execute(
      db,
    );
    await sql`insert into user_profiles (user_id) select id from users`.execute(db);
    const desk = (await sql<{ id: number }>`select id from users where role = 'RECEPTION'`.execute(db)).rows[0].id;
    await sql`insert into billing_documents (client_id, status, source_from, recipient, place_of_supply, created_by)
      select u.id, 'draft', 'manual', json_build_object('name', u.first_name || ' ' || u.last_name, 'address', null, 'gstin', null, 'state_code', null), '27', ${desk}
      from generate_series(1, ${ISSUES}) g join users u on u.role = 'CLIENT' and u.id = (select min(id) from users where role = 'CLIENT') + g % 100`.execute(
      db,
    );
    await sql`insert into billing_lines (document_id, position, origin, description, code, quantity, unit_price_paise, discount_paise, gst_rate_bp, exempt, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
      select d.id, p, 'manual', 'Line ' || p, '999722', 1 + p, 99900 + d.id, 0, 1800, false, 0, 0, 0, 0, 0 from billing_documents d, generate_series(0, 2) p`.execute(
      db,
    );
    await sql`create table bench_bare (id serial primary key, document integer not null, number text not null)`.execute(db);
    const drafts = (await sql<{ id: number }>`select id from billing_documents order by id`.execute(db)).rows.map((r) => r.id);
    notes.push(`${drafts.length} drafts of 3 lines each, issued by ${CONNECTIONS} connections at once`);

    // Every connection of the pool open and used once, so neither timing pays for opening them.
    await contended(CONNECTIONS, async () => {
      await sql`select 1`.execute(db);
    });

    // --- bare: one single-row insert per "issue", same connections ------------------------------
    const bare = await contended(drafts.length, async (i) => {
      await sql`insert into bench_bare (document, number) values (${drafts[i]}, ${`B/26-27/${i}`})`.execute(db);
    });

    // --- issuing: the server's transaction (lock, price, number, snapshot, audit) ----------------
    let failed = 0;
    const issue = await contended(drafts.length, async (i) => {
      try {
        await issueDocument(db, {
          id: drafts[i],
          audit: { actor: { id: desk, role: 'RECEPTION' }, action: 'billing.document.issue', client: null, requestId: `bench-${i}` },
        });
      } catch (error) {
        failed++;
        if (failed < 4) notes.push(`issue failed: ${(error as Error).message}`);
      }
    });

    const serials = (await sql<{ number: string }>`select number from billing_documents where kind = 'invoice' order by id`.execute(db)).rows
      .map((r) => Number(r.number.split('/')[2]))
      .sort((a, b) => a - b);
    const gaps = serials.filter((n, i) => n !== i + 1).length;
    const duplicates = serials.length - new Set(serials).size;
    const p95 = percentile(issue.times, 95);
    const bareP95 = percentile(bare.times, 95);
    figures.push(
      {
        name: `issue p50 (${CONNECTIONS} concurrent)`,
        value: round(percentile(issue.times, 50), 2),
        unit: 'ms',
        compared: { label: 'bare insert p50', value: round(percentile(bare.times, 50), 2), unit: 'ms' },
      },
      {
        name: `issue p95 (${CONNECTIONS} concurrent)`,
        value: round(p95, 2),
        unit: 'ms',
        compared: { label: 'bare insert p95', value: round(bareP95, 2), unit: 'ms' },
        target: '< 50 ms',
        met: p95 < 50,
      },
      { name: 'issue p95 / bare insert p95', value: round(p95 / bareP95, 1), unit: 'x' },
      {
        name: 'issues/s',
        value: round(drafts.length / issue.seconds),
        unit: 'req/s',
        compared: { label: 'bare inserts/s', value: round(drafts.length / bare.seconds), unit: 'req/s' },
      },
      { name: 'issues failed (must be 0)', value: failed, unit: 'requests', target: '0', met: failed === 0 },
      { name: 'invoice numbers out of 1..n (gaps, must be 0)', value: gaps, unit: 'numbers', target: '0', met: gaps === 0 && serials.length === drafts.length },
      { name: 'duplicate invoice numbers (must be 0)', value: duplicates, unit: 'numbers', target: '0', met: duplicates === 0 },
    );
  } finally {
    await database.close();
    await dropDatabase(name);
  }
  reportFigures(`billing benchmark (${quick ? 'quick' : 'full'}), PostgreSQL`, figures, notes, { jsonOut, machine: machineAtEnd(machine) });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
