// The server process's life: it restarts on the same DATA_DIR with its data, stops cleanly on
// SIGTERM while a request is in flight, refuses a second process on the same PGlite files, and
// (on PostgreSQL) two instances starting together migrate without colliding.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../support/server-process.ts';

// DATABASE_URL is blanked so these run on PGlite even when CI sets it.
const apiOnly = { SERVE_SPA: 'false', LOG_LEVEL: 'info', DATABASE_URL: '' };
const dataDirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-life-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// Real processes start slowly on a loaded 2-core machine: generous per-test timeouts.
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
    const server = await startServer({ dataDir: tempDataDir(), env: apiOnly });
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
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir, env: apiOnly });
    try {
      await expect(startServer({ dataDir, env: apiOnly, timeoutMs: 60_000 })).rejects.toThrow(/in use by process/);
    } finally {
      await first.stop();
    }
  });

  it('takes over the lock a killed server left behind', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir, env: apiOnly });
    await first.stop('SIGKILL');
    const second = await startServer({ dataDir, env: apiOnly });
    expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL', { timeout: 240_000 }, () => {
  it('start together and migrate once, under the advisory lock', async () => {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `clinic_life_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      // Instances sharing a database share IDENTITY_SECRET (it seals the identity keys).
      const env = { ...apiOnly, DATABASE_URL: url.toString(), IDENTITY_SECRET: 'lifecycle-test-secret-0123456789abcdef' };
      const [a, b] = await Promise.all([
        startServer({ dataDir: tempDataDir(), env }),
        startServer({ dataDir: tempDataDir(), env }),
      ]);
      const [ca, cb] = await Promise.all([a, b].map(async (s) => (await fetch(`${s.baseUrl}/config.json`)).json()));
      expect(ca.amplify.auth.user_pool_id).toBe(cb.amplify.auth.user_pool_id);
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
