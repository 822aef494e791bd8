// How far ahead a booking may start (issue 42): a clinic setting beside the other scheduling
// settings, two years unless the clinic says otherwise, edited in the back office's booking rules.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduling_settings add column booking_horizon_days integer not null default 730 check (booking_horizon_days between 1 and 3660)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduling_settings drop column booking_horizon_days`.execute(db);
}
