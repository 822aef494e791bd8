// The client record (issue 24): allergies and alert notes staff must see before anything else,
// and one audit event per page view of a record. The view's event is the first read's row in
// audit_events (one per view id, actor and client); every read of the view — the first too — is
// a row of audit_view_reads, so the trail still says what was read. Both stay append-only.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_profiles add column allergies text, add column alert_notes text`.execute(db);
  await sql`alter table audit_events add column view_id uuid`.execute(db);
  await sql`create unique index audit_events_view on audit_events (view_id, actor_id, client_id) where view_id is not null`.execute(db);
  await sql`
    create table audit_view_reads (
      id bigint generated always as identity primary key,
      view_id uuid not null,
      actor_id integer not null,
      client_id integer not null,
      action text not null,
      request_id text not null,
      occurred_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index audit_view_reads_view on audit_view_reads (view_id, actor_id, client_id, id)`.execute(db);
  await sql`create trigger audit_view_reads_append_only before update or delete on audit_view_reads
      for each row execute function refuse_change_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_view_reads`.execute(db);
  await sql`drop index audit_events_view`.execute(db);
  await sql`alter table audit_events drop column view_id`.execute(db);
  await sql`alter table user_profiles drop column allergies, drop column alert_notes`.execute(db);
}
