// Billing online (issue 34; docs/billing.md): Razorpay payment links per open document, the
// webhook events already handled (deduplicated on Razorpay's event id in the same transaction as
// the payment they record), payments the webhook refused and left for reception (an amount other
// than the link's, a document no longer owing it), and the attachments of outbox mail (what a
// billing document's email carried: its name, type, size and checksum, not its bytes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table billing_payment_links (
    id serial primary key,
    document_id integer not null references billing_documents (id),
    link_id text not null unique,
    reference_id text not null unique check (char_length(reference_id) between 1 and 40),
    amount_paise bigint not null check (amount_paise >= 100),
    short_url text not null,
    status text not null check (status in ('created', 'partially_paid', 'paid', 'expired', 'cancelled')),
    created_by integer references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // At most one open link per document: two "Pay online" at once reuse one link, never make two.
  await sql`create unique index billing_payment_links_open_key on billing_payment_links (document_id) where status = 'created'`.execute(db);
  await sql`create table billing_gateway_events (
    event_id text primary key,
    event text not null,
    link_id text,
    payment_id text,
    outcome text not null check (outcome in ('recorded', 'already_recorded', 'flagged', 'ignored')),
    received_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table billing_payment_flags (
    id serial primary key,
    document_id integer references billing_documents (id),
    link_id text,
    payment_id text not null,
    event_id text not null,
    amount_paise bigint not null,
    expected_paise bigint,
    reason text not null check (reason in ('amount_mismatch', 'not_payable', 'unknown_link')),
    created_at timestamptz not null default now(),
    resolved_by integer references users (id),
    resolved_at timestamptz
  )`.execute(db);
  // One flag per refused payment, however many events report it.
  await sql`create unique index billing_payment_flags_payment_key on billing_payment_flags (payment_id)`.execute(db);
  await sql`create index billing_payment_flags_open_idx on billing_payment_flags (created_at) where resolved_at is null`.execute(db);
  // A gateway payment is one payment: recorded from two events (payment_link.paid and order.paid)
  // it would be counted twice.
  await sql`create unique index billing_payments_online_key on billing_payments (reference) where method = 'online'`.execute(db);
  await sql`create table mail_outbox_attachments (
    id serial primary key,
    outbox_id bigint not null references mail_outbox (id) on delete cascade,
    filename text not null,
    content_type text not null,
    size_bytes integer not null check (size_bytes >= 0),
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$')
  )`.execute(db);
  await sql`create index mail_outbox_attachments_outbox_idx on mail_outbox_attachments (outbox_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox_attachments', 'billing_payment_flags', 'billing_gateway_events', 'billing_payment_links']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop index billing_payments_online_key`.execute(db);
}
