// No table about a client is left out of "Download my data" (issue 38). The database's own
// catalogue says which tables refer to a client: a table with a foreign key to users, or a column
// named like a client's id (client_id, user_id, prospect_id, patient_id, person_id), and then, one
// step at a time, every table with a foreign key to a table the export reads (a ticket's messages, an
// order's results). Each must be read by a section of the export (server/api/privacy/sections.ts)
// or listed in NOT_THE_CLIENTS with the reason it holds none of the client's personal data. A table
// added by a later migration fails here until someone decides which it is.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_SECTIONS, NOT_THE_CLIENTS } from '../../../../server/api/privacy/sections.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../../support/engines.ts';

const CLIENT_COLUMNS = ['client_id', 'user_id', 'prospect_id', 'patient_id', 'person_id'];

interface Reference {
  table: string;
  references: string;
}

describe.each(engines)('the data export covers every table about a client on %s', (engine) => {
  let database: TestDatabase;
  let tables: string[];
  let foreignKeys: Reference[];
  let clientColumns: string[];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    tables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
        db,
      )
    ).rows.map((r) => r.name);
    foreignKeys = (
      await sql<Reference>`
        select distinct child.relname as table, parent.relname as references
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`.execute(db)
    ).rows;
    clientColumns = (
      await sql<{ table: string }>`
        select distinct table_name as table from information_schema.columns
        where table_schema = 'public' and column_name in (${sql.join(CLIENT_COLUMNS)})`.execute(db)
    ).rows.map((r) => r.table);
  }, 120_000);
  afterAll(() => database.close());

  const exported = () => new Set(EXPORT_SECTIONS.flatMap((s) => s.tables.map((t) => t.table)));

  it('every table that refers to a client is exported or said to hold none of their data', () => {
    const covered = exported();
    const uncovered = new Set<string>();
    const seen = new Set<string>(['users']);
    const queue = ['users'];
    const refer = (table: string) => [
      ...foreignKeys.filter((fk) => fk.references === table).map((fk) => fk.table),
      ...(table === 'users' ? clientColumns : []),
    ];
    while (queue.length) {
      const parent = queue.shift()!;
      for (const child of refer(parent)) {
        if (seen.has(child)) continue;
        seen.add(child);
        // The export reads it: what refers to it may be about the client too.
        if (covered.has(child)) queue.push(child);
        else if (!(child in NOT_THE_CLIENTS)) uncovered.add(child);
      }
    }
    expect([...uncovered].sort(), 'tables about a client that the export neither reads nor excludes with a reason').toEqual([]);
    expect(seen.size).toBeGreaterThan(50);
  });

  it('names only tables that exist, each once, never both exported and excluded', () => {
    const names = EXPORT_SECTIONS.flatMap((s) => s.tables.map((t) => t.table));
    expect(names.filter((n) => !tables.includes(n))).toEqual([]);
    expect(Object.keys(NOT_THE_CLIENTS).filter((n) => !tables.includes(n))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(NOT_THE_CLIENTS).filter((n) => exported().has(n))).toEqual([]);
    for (const reason of Object.values(NOT_THE_CLIENTS)) expect(reason.length).toBeGreaterThan(20);
  });

  it('every section reads its tables for a client without error (the where clauses are valid SQL)', async () => {
    for (const section of EXPORT_SECTIONS) {
      for (const t of section.tables) {
        await sql`select count(*) from ${sql.table(t.table)} where ${t.where(1)}`.execute(database.db);
      }
    }
  });
});
