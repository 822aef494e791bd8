// What a client sees of a ticket changes only when something visible to them changes (issue 42):
// `client_updated_at` moves with the ticket's creation, a reply either way, a status change and
// an assignment, never with an internal note; `updated_at` stays the clinic's own (every change,
// notes included). Existing tickets start from their newest visible moment.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table support_tickets add column client_updated_at timestamptz`.execute(db);
  await sql`update support_tickets t set client_updated_at = greatest(
      t.created_at,
      t.solved_at,
      t.closed_at,
      (select max(m.created_at) from support_messages m where m.ticket_id = t.id and not m.internal))`.execute(db);
  await sql`alter table support_tickets alter column client_updated_at set default now()`.execute(db);
  await sql`alter table support_tickets alter column client_updated_at set not null`.execute(db);
  await sql`create index support_tickets_client_updated_idx on support_tickets (client_id, client_updated_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table support_tickets drop column client_updated_at`.execute(db);
}
