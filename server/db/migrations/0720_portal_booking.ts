// Booking from the portal (issue 16): the answers a client gives when booking (screening
// questions for an in-clinic therapy, the pre-call form of an intake call), one set per
// appointment, and the clinic's video link template the join link is made from. The back office
// edits the template; `if not exists` because that side may add the same column in its range.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table appointment_answers (
      appointment_id integer primary key references appointments (id) on delete cascade,
      answers jsonb not null check (jsonb_typeof(answers) = 'object'),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table scheduling_settings add column if not exists video_link_template text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table appointment_answers`.execute(db);
}
