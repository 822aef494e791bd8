// A logical backup of every table (public and identity schemas) as JSON Lines, identical on
// PGlite and PostgreSQL, with no pg_dump binary:
//   line 1  {"format":"thrive-clinic-backup","version":1,"created_at","engine","migrations":[...]}
//   then    {"table":"schema.name","row":{...}}   one per row, tables in foreign-key order
//   last    {"end":true,"tables":{"schema.name":rowCount,...}}
// The dump reads inside one REPEATABLE READ READ ONLY transaction, so it is one consistent
// snapshot of a live database. Rows travel as PostgreSQL's own row_to_json and come back through
// json_populate_record, so every column type round-trips without per-type code.
import { sql } from 'kysely';
import type { Db, Engine } from '../db/database.ts';

export const BACKUP_FORMAT = 'thrive-clinic-backup';
export const BACKUP_VERSION = 1;
const SCHEMAS = ['public', 'identity'];
const SKIP = new Set(['public.kysely_migration', 'public.kysely_migration_lock']);

export interface BackupHeader {
  format: string;
  version: number;
  created_at: string;
  engine: Engine;
  migrations: string[];
}

export interface TableInfo {
  name: string;
  /** Columns that take values on insert (generated ones are recomputed). */
  columns: string[];
}

const q = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

/** Every data table in foreign-key order (referenced tables first). */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const tables = (
    await sql<{ name: string }>`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in (${sql.join(SCHEMAS)}) order by 1`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((n) => !SKIP.has(n));
  const deps = (
    await sql<{ child: string; parent: string }>`
      select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f'`.execute(db)
  ).rows;
  const columns = (
    await sql<{ name: string; column: string }>`
      select table_schema || '.' || table_name as name, column_name as column from information_schema.columns
      where table_schema in (${sql.join(SCHEMAS)}) and is_generated = 'NEVER'
      order by table_schema, table_name, ordinal_position`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const d of deps) if (d.child === name && d.parent !== name && tables.includes(d.parent)) visit(d.parent);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of tables) visit(name);
  return ordered.map((name) => ({ name, columns: columns.filter((c) => c.name === name).map((c) => c.column) }));
}

export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows;
  return rows.map((r) => r.name);
}

/** Writes the whole database, one consistent snapshot, through `write` (one line per call). */
export async function dumpDatabase(db: Db, engine: Engine, write: (line: string) => Promise<void> | void): Promise<Record<string, number>> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        engine,
        migrations: await appliedMigrations(trx),
      };
      await write(JSON.stringify(header));
      const counts: Record<string, number> = {};
      for (const table of await listTables(trx)) {
        const rows = (await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.raw(q(table.name))} t order by 1`.execute(trx)).rows;
        for (const { row } of rows) await write(`{"table":${JSON.stringify(table.name)},"row":${row}}`);
        counts[table.name] = rows.length;
      }
      await write(JSON.stringify({ end: true, tables: counts }));
      return counts;
    });
}

export class RestoreError extends Error {}

/**
 * Loads a dump into a migrated database with no clinic data (no users, no identity accounts),
 * in one transaction: all of it or nothing. Tables the migrations seeded are emptied first.
 */
export async function restoreDatabase(db: Db, lines: AsyncIterable<string> | Iterable<string>): Promise<Record<string, number>> {
  return db.transaction().execute(async (trx) => {
    const tables = await listTables(trx);
    const byName = new Map(tables.map((t) => [t.name, t]));
    for (const name of ['public.users', 'identity.users']) {
      if (!byName.has(name)) continue;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(q(name))}`.execute(trx);
      if (rows[0].n > 0) throw new RestoreError(`the target database is not empty (${name} has ${rows[0].n} rows); restore only into a new, empty database`);
    }
    let header: BackupHeader | null = null;
    let end: { tables: Record<string, number> } | null = null;
    const counts: Record<string, number> = {};
    let pending: { table: string; rows: string[] } | null = null;
    const flush = async () => {
      if (!pending || pending.rows.length === 0) return;
      const table = byName.get(pending.table)!;
      const cols = table.columns.map((c) => q(c)).join(', ');
      // Identity columns take the dumped ids; sequences are moved past them afterwards.
      await sql`insert into ${sql.raw(q(table.name))} (${sql.raw(cols)}) overriding system value
        select ${sql.raw(cols)} from json_populate_recordset(null::${sql.raw(q(table.name))}, ${`[${pending.rows.join(',')}]`}::json)`.execute(trx);
      pending.rows = [];
    };
    for await (const line of lines) {
      if (!line.trim()) continue;
      const item = JSON.parse(line);
      if (!header) {
        if (item.format !== BACKUP_FORMAT || item.version !== BACKUP_VERSION) throw new RestoreError('not a Thrive Clinic backup (unknown format or version)');
        header = item as BackupHeader;
        const here = await appliedMigrations(trx);
        if (JSON.stringify(here) !== JSON.stringify(header.migrations)) {
          throw new RestoreError(
            `the backup was taken at migrations [${header.migrations.join(', ')}] but this database has [${here.join(', ')}]; restore with the same version of the application`,
          );
        }
        // Triggers (append-only guards, history writers) must not fire while rows are copied.
        await sql`set local session_replication_role = replica`.execute(trx);
        for (const t of [...tables].reverse()) await sql`truncate ${sql.raw(q(t.name))} cascade`.execute(trx);
        continue;
      }
      if (item.end) {
        end = item;
        break;
      }
      if (!byName.has(item.table)) throw new RestoreError(`the backup has a table this database lacks: ${item.table}`);
      if (pending?.table !== item.table) await flush();
      const current: { table: string; rows: string[] } = pending !== null && pending.table === item.table ? pending : { table: String(item.table), rows: [] };
      pending = current;
      current.rows.push(JSON.stringify(item.row));
      counts[item.table] = (counts[item.table] ?? 0) + 1;
      if (current.rows.length >= 500) await flush();
    }
    await flush();
    if (!header || !end) throw new RestoreError('the backup is incomplete (no end marker): it was cut short');
    for (const [name, n] of Object.entries(end.tables)) {
      if ((counts[name] ?? 0) !== n) throw new RestoreError(`the backup is inconsistent: ${name} lists ${n} rows but holds ${counts[name] ?? 0}`);
    }
    const sequences = (
      await sql<{ tbl: string; col: string; seq: string }>`
        select table_schema || '.' || table_name as tbl, column_name as col,
               pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) as seq
        from information_schema.columns where table_schema in (${sql.join(SCHEMAS)})`.execute(trx)
    ).rows.filter((r) => r.seq);
    for (const s of sequences) {
      await sql`select setval(${s.seq}::regclass, coalesce((select max(${sql.raw(q(s.col))}) from ${sql.raw(q(s.tbl))}), 0) + 1, false)`.execute(trx);
    }
    return counts;
  });
}
