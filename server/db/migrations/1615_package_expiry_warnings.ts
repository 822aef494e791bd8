// Packages in the portal (issue 35): a client is told a week before a package's unused credits
// expire, once. The marker is written in the same transaction as the message (or its job), so a
// second run, a second server process or a restart after a crash never sends it again. Keyed by the
// expiry date too: a package whose expiry moves (frozen, then unfrozen) is warned about its new date.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table package_expiry_warnings (
    package_id integer not null references packages (id) on delete cascade,
    expires_on date not null,
    sent_at timestamptz not null default now(),
    primary key (package_id, expires_on)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table package_expiry_warnings`.execute(db);
}
