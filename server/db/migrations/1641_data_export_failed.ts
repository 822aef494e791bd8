// A data export whose build the job queue gave up on ends `failed` (issue 38): it keeps no archive
// and, like a ready or expired one, no longer blocks the client's next ask. The status check learns
// the new status. The one-under-way index (1640) already names the statuses that block
// (requested, building), so a failed export holds no client's place without touching it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_exports drop constraint data_exports_status_check`.execute(db);
  await sql`alter table data_exports add constraint data_exports_status_check
    check (status in ('requested', 'building', 'ready', 'expired', 'failed'))`.execute(db);
  await sql`alter table data_exports add constraint data_exports_failed_keeps_nothing
    check (status <> 'failed' or (archive is null and ready_at is null and expires_at is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from data_exports where status = 'failed'`.execute(db);
  await sql`alter table data_exports drop constraint data_exports_failed_keeps_nothing`.execute(db);
  await sql`alter table data_exports drop constraint data_exports_status_check`.execute(db);
  await sql`alter table data_exports add constraint data_exports_status_check
    check (status in ('requested', 'building', 'ready', 'expired'))`.execute(db);
}
