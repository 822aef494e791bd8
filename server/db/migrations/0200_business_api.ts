// The business API's data: users (linked to the identity `sub`), their profiles, the program
// catalogue and enrollments, the append-only consent history and the append-only audit trail.
import { type Kysely, sql } from 'kysely';

const ROLES = `('CLIENT','NURSE','RECEPTION','DOCTOR','HEALTH_COACH','NUTRITIONIST','ADMIN','SUPER_ADMIN')`;

const schema = [
  `
create table users (
      id integer generated always as identity primary key,
      sub text not null unique,
      username text not null,
      email text not null,
      first_name text not null,
      last_name text not null,
      phone_number text,
      role text not null default 'CLIENT' check (role in ${ROLES}),
      is_active boolean not null default true,
      date_joined timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deactivated_at timestamptz,
      -- One lower-cased text for the list's search (name, email, phone), indexed below.
      search_text text generated always as (
        lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone_number, ''))
      ) stored
    );
  `,
  `
create unique index users_email_key on users (lower(email));
  `,
  `
create index users_listing_idx on users (is_active, last_name, first_name, id);
  `,
  `
create index users_role_idx on users (role, is_active);
  `,
  `
create table user_profiles (
      id integer generated always as identity primary key,
      user_id integer not null unique references users (id),
      title text,
      gender text check (gender in ('M', 'F')),
      date_of_birth date,
      alternate_phone text,
      alternate_email text,
      preferred_contact_method text not null default 'phone'
        check (preferred_contact_method in ('phone', 'email', 'sms', 'whatsapp')),
      city text,
      state text,
      country text,
      zipcode text,
      address_line_1 text,
      address_line_2 text,
      profile_picture text,
      occupation text,
      organization text,
      clinic text,
      emergency_contact_name text,
      emergency_contact_relation text,
      emergency_contact_number text,
      appointment_duration text not null default '00:30:00'
        check (appointment_duration ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'),
      health_goals jsonb not null default '{}',
      client_story jsonb not null default '{}',
      lifestyle_history jsonb not null default '{}',
      family_history jsonb not null default '{}',
      abha_number text check (abha_number ~ '^[0-9]{14}$'),
      -- AES-256-GCM sealed; the last four digits kept apart so masking needs no key.
      aadhar_sealed text,
      aadhar_last4 text check (aadhar_last4 ~ '^[0-9]{4}$'),
      hipaa_consent boolean not null default false,
      hipaa_consent_date timestamptz,
      hipaa_consent_version text,
      updated_at timestamptz not null default now()
    );
  `,
  `
create table programs (
      id integer generated always as identity primary key,
      name text not null,
      description text not null default '',
      duration_weeks integer not null check (duration_weeks > 0),
      price_inr integer not null check (price_inr >= 0),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
  `,
  `
create unique index programs_name_key on programs (lower(name));
  `,
  `
create table program_enrollments (
      id integer generated always as identity primary key,
      user_id integer not null references users (id),
      program_id integer not null references programs (id),
      status text not null default 'active' check (status in ('active', 'paused', 'completed', 'cancelled')),
      start_date date not null,
      end_date date,
      notes text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (end_date is null or end_date >= start_date)
    );
  `,
  `
create index program_enrollments_user_idx on program_enrollments (user_id, start_date desc);
  `,
  `
create index program_enrollments_program_idx on program_enrollments (program_id);
  `,
  `
create table consent_history (
      id bigint generated always as identity primary key,
      user_id integer not null references users (id),
      version text not null,
      consented_at timestamptz not null,
      recorded_by integer not null references users (id),
      user_agent text,
      recorded_at timestamptz not null default now()
    );
  `,
  `
create index consent_history_user_idx on consent_history (user_id, id);
  `,
  `
create table audit_events (
      id bigint generated always as identity primary key,
      occurred_at timestamptz not null default now(),
      actor_id integer not null references users (id),
      actor_role text not null check (actor_role in ${ROLES}),
      action text not null,
      client_id integer references users (id),
      request_id text not null,
      outcome text not null check (outcome in ('success', 'denied'))
    );
  `,
  `
create index audit_events_time_idx on audit_events (occurred_at desc, id desc);
  `,
  `
create index audit_events_client_idx on audit_events (client_id, occurred_at desc);
  `,
  `
create index audit_events_actor_idx on audit_events (actor_id, occurred_at desc);
  `,
  `
-- Audit and consent records are evidence: rows are added, never changed or removed.
    create function refuse_change_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only', tg_table_name using errcode = '42501';
    end $$;
  `,
  `
create trigger audit_events_append_only before update or delete on audit_events
      for each row execute function refuse_change_append_only();
  `,
  `
create trigger consent_history_append_only before update or delete on consent_history
      for each row execute function refuse_change_append_only();
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per call: PGlite's extended protocol takes a single command.
  for (const statement of schema) await sql.raw(statement).execute(db);

  // Substring search over 100,000+ users wants trigram indexes; both engines ship pg_trgm
  // (PGlite loads it in server/db/database.ts). Without it, the search still works, by scan.
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows[0]?.n) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_events', 'consent_history', 'program_enrollments', 'programs', 'user_profiles', 'users']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
  await sql`drop function refuse_change_append_only()`.execute(db);
}
