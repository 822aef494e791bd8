// The appointment and its chart are one story (issue 32): check-in opens a set number of hours
// before an appointment's start (a scheduling setting beside the late-cancellation window; default
// 2), and closes when the appointment's clinic day ends.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduling_settings add column check_in_window_hours integer not null default 2 check (check_in_window_hours between 0 and 24)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduling_settings drop column check_in_window_hours`.execute(db);
}
