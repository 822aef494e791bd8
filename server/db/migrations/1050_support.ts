// Support: tickets (a client's question to the clinic, with its status on the ticket chart in
// machines/support/ticket-lifecycle.ts), their conversation (replies the client sees, internal
// notes they never do) and attachments. Attachments live in the database beside the ticket, with
// their SHA-256, so a backup holds them, a crash never leaves a file without its row, and the
// same code runs on PGlite and PostgreSQL.
import { type Kysely, sql } from 'kysely';

const statements = [
  `
create table support_tickets (
      id integer generated always as identity primary key,
      client_id integer not null references users (id) on delete cascade,
      category text not null check (category in ('appointments', 'billing', 'reports', 'the_app', 'other')),
      subject text not null check (length(subject) between 1 and 200),
      status text not null default 'new' check (status in ('new', 'open', 'pending', 'on_hold', 'solved', 'closed')),
      appointment_id integer references appointments (id) on delete set null,
      assignee_id integer references users (id) on delete set null,
      opened_by integer not null references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      solved_at timestamptz,
      closed_at timestamptz
    )`,
  `create index support_tickets_client_idx on support_tickets (client_id, created_at desc)`,
  `create index support_tickets_status_idx on support_tickets (status, created_at)`,
  `
create table support_messages (
      id integer generated always as identity primary key,
      ticket_id integer not null references support_tickets (id) on delete cascade,
      author_id integer not null references users (id),
      internal boolean not null default false,
      body text not null check (length(body) between 1 and 10000),
      created_at timestamptz not null default now()
    )`,
  `create index support_messages_ticket_idx on support_messages (ticket_id, id)`,
  `
create table support_attachments (
      id integer generated always as identity primary key,
      uploaded_by integer not null references users (id) on delete cascade,
      message_id integer references support_messages (id) on delete cascade,
      file_name text not null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')),
      size_bytes integer not null check (size_bytes between 1 and 10485760),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      content bytea not null,
      created_at timestamptz not null default now()
    )`,
  `create index support_attachments_message_idx on support_attachments (message_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['support_attachments', 'support_messages', 'support_tickets']) await sql.raw(`drop table ${table}`).execute(db);
}
