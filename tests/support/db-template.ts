// A migrated database is made once and cloned for every test database, instead of running every
// migration for every test (most of a data test's set-up time). The template is keyed by a hash
// of what shapes it (the migrations, the migrator, the PGlite version), so a new or changed
// migration makes a new template and a stale one is never used.
//   PGlite: a dump of a freshly migrated data directory, cached under .tmp/test-templates/ and
//           shared by every test process (written to a temporary name, then renamed into place).
//   PostgreSQL: a database `clinic_template_<hash>` on the server, made under an advisory lock
//           by whichever process asks first; each test database is `CREATE DATABASE ... TEMPLATE`.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { openDatabase, PGLITE_START_PARAMS } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
export const pgliteExtensions = { pg_trgm, btree_gist };

let cachedHash: string | null = null;

/**
 * What the migrated schema depends on; any change makes a new template. Hashed from the migration
 * code this process loaded (not the files on disk now), so a template is never saved under the
 * name of migrations edited after the process started.
 */
export function templateHash(): string {
  if (cachedHash) return cachedHash;
  const hash = createHash('sha256');
  for (const [name, migration] of Object.entries(migrations).sort(([a], [b]) => a.localeCompare(b))) {
    hash
      .update(name)
      .update('\0')
      .update(String(migration.up))
      .update('\0')
      .update(String(migration.down ?? ''))
      .update('\0');
  }
  for (const file of [path.join(projectRoot, 'server/db/migrate.ts'), path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json')]) {
    hash.update(path.relative(projectRoot, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  cachedHash = hash.digest('hex').slice(0, 16);
  return cachedHash;
}

let pgliteDump: Promise<Blob> | null = null;

async function buildPgliteTemplate(file: string): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const db = new Kysely<any>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    const dump = await client.dumpDataDir('none');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    // Templates of older migrations are never used again (a process still reading one keeps it).
    for (const old of fs.readdirSync(path.dirname(file))) {
      if (/^pglite-[0-9a-f]+\.tar$/.test(old) && old !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), old), { force: true });
    }
    return dump;
  } finally {
    await db.destroy();
  }
}

/** The dump of a migrated PGlite data directory (built on first use, then read from the cache). */
export function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(projectRoot, '.tmp/test-templates', `pglite-${templateHash()}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    return buildPgliteTemplate(file);
  })();
  pgliteDump.catch(() => {
    pgliteDump = null;
  });
  return pgliteDump;
}

/** A new PGlite with the migrated template's data directory. */
export async function clonePglite(): Promise<PGlite> {
  // The server's PGlite settings (32 MB shared buffers), so tests run the database as it runs.
  return PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions, startParams: PGLITE_START_PARAMS });
}

let pgliteDirectory: Promise<string> | null = null;

/**
 * The migrated template unpacked once as a PGlite data directory on disk, cleanly shut down, under
 * .tmp/test-templates/ and shared by every test process (made under a temporary name, then renamed
 * into place; the process that loses the race drops its own).
 */
function pgliteTemplateDirectory(): Promise<string> {
  pgliteDirectory ??= (async () => {
    const dir = path.join(projectRoot, '.tmp/test-templates', `pglite-${templateHash()}.dir`);
    if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const client = await PGlite.create(partial, { loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions });
    await client.close();
    try {
      fs.renameSync(partial, dir);
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      fs.rmSync(partial, { recursive: true, force: true });
    }
    // Directories of older migrations are never used again; one left alone for an hour is no
    // longer being copied by a run that started before the migrations changed.
    for (const old of fs.readdirSync(path.dirname(dir))) {
      const oldPath = path.join(path.dirname(dir), old);
      if (!/^pglite-[0-9a-f]+\.dir/.test(old) || oldPath === dir) continue;
      if (Date.now() - fs.statSync(oldPath).mtimeMs > 60 * 60_000) fs.rmSync(oldPath, { recursive: true, force: true });
    }
    return dir;
  })();
  pgliteDirectory.catch(() => {
    pgliteDirectory = null;
  });
  return pgliteDirectory;
}

/**
 * A new server DATA_DIR whose PGlite database already holds the migrated template, for tests that
 * start the real server process many times (kill -9 rounds, e2e): the server finds PG_VERSION and
 * every migration applied, so it skips initdb and the migrations it would otherwise run at each
 * first start. Tests of a server's own first start use a plain empty directory instead. A file copy
 * of the unpacked template: starting PGlite to unpack the dump for every directory cost about a
 * second of CPU and 40 MB of writes each time.
 */
export async function migratedDataDir(prefix = 'clinic-data-'): Promise<string> {
  const template = await pgliteTemplateDirectory();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

const templateNames = new Map<string, Promise<string>>();

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `clinic_template_${templateHash()}`;
  return withAdmin(adminUrl, async (admin) => {
    // One process builds it; the others wait on the lock and then find it ready.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const ready = await admin.query('select 1 from pg_database where datname = $1 and datallowconn', [name]);
      if (ready.rowCount) return name;
      await admin.query(`drop database if exists ${name} with (force)`);
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      try {
        await migrateToLatest(opened.db);
      } finally {
        await opened.close();
      }
      // Renamed only once complete, so a half-migrated template is never cloned.
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/** Creates database `name` on the server as a copy of the migrated template. */
export async function createFromPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  if (!templateNames.has(adminUrl)) {
    const making = ensurePostgresTemplate(adminUrl);
    templateNames.set(adminUrl, making);
    making.catch(() => templateNames.delete(adminUrl));
  }
  const template = await templateNames.get(adminUrl)!;
  await withAdmin(adminUrl, async (admin) => {
    // A clone fails while another session is connected to the template (only ever briefly: the
    // template is never opened after it is built): retry a few times.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String((error as Error).message))) throw error;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
  });
}
