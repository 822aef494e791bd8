// Faults against the real server process (`npm start`'s command); the clinical records' kill -9
// rounds are in faults-clinical.test.ts:
//   - SIGKILL during 1,000 concurrent writes, restart on the same data: every write that got a
//     2xx is present and whole, no row is half-written (PGlite and PostgreSQL);
//   - PostgreSQL stopped under load (a throwaway cluster started here, never the shared one): the
//     API answers 503 {detail} while it is down and recovers without a restart.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engines } from '../support/engines.ts';
import { freePort, type ServerProcess, startServer } from '../support/server-process.ts';
import { killDuringBookings } from './scheduling-faults.ts';
import { killDuringPackageSales } from './package-sale-faults.ts';
import { killDuringRedemptions } from './redemption-faults.ts';
import { killDuringBilling } from './billing-faults.ts';
import { killDuringDayClose } from './day-close-faults.ts';
import { killDuringMembershipSales } from './membership-faults.ts';
import { killDuringDataExports } from './privacy-faults.ts';
import { killDuringWebhooks } from './billing-online-faults.ts';
import { razorpayEnv, RAZORPAY_KEYS, startRazorpayStandIn } from '../support/razorpay-stand-in.ts';
import { killDuringAnsweredBookings } from './portal-booking-faults.ts';
import { killDuringImpactedCancels, killDuringSeenMarks } from './portal-seen-faults.ts';
import { killDuringSupportWrites } from './support-faults.ts';
import { killDuringHomeViews } from './home-view-faults.ts';
import { killDuringLogoUploads } from './clinic-logo-faults.ts';
import { killDuringPasskeyRegistrations, PASSKEY_PUBLIC_URL } from './passkey-faults.ts';
import { adminToken, type Cleanups, freshStore as storeFor, QUIET } from './fault-stores.ts';
import { FULL, recordReliability } from './summary.ts';

const WRITES = 1000;

const program = (run: string, i: number) => ({
  name: `fault ${run} ${i}`,
  description: createHash('sha256').update(`${run}/${i}`).digest('hex').repeat(8),
  duration_weeks: 1 + (i % 52),
  price_inr: i * 100,
});

