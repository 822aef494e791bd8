// Thrive checks (client portal, issue 7): each heart-risk score with the inputs it was computed
// from, as the server read them (integers, booleans), and who recorded it. A check is a health
// record: it is added, never changed.
import { type Kysely, sql } from 'kysely';

const schema = [
  `
create table thrive_checks (
      id integer generated always as identity primary key,
      user_id integer not null references users (id),
      recorded_by integer not null references users (id),
      taken_at timestamptz not null default now(),
      sex text not null check (sex in ('male', 'female')),
      age integer not null,
      hdl_cholesterol integer not null,
      total_cholesterol integer not null,
      smoker boolean not null,
      diabetic boolean not null,
      treats_hypertension boolean not null,
      systolic_bp integer not null,
      points integer not null,
      risk_percentage double precision not null check (risk_percentage >= 1 and risk_percentage <= 30),
      risk_band text not null,
      in_validated_age_range boolean not null,
      model text not null
    );
  `,
  `
create index thrive_checks_user_idx on thrive_checks (user_id, taken_at desc, id desc);
  `,
  `
create trigger thrive_checks_append_only before update or delete on thrive_checks
      for each row execute function refuse_change_append_only();
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of schema) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table thrive_checks`.execute(db);
}
