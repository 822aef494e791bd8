// One Kysely instance over either engine: PGlite (PostgreSQL in WebAssembly, in-process, files
// under DATA_DIR) when DATABASE_URL is unset, a PostgreSQL server otherwise. Same SQL dialect,
// same migrations, so every module writes its queries once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database as Tables } from './schema.ts';

export type Engine = 'pglite' | 'postgres';

// Every table is typed in one place (schema.ts), so a query names only columns that exist.
export type Db = Kysely<Tables>;

export interface Database {
  db: Db;
  engine: Engine;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

// pg is imported only when PostgreSQL is opened: a server keeps in memory every module it
// imported, and on PGlite pg would never run (about 13 MiB of RSS). PGlite's module is small; its
// WebAssembly loads only in PGlite.create.
async function openPostgres(connectionString: string): Promise<Database> {
  const { default: pg } = await import('pg');
  // Dates as ISO strings in both engines; bigint counts as numbers (counts never pass 2^53 here).
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

// PGlite's WebAssembly memory only ever grows. Its defaults (PostgreSQL's 128 MB shared buffers,
// sized for a server with many sessions) and initdb's peak on a new data directory stayed in the
// server process for its whole life: about 780 MiB right after the first start. One session and a
// clinic's data (10,000 clients is tens of MB) need far fewer buffers; the operating system's
// file cache still holds the rest of the files.
export const PGLITE_START_PARAMS = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', 'shared_buffers=32MB'];

const INITDB = `
const { PGlite } = await import('@electric-sql/pglite');
const client = await PGlite.create(process.argv[1]);
await client.close();
`;

/**
 * A new data directory is initialised (initdb) in a short-lived child process, so initdb's memory
 * peak ends with that process instead of staying in the server's.
 */
async function initialiseDataDirectory(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', INITDB, dir], {
      cwd: path.dirname(fileURLToPath(import.meta.url)),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`initialising the PGlite data directory failed (exit ${code}): ${stderr.slice(-2000)}`)),
    );
  });
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // PGlite is single-process: a second server on the same files would corrupt them.
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    await initialiseDataDirectory(dir);
    // pg_trgm backs the users search indexes (the same extension PostgreSQL servers ship).
    const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gist }, startParams: PGLITE_START_PARAMS });
    const db: Db = new Kysely({ dialect: new PGliteDialect(client) });
    return {
      db,
      engine: 'pglite',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: async () => {
        await db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
