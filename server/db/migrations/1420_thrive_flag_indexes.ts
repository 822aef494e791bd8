// Indexes for two of the thrive dashboard's clinic-wide reads (issue 19), so neither scans a whole
// table as the clinic grows:
// - the adverse-event flag (server/api/thrive/sql.ts recentAdverse): visits with an adverse event,
//   by when the visit started (or else was opened), the client in the index; a handful of rows
//   among every therapy visit ever charted, read by range from the index alone;
// - package sessions left (the summary's tile and its drill-down): only packages with sessions
//   left, by expiry, with what the sum and the list need, so used-up packages (most, over the
//   years) are never read.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index thrive_visits_adverse_idx on therapy_visits ((coalesce(started_at, created_at))) include (client_id)
    where adverse_events <> '[]'::jsonb`.execute(db);
  await sql`create index thrive_packages_left_idx on packages (expires_on) include (client_id, therapy, sessions_total, sessions_used)
    where sessions_used < sessions_total`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists thrive_packages_left_idx`.execute(db);
  await sql`drop index if exists thrive_visits_adverse_idx`.execute(db);
}