describe.each(engines)('faults on %s', (engine) => {
  const cleanups: Cleanups = [];
  let cases = 0;
  let failures = 0;
  let lost = 0;
  let unanswered = 0;
  afterAll(async () => {
    recordReliability({
      area: `SIGKILL during writes (${engine})`,
      cases,
      failures,
      dataLost: lost,
      note: `${WRITES} concurrent writes per round; ${cases} acknowledged before the kill; ${unanswered} connections unanswered before it`,
    });
    for (const c of cleanups.reverse()) await c();
  }, 180_000);

  const freshStore = (prefix: string) => storeFor(engine, prefix, cleanups);

  it(`SIGKILL during ${WRITES} concurrent writes: every acknowledged write survives, none half-written`, async () => {
    const { env, dataDir } = await freshStore('clinic-faults-');
    const rounds = FULL ? 3 : 1;
    let server: ServerProcess = await startServer({ env, dataDir });
    cleanups.push(() => server.stop('SIGKILL'));
    const acknowledged = new Map<number, ReturnType<typeof program>>();
    for (let round = 0; round < rounds; round++) {
      const token = await adminToken(server.baseUrl);
      const run = `r${round}`;
      let acks = 0;
      let killed = false;
      const target = server;
      const writes = Array.from({ length: WRITES }, async (_, i) => {
        const body = program(run, i);
        try {
          const res = await fetch(`${target.baseUrl}/api/v1/programs/programs`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (res.status === 201) {
            const created = (await res.json()) as { id: number };
            acknowledged.set(created.id, body);
            acks += 1;
          } else if (!killed) throw new Error(`write ${i} answered ${res.status} before the kill: ${await res.text()}`);
        } catch {
          // No answer at all (the kernel's accept queue overflowing under 1,000 simultaneous
          // connections, or the kill): the client was never told the write happened.
          if (!killed) unanswered += 1;
        }
      });
      // Kill once a third of the writes were acknowledged, mid-stream.
      while (acks < WRITES / 3 && target.child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
      killed = true;
      await target.stop('SIGKILL');
      await Promise.all(writes);
      expect(acks).toBeGreaterThan(0);
      expect(acks).toBeLessThan(WRITES);
      server = await startServer({ env, dataDir });
    }

    // After the last restart: every acknowledged write is there exactly as sent; every row of
    // ours is whole (its fields are those of one request, never a mix or a partial row).
    const token = await adminToken(server.baseUrl);
    const res = await fetch(`${server.baseUrl}/api/v1/programs/programs`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const listed = (await res.json()) as
      Array<{ id: number; name: string; description: string; duration_weeks: number; price_inr: number }> | { results: any[] };
    const rows = Array.isArray(listed) ? listed : listed.results;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [id, sent] of acknowledged) {
      cases += 1;
      const row = byId.get(id);
      if (!row) {
        lost += 1;
        failures += 1;
        continue;
      }
      if (row.name !== sent.name || row.description !== sent.description || row.duration_weeks !== sent.duration_weeks || row.price_inr !== sent.price_inr)
        failures += 1;
    }
    for (const row of rows.filter((r) => r.name.startsWith('fault '))) {
      const [, run, i] = row.name.split(' ');
      const expected = program(run, Number(i));
      if (row.description !== expected.description || row.duration_weeks !== expected.duration_weeks || row.price_inr !== expected.price_inr) failures += 1;
    }
    expect({ lost, failures }).toEqual({ lost: 0, failures: 0 });

    // And a clean restart keeps everything too.
    const count = rows.length;
    await server.stop('SIGTERM');
    server = await startServer({ env, dataDir });
    const again = (await (
      await fetch(`${server.baseUrl}/api/v1/programs/programs`, { headers: { authorization: `Bearer ${await adminToken(server.baseUrl)}` } })
    ).json()) as unknown[] | { results: unknown[] };
    expect((Array.isArray(again) ? again : again.results).length).toBe(count);
    await server.stop('SIGTERM');
  }, 600_000);

  it('SIGKILL during concurrent bookings: every acknowledged appointment survives whole, none double-booked', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-booking-');
    const outcome = await killDuringBookings({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during bookings (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent bookings on one chamber and one nurse',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during package sales from the catalogue: every acknowledged sale survives whole with its issued invoice, none appears unsold', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-package-sales-');
    const outcome = await killDuringPackageSales({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during package sales (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent catalogue sales to five clients',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during concurrent check-ins taking package credits: used credits equal the visits on the package, never above the total', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-redemptions-');
    const outcome = await killDuringRedemptions({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during package redemptions (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '120 concurrent check-ins, five clients with 16 credits for 24 visits each',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during invoice issuing, payments and advance refunds: no issued number lost or repeated, no acknowledged payment lost', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-billing-');
    const outcome = await killDuringBilling({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during invoice issuing and payments (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '240 concurrent issues, then a payment on each issued invoice at once, then 60 advance refunds at once',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it("SIGKILL during the day's close: every acknowledged count and close kept, none half written", async () => {
    const { env, dataDir } = await freshStore('clinic-faults-day-close-');
    const outcome = await killDuringDayClose({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during the day's close (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: "60 tills' days counted at once, then closed at once",
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during membership sales and their payments: every acknowledged sale has its invoice, every acknowledged payment started its membership', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-memberships-');
    const outcome = await killDuringMembershipSales({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during membership sales and payments (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '120 concurrent sales (six plans, twenty clients), then each invoice paid at once',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during data export requests and their builds: every acknowledged request kept, every export built once and told once', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-exports-');
    const outcome = await killDuringDataExports({
      start: (jobs) => startServer({ env: { ...env, PRIVACY_JOBS_POLL_MS: jobs ? '100' : '0' }, dataDir }),
      token: adminToken,
    });
    recordReliability({
      area: `SIGKILL during data export requests and builds (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '45 exports asked for at once, then built by the job and killed part-way',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during Razorpay webhooks: every acknowledged online payment kept, none recorded twice when they come again', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-webhooks-');
    const standIn = await startRazorpayStandIn(RAZORPAY_KEYS);
    cleanups.push(() => standIn.close());
    const outcome = await killDuringWebhooks({ standIn, start: () => startServer({ env: { ...env, ...razorpayEnv(standIn) }, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during Razorpay webhooks (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '150 signed payment_link.paid webhooks at once, then all delivered again',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during portal bookings marked seen by staff: every acknowledged mark is kept', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-seen-');
    const outcome = await killDuringSeenMarks({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during portal bookings marked seen (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent marks of 300 portal bookings by one staff member',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during passkey registrations: every acknowledged passkey is listed and signs in', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-passkeys-');
    const outcome = await killDuringPasskeyRegistrations({
      start: () => startServer({ env: { ...env, PUBLIC_URL: PASSKEY_PUBLIC_URL, IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,EMAIL_OTP,SMS_OTP,WEB_AUTHN' }, dataDir }),
      token: adminToken,
    });
    recordReliability({
      area: `SIGKILL during passkey registrations (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '200 concurrent CompleteWebAuthnRegistration calls by 20 clients',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during portal home openings: every acknowledged visit stays counted, one first visit', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-home-views-');
    const outcome = await killDuringHomeViews({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during portal home openings (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent openings of one client’s portal home',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during clinic logo uploads: every acknowledged upload is audited, the logo is one sent and whole', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-logo-');
    const outcome = await killDuringLogoUploads({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during clinic logo uploads (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '150 concurrent uploads of different images',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during clinic cancellations of impacted appointments: each cancellation and its message to the client commit together', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-impacted-');
    const outcome = await killDuringImpactedCancels({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during impacted cancellations (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '300 concurrent clinic cancellations, each with an email, on five clients',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during bookings carrying the client’s answers: every acknowledged appointment survives with its answers as sent', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-answers-');
    const outcome = await killDuringAnsweredBookings({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during answered bookings (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '200 concurrent bookings with a pre-call form on five clients',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  it('SIGKILL during support tickets and replies: every acknowledged ticket survives with its message and attachment, every reply once', async () => {
    const { env, dataDir } = await freshStore('clinic-faults-support-');
    const outcome = await killDuringSupportWrites({ start: () => startServer({ env, dataDir }), token: adminToken });
    recordReliability({
      area: `SIGKILL during support writes (${engine})`,
      cases: outcome.acknowledged,
      failures: outcome.broken + outcome.lost,
      dataLost: outcome.lost,
      note: '150 tickets with an attachment and 150 replies on one ticket, concurrently',
    });
    expect({ lost: outcome.lost, broken: outcome.broken }).toEqual({ lost: 0, broken: 0 });
  }, 600_000);

  if (engine === 'postgres') {
    it('PostgreSQL stopped under load: 503 {detail} while down, recovery without a restart', async () => {
      const bin = fs
        .readdirSync('/usr/lib/postgresql')
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
        .find((d) => fs.existsSync(`${d}/pg_ctl`));
      expect(bin, 'PostgreSQL server binaries (postgresql package)').toBeDefined();
      // A throwaway cluster of our own, owned by the postgres user, on a free port.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-pgfault-'));
      fs.chmodSync(dir, 0o777);
      const data = path.join(dir, 'data');
      const port = await freePort();
      const asPostgres = (cmd: string, args: string[]) =>
        process.getuid?.() === 0
          ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
          : execFileSync(cmd, args, { stdio: 'pipe' });
      asPostgres(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
      const pgStart = () =>
        asPostgres(`${bin}/pg_ctl`, [
          '-D',
          data,
          '-l',
          path.join(dir, 'log'),
          '-w',
          '-o',
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
          'start',
        ]);
      const pgStop = () => asPostgres(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
      pgStart();
      cleanups.push(() => {
        try {
          pgStop();
        } catch {
          // already stopped
        }
        fs.rmSync(dir, { recursive: true, force: true });
      });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-pgfault-data-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const server = await startServer({ env: { ...QUIET, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` }, dataDir });
      cleanups.push(() => server.stop('SIGKILL'));
      const token = await adminToken(server.baseUrl);
      const get = async () => {
        const res = await fetch(`${server.baseUrl}/api/v1/programs/programs`, { headers: { authorization: `Bearer ${token}` } });
        return { status: res.status, body: (await res.json()) as { detail?: string } };
      };
      const write = async (i: number) => {
        const res = await fetch(`${server.baseUrl}/api/v1/programs/programs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(program('pgstop', i)),
        });
        return { status: res.status, body: (await res.json()) as { detail?: string } };
      };
      let outcomes: Array<{ status: number; body: { detail?: string } }> = [];
      for (let i = 0; i < 20; i++) outcomes.push(await get(), await write(i));
      expect(outcomes.every((o) => o.status === 200 || o.status === 201)).toBe(true);

      pgStop();
      outcomes = [];
      for (let i = 0; i < 20; i++) outcomes.push(await get(), await write(100 + i));
      const unexpected = outcomes.filter((o) => o.status !== 503 || typeof o.body.detail !== 'string');
      expect(unexpected).toEqual([]);
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);

      pgStart();
      // Recovery without restarting the server: the pool reconnects.
      let recovered = false;
      for (let i = 0; i < 50 && !recovered; i++) {
        recovered = (await get()).status === 200;
        if (!recovered) await new Promise((r) => setTimeout(r, 200));
      }
      expect(recovered).toBe(true);
      outcomes = [];
      for (let i = 0; i < 20; i++) outcomes.push(await get(), await write(200 + i));
      expect(outcomes.filter((o) => o.status !== 200 && o.status !== 201)).toEqual([]);
      expect(server.child.exitCode).toBeNull();
      recordReliability({ area: 'PostgreSQL stopped under load', cases: 120, failures: unexpected.length, dataLost: 0 });
    }, 300_000);
  }
});
