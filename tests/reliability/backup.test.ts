// Backup round trip on each engine: a seeded database (the demo clinic plus hostile text) is
// backed up with `npm run backup` WHILE the server runs and takes writes, restored with
// `npm run restore` into a new, empty database, and every table is compared row by row
// against the snapshot the backup promised.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpDatabase, restoreDatabase, RestoreError } from '../../server/backup/dump.ts';
import { openDatabase } from '../../server/db/database.ts';
import { engines } from '../support/engines.ts';
import { startServer } from '../support/server-process.ts';
import { NAUGHTY_STRINGS, unstorable } from './naughty-strings.ts';
import { recordReliability } from './summary.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const npmScript = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `clinic_backup_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Every table's rows as sorted JSON text, from a dump (the header's time left out). */
function tablesOf(lines: string[]): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const line of lines) {
    const item = JSON.parse(line);
    if (item.end) for (const name of Object.keys(item.tables)) if (!tables.has(name)) tables.set(name, []);
    if (!item.table) continue;
    const rows = tables.get(item.table) ?? [];
    rows.push(JSON.stringify(item.row));
    tables.set(item.table, rows);
  }
  for (const rows of tables.values()) rows.sort();
  return tables;
}

describe.each(engines)('backup and restore on %s', (engine) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  let cases = 0;
  let failures = 0;
  let lost = 0;
  afterAll(async () => {
    recordReliability({ area: `backup round trip (${engine})`, cases, failures, dataLost: lost });
    for (const c of cleanups.reverse()) await c();
  });

  it('round-trips a seeded, live database table by table, byte for byte', async () => {
    const secret = 'reliability-backup-secret-0123456789abcdef';
    const sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-src-'));
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-backup-dst-'));
    cleanups.push(
      () => fs.rmSync(sourceDir, { recursive: true, force: true }),
      () => fs.rmSync(targetDir, { recursive: true, force: true }),
    );
    let sourceEnv: Record<string, string> = { DATA_DIR: sourceDir, DATABASE_URL: '', IDENTITY_SECRET: secret };
    let targetEnv: Record<string, string> = { DATA_DIR: targetDir, DATABASE_URL: '', IDENTITY_SECRET: secret };
    if (engine === 'postgres') {
      const source = await freshPostgres();
      const target = await freshPostgres();
      cleanups.push(source.drop, target.drop);
      sourceEnv = { ...sourceEnv, DATABASE_URL: source.url };
      targetEnv = { ...targetEnv, DATABASE_URL: target.url };
    }

    // Seed: the demo clinic, then hostile text in profiles and programs.
    await npmScript('seed-demo', [], sourceEnv);
    const storable = NAUGHTY_STRINGS.filter((s) => !unstorable(s));
    {
      const db = await openDatabase({ databaseUrl: sourceEnv.DATABASE_URL || null, dataDir: sourceDir });
      const ids = (await db.db.selectFrom('user_profiles').select('user_id').orderBy('user_id').execute()).map((r) => r.user_id as number);
      for (const [i, text] of storable.entries()) {
        await db.db
          .updateTable('user_profiles')
          .set({ city: text.slice(0, 100), address_line_1: text.slice(0, 200) })
          .where('user_id', '=', ids[i % ids.length])
          .execute();
        await db.db
          .insertInto('programs')
          .values({
            name: `#${i} ${text.slice(0, 150)}`,
            description: text.slice(0, 5000),
            duration_weeks: 1 + (i % 52),
            price_inr: i * 1000,
            active: i % 2 === 0,
          })
          .execute();
      }
      await db.close();
    }

    // Back up while the server runs and writes (its start-up and a burst of reads that audit).
    const server = await startServer({ env: { ...sourceEnv, SERVE_SPA: 'false', LOG_LEVEL: 'warn' } });
    const file = path.join(sourceDir, 'backup.jsonl');
    try {
      const traffic = Promise.all(Array.from({ length: 40 }, () => fetch(`${server.baseUrl}/readyz`).then((r) => r.status)));
      const { stdout } = await npmScript('backup', ['--out', file], sourceEnv);
      expect(stdout).toMatch(/backup written: .* \(\d+ tables, \d+ rows\)/);
      expect(await traffic).toEqual(Array(40).fill(200));
    } finally {
      await server.stop();
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const dumped = fs.readFileSync(file, 'utf8').trimEnd().split('\n');

    await npmScript('restore', [file], targetEnv);

    // Compare every table: the restored database dumps to exactly the backup's rows.
    const restored: string[] = [];
    const target = await openDatabase({ databaseUrl: targetEnv.DATABASE_URL || null, dataDir: targetDir });
    try {
      await dumpDatabase(target.db, target.engine, (line) => {
        restored.push(line);
      });
      const before = tablesOf(dumped);
      const after = tablesOf(restored);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [name, rows] of before) {
        cases += rows.length;
        const back = after.get(name) ?? [];
        const missing = rows.filter((r) => !back.includes(r));
        lost += missing.length;
        if (missing.length || back.length !== rows.length) failures += 1;
        expect({ name, missing: missing.slice(0, 2), count: back.length }).toEqual({ name, missing: [], count: rows.length });
      }
      expect(before.get('public.users')!.length).toBeGreaterThan(60);
      expect(before.get('identity.users')!.length).toBeGreaterThan(60);
      // Sequences moved past the restored ids: a new row gets a new id.
      const next = await target.db
        .insertInto('programs')
        .values({ name: 'After restore', duration_weeks: 4, price_inr: 100 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const maxId = Math.max(...before.get('public.programs')!.map((r) => JSON.parse(r).id as number));
      expect(next.id).toBeGreaterThan(maxId);
      // A database that already holds data is refused, and left as it was.
      const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      await expect(restoreDatabase(target.db, lines)).rejects.toThrow(RestoreError);
      const count = await sql<{ n: number }>`select count(*)::int as n from users`.execute(target.db);
      expect(count.rows[0].n).toBe(before.get('public.users')!.length);
      cases += 1;
    } finally {
      await target.close();
    }

    // The restored clinic starts and serves: the demo staff can sign in with their password.
    const restoredServer = await startServer({ env: { ...targetEnv, SERVE_SPA: 'false', LOG_LEVEL: 'warn' } });
    try {
      const config = (await (await fetch(`${restoredServer.baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
      const res = await fetch(`${restoredServer.baseUrl}/identity`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: config.amplify.auth.user_pool_client_id,
          AuthParameters: { USERNAME: 'doctor@demo.thrive.clinic', PASSWORD: 'Thrive-Demo-2026!' },
        }),
      });
      const body = (await res.json()) as { AuthenticationResult?: { AccessToken: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      const me = await fetch(`${restoredServer.baseUrl}/api/v1/users/users/me`, {
        headers: { authorization: `Bearer ${body.AuthenticationResult!.AccessToken}` },
      });
      expect(me.status).toBe(200);
      cases += 1;
    } finally {
      await restoredServer.stop();
    }
  }, 900_000);

  it('refuses a truncated backup and leaves the target empty', async () => {
    const { createTestDatabase } = await import('../support/engines.ts');
    const source = await createTestDatabase(engine);
    const target = await createTestDatabase(engine);
    try {
      await source.db.insertInto('programs').values({ name: 'Only program', duration_weeks: 2, price_inr: 10 }).execute();
      const lines: string[] = [];
      await dumpDatabase(source.db, source.engine, (l) => {
        lines.push(l);
      });
      await expect(restoreDatabase(target.db, lines.slice(0, -1))).rejects.toThrow(/incomplete/);
      const n = await sql<{ n: number }>`select count(*)::int as n from programs`.execute(target.db);
      expect(n.rows[0].n).toBe(0);
      await restoreDatabase(target.db, lines);
      const names = await target.db.selectFrom('programs').select('name').execute();
      expect(names).toEqual([{ name: 'Only program' }]);
      cases += 2;
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);
});
