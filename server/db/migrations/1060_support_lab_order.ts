// Support (issue 21): a ticket may be about one of the client's lab orders, as it may be about one
// of their appointments. No foreign key: lab orders come in a later migration (1100_labs) and this
// one runs before it on a fresh database; the server checks the order is the client's own, and
// lab orders are cancelled, never deleted.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table support_tickets add column lab_order_id integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table support_tickets drop column lab_order_id`.execute(db);
}
