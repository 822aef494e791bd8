// The identity service's request limits (per client IP and action, codes per user) live here, not
// in process memory, so instances behind one load balancer count against one limit. Keys are
// hashed: the table holds no IP address or user id in clear.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity.rate_limits (
      key text primary key,
      window_start timestamptz not null,
      hits integer not null
    )`.execute(db);
  await sql`create index rate_limits_window_idx on identity.rate_limits (window_start)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table identity.rate_limits`.execute(db);
}
