// Idempotency keys (issue 42): a write a person may send twice (a support ticket, an enquiry, a
// booking) carries an Idempotency-Key; the first answer is kept here for 24 hours so a repeat
// with the same key gets that answer back and writes nothing. The row is inserted in the write's
// own transaction (so it exists exactly when the write does, across a crash) and its answer is
// added before the answer is sent. Caller and key are stored hashed (an address never in clear).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_keys (
    caller_key text not null primary key,
    fingerprint text not null,
    request_id text not null,
    status integer,
    body text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
