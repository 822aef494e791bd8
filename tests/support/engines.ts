// Every data test runs on PGlite, and on PostgreSQL too when DATABASE_URL is set (CI): each
// test database is fresh (an in-memory PGlite, or a PostgreSQL database created and dropped).
// A migrated one is a copy of a template migrated once (tests/support/db-template.ts), not a
// new run of every migration: the same schema, made in a fraction of the time.
import { randomBytes } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { type Database, type Engine, openDatabase } from '../../server/db/database.ts';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { clonePglite, createFromPostgresTemplate, pgliteExtensions } from './db-template.ts';

export const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** The connection string of the fresh PostgreSQL database, or null on PGlite. */
  url: string | null;
}

/** A fresh, migrated database on the given engine; `close()` also drops it. */
export async function createTestDatabase(engine: Engine, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let database: TestDatabase;
  const migrate = options.migrate !== false;
  if (engine === 'pglite') {
    const client = migrate ? await clonePglite() : await PGlite.create({ extensions: pgliteExtensions });
    const db = new Kysely<any>({ dialect: new PGliteDialect(client) });
    database = {
      db,
      engine,
      url: null,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  } else {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `clinic_test_${randomBytes(6).toString('hex')}`;
    if (migrate) await createFromPostgresTemplate(adminUrl, name);
    else {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    database = {
      ...opened,
      url: url.toString(),
      close: async () => {
        await opened.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  return database;
}
