// One Kysely instance over either engine: PGlite (PostgreSQL in WebAssembly, in-process, files
// under DATA_DIR) when DATABASE_URL is unset, a PostgreSQL server otherwise. Same SQL dialect,
// same migrations, so every module writes its queries once.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
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

// Dates as ISO strings in both engines; bigint counts as numbers (counts never pass 2^53 here).
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

function openPostgres(connectionString: string): Database {
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

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // PGlite is single-process: a second server on the same files would corrupt them.
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    // pg_trgm backs the users search indexes (the same extension PostgreSQL servers ship).
    const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gist } });
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
