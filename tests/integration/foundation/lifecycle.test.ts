// The server process's life: it restarts on the same DATA_DIR with its data, stops cleanly on
// SIGTERM while a request is in flight, refuses a second process on the same PGlite files, and
// (on PostgreSQL) two instances starting together migrate without colliding and enforce one
// identity limit (a lockout on one holds on the other; the per-IP allowance is shared).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../support/db-template.ts';
import { startServer } from '../../support/server-process.ts';

// DATABASE_URL is blanked so these run on PGlite even when CI sets it.
const apiOnly = { SERVE_SPA: 'false', LOG_LEVEL: 'info', DATABASE_URL: '' };
const dataDirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-life-'));
  dataDirs.push(dir);
  return dir;
}
/** A DATA_DIR already migrated (the test template), for the tests that are not about a first start. */
async function migratedTempDataDir() {
  const dir = await migratedDataDir('clinic-life-');
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// Real processes start slowly on a loaded 2-core machine: generous per-test timeouts. The first
// test starts on an empty DATA_DIR (initdb, every migration, first-start identity); the others
// are not about a first start and start on a migrated copy, about half a first start's time.
describe('server lifecycle on PGlite', { timeout: 240_000 }, () => {
  it('keeps its data across a restart and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir, env: apiOnly });
    const config1 = await (await fetch(`${first.baseUrl}/config.json`)).json();
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    const second = await startServer({ dataDir, env: apiOnly });
    const config2 = await (await fetch(`${second.baseUrl}/config.json`)).json();
    // The pool id and client id were generated on first start and stored in the database.
    expect(config2.amplify.auth.user_pool_id).toBe(config1.amplify.auth.user_pool_id);
    expect(config2.amplify.auth.user_pool_client_id).toBe(config1.amplify.auth.user_pool_client_id);
    const started = Date.now();
    expect(await second.stop('SIGINT')).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('logs one JSON line per request without the query string', async () => {
    const server = await startServer({ dataDir: await migratedTempDataDir(), env: apiOnly });
    await fetch(`${server.baseUrl}/api/v1/users/users?search=Priya%20Sharma`);
    await server.stop();
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l));
    const line = lines.find((l) => String(l.path).startsWith('/api/v1/users/users'));
    expect(line).toMatchObject({ method: 'GET', path: '/api/v1/users/users' });
    expect(typeof line.status).toBe('number');
    expect(typeof line.duration_ms).toBe('number');
    expect(line.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.output()).not.toContain('Priya');
  });

  it('refuses a second server on the same DATA_DIR', async () => {
    const dataDir = await migratedTempDataDir();
    const first = await startServer({ dataDir, env: apiOnly });
    try {
      await expect(startServer({ dataDir, env: apiOnly, timeoutMs: 60_000 })).rejects.toThrow(/in use by process/);
    } finally {
      await first.stop();
    }
  });

  it('takes over the lock a killed server left behind', async () => {
    const dataDir = await migratedTempDataDir();
    const first = await startServer({ dataDir, env: apiOnly });
    await first.stop('SIGKILL');
    const second = await startServer({ dataDir, env: apiOnly });
    expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  });
});

const ADMIN_EMAIL = 'lockout.admin@clinic.local';
const TEMP_PASSWORD = 'Lifecycle-Temp-Pass-1!';

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', { timeout: 240_000 }, () => {
  it('start together, migrate once under the advisory lock, and enforce one identity limit', async () => {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `clinic_life_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      // Instances sharing a database share IDENTITY_SECRET (it seals the identity keys).
      const env = {
        ...apiOnly,
        DATABASE_URL: url.toString(),
        IDENTITY_SECRET: 'lifecycle-test-secret-0123456789abcdef',
        ADMIN_EMAIL,
        ADMIN_TEMP_PASSWORD: TEMP_PASSWORD,
        IDENTITY_RATE_LIMIT_PER_MINUTE: '20',
      };
      const [a, b] = await Promise.all([startServer({ dataDir: tempDataDir(), env }), startServer({ dataDir: tempDataDir(), env })]);
      const [ca, cb] = await Promise.all([a, b].map(async (s) => (await fetch(`${s.baseUrl}/config.json`)).json()));
      expect(ca.amplify.auth.user_pool_id).toBe(cb.amplify.auth.user_pool_id);

      // One limit behind a load balancer: a lockout earned on one instance holds on the other, and
      // the per-IP allowance is shared, not doubled.
      const clientId = ca.amplify.auth.user_pool_client_id;
      const call = async (server: typeof a, action: string, body: Record<string, unknown>) => {
        const res = await fetch(`${server.baseUrl}/identity`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
          body: JSON.stringify({ ClientId: clientId, ...body }),
        });
        return (await res.json()) as { __type?: string; message?: string; ChallengeName?: string };
      };
      const signIn = (server: typeof a, password: string) =>
        call(server, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: ADMIN_EMAIL, PASSWORD: password } });
      // Five failures, alternating instances: one counter. Then more on A until the lock lasts 8 s
      // (1, 2, 4, 8 s: each failure while unlocked doubles it).
      let failures = 0;
      while (failures < 8) {
        // From the fifth failure on, the account is locked for 2^(n-5) s: wait it out first.
        if (failures >= 5) await new Promise((r) => setTimeout(r, 2 ** (failures - 5) * 1000 + 250));
        const answer = await signIn(failures % 2 === 0 || failures >= 5 ? a : b, 'Wrong-Pass-1!');
        if (answer.message === 'Incorrect username or password.') failures += 1;
        else if (answer.message !== 'Password attempts exceeded') throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
      }
      // The right password on the other instance: still locked.
      expect(await signIn(b, TEMP_PASSWORD)).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
      // ForgotPassword from this IP: 20 a minute in all, whichever instance answers.
      const forgot = (server: typeof a) => call(server, 'ForgotPassword', { Username: 'nobody@example.com' });
      for (let i = 0; i < 10; i++) {
        expect((await forgot(a)).__type).not.toBe('TooManyRequestsException');
        expect((await forgot(b)).__type).not.toBe('TooManyRequestsException');
      }
      expect((await forgot(a)).__type).toBe('TooManyRequestsException');
      expect((await forgot(b)).__type).toBe('TooManyRequestsException');
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query('select name from kysely_migration order by name');
      await check.end();
      expect(rows.length).toBe(new Set(rows.map((r) => r.name)).size);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
