// Discovery: prospects are clients with status `prospective` (no sign-in until converted), their
// place in the pipeline, every stage change and call, discovery visit notes, and public enquiries
// (kept with a hash of the sender's address only, for the per-address limit).
import { type Kysely, sql } from 'kysely';

const STAGES = `('new', 'contacted', 'discovery_booked', 'discovery_done', 'enrol', 'nurture', 'not_a_fit', 'no_show', 'lost')`;
const SOURCES = `('walk_in', 'referral', 'website_form', 'event', 'social', 'other')`;

const statements = [
  `alter table users add column status text not null default 'active' check (status in ('prospective', 'active', 'inactive', 'archived'))`,
  `create index users_status_idx on users (status)`,
  `
create table discovery_prospects (
      -- The prospect is the client row itself: one id in every route and table.
      id integer primary key references users (id),
      stage text not null default 'new' check (stage in ${STAGES}),
      email text,
      phone text,
      source text not null check (source in ${SOURCES}),
      referred_by text not null default '',
      owner_id integer references users (id),
      next_action text not null default '',
      next_action_on date,
      interests jsonb not null default '[]',
      notes text not null default '',
      questionnaire jsonb not null default '{}',
      nurture_on date,
      closed_reason text not null default '',
      possible_duplicate_of integer references users (id),
      consent_to_contact boolean not null default false,
      enrollment_id integer references program_enrollments (id),
      converted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (email is not null or phone is not null)
    )`,
  `create index discovery_prospects_stage_idx on discovery_prospects (stage, next_action_on)`,
  `create index discovery_prospects_owner_idx on discovery_prospects (owner_id)`,
  `create index discovery_prospects_email_idx on discovery_prospects (lower(email))`,
  `create index discovery_prospects_phone_idx on discovery_prospects (phone)`,
  `
create table discovery_stage_history (
      id bigint generated always as identity primary key,
      prospect_id integer not null references discovery_prospects (id),
      from_stage text check (from_stage in ${STAGES}),
      to_stage text not null check (to_stage in ${STAGES}),
      reason text not null default '',
      actor_id integer references users (id),
      occurred_at timestamptz not null default now()
    )`,
  `create index discovery_stage_history_prospect_idx on discovery_stage_history (prospect_id, occurred_at)`,
  `
create table discovery_calls (
      id integer generated always as identity primary key,
      prospect_id integer not null references discovery_prospects (id),
      summary text not null,
      actor_id integer not null references users (id),
      occurred_at timestamptz not null default now()
    )`,
  `create index discovery_calls_prospect_idx on discovery_calls (prospect_id)`,
  `
create table discovery_visits (
      id integer generated always as identity primary key,
      prospect_id integer not null references discovery_prospects (id),
      appointment_id integer unique references appointments (id),
      author_id integer not null references users (id),
      channel text not null default 'in_clinic' check (channel in ('in_clinic', 'video', 'phone')),
      status text not null default 'draft' check (status in ('draft', 'signed')),
      goals text not null default '',
      health_and_lifestyle text not null default '',
      barriers text not null default '',
      heart_risk jsonb,
      recommended_program_id integer references programs (id),
      recommended_therapies jsonb not null default '[]',
      outcome text check (outcome in ('enrol', 'nurture', 'not_a_fit', 'no_show')),
      signed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((status = 'signed') = (signed_at is not null))
    )`,
  `create index discovery_visits_prospect_idx on discovery_visits (prospect_id)`,
  `
create table discovery_enquiries (
      id integer generated always as identity primary key,
      prospect_id integer references discovery_prospects (id),
      sender_hash text not null,
      received_at timestamptz not null default now()
    )`,
  `create index discovery_enquiries_sender_idx on discovery_enquiries (sender_hash, received_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['discovery_enquiries', 'discovery_visits', 'discovery_calls', 'discovery_stage_history', 'discovery_prospects']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw(`alter table users drop column if exists status`).execute(db);
}
