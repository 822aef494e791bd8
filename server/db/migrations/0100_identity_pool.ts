// The built-in identity service keeps its state in its own schema. This first migration holds
// the pool itself: its id and app client id, generated once so they are stable across restarts
// and shared by every instance on the same database.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createSchema('identity').ifNotExists().execute();
  await db.schema
    .withSchema('identity')
    .createTable('pool')
    .addColumn('singleton', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`singleton`),
    )
    .addColumn('pool_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.withSchema('identity').dropTable('pool').execute();
}
