// The clinic's own details, kept by ADMIN and SUPER_ADMIN on /backoffice: name, address, contact,
// and the super administrator's email that /unauthorized shows. One row (the clinic); it starts
// empty so /config.json falls back to SUPPORT_EMAIL until someone sets it.
import { type Kysely, sql } from 'kysely';

const statements = [
  `
create table clinic_settings (
      id boolean primary key default true check (id),
      name text not null default '',
      address_line_1 text not null default '',
      address_line_2 text not null default '',
      city text not null default '',
      state text not null default '',
      zipcode text not null default '',
      country text not null default '',
      phone text not null default '',
      email text not null default '',
      super_admin_email text,
      updated_at timestamptz not null default now(),
      updated_by integer references users (id)
    );
  `,
  `insert into clinic_settings (id) values (true)`,
  // The clients list filters by consent and sorts by last update without scanning profiles.
  `create index user_profiles_consent_idx on user_profiles (hipaa_consent, user_id)`,
  `create index program_enrollments_program_user_idx on program_enrollments (program_id, user_id) where status in ('active', 'paused')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index program_enrollments_program_user_idx`.execute(db);
  await sql`drop index user_profiles_consent_idx`.execute(db);
  await sql`drop table clinic_settings`.execute(db);
}
