// Portal bookings shown to staff until seen (issue 16): which staff member has seen which booking
// a client made in the portal, one row each (a booking is "seen" per person, so the front desk's
// count is not cleared by a nurse opening the list). A portal booking is one the client booked
// themself (booked_by = client_id); the partial index finds them without reading every appointment.
// The client search of the booking dialog also finds a client by their ABHA number.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portal_booking_seen (
      staff_id integer not null references users (id),
      appointment_id integer not null references appointments (id) on delete cascade,
      seen_at timestamptz not null default now(),
      primary key (staff_id, appointment_id)
    )`.execute(db);
  await sql`create index appointments_portal_booked_idx on appointments (starts_at) where booked_by = client_id`.execute(db);
  await sql`create index user_profiles_abha_idx on user_profiles (abha_number) where abha_number is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index user_profiles_abha_idx`.execute(db);
  await sql`drop index appointments_portal_booked_idx`.execute(db);
  await sql`drop table portal_booking_seen`.execute(db);
}
