// Scheduling: resources (pooled by kind), services, clinic and staff hours, appointments with
// their status history, packages, the waitlist, and the durable job queue that sends reminders.
// "Never double-booked" is the database's promise, not the API's: exclusion constraints over the
// time an appointment occupies (its buffers included), per staff member and per resource unit,
// for every appointment still holding its time. btree_gist gives GiST the integer `=`; PGlite
// ships it as a contrib extension (loaded in server/db/database.ts), PostgreSQL as a standard one.
import { type Kysely, sql } from 'kysely';

const STAFF_ROLES = `array['NURSE','RECEPTION','DOCTOR','HEALTH_COACH','NUTRITIONIST','ADMIN','SUPER_ADMIN']::text[]`;
// Statuses that no longer hold their time (the chart's cancelled, no_show and rescheduled).
const HOLDING = `status not in ('cancelled', 'no_show', 'rescheduled')`;

const statements = [
  `create extension if not exists btree_gist`,
  `
create table scheduling_settings (
      id boolean primary key default true check (id),
      time_zone text not null default 'Asia/Kolkata',
      slot_minutes integer not null default 15 check (slot_minutes between 5 and 240),
      late_cancel_hours integer not null default 24 check (late_cancel_hours between 0 and 720),
      min_notice_minutes integer not null default 120 check (min_notice_minutes between 0 and 20160),
      reminder_hours integer[] not null default '{24,2}',
      reminder_channel text not null default 'email' check (reminder_channel in ('email', 'sms')),
      updated_at timestamptz not null default now(),
      updated_by integer references users (id)
    )`,
  `insert into scheduling_settings (id) values (true)`,
  // ISO weekdays, 1 = Monday. Several rows per day allow a lunch break.
  `
create table clinic_hours (
      id integer generated always as identity primary key,
      weekday smallint not null check (weekday between 1 and 7),
      opens time not null,
      closes time not null check (closes > opens)
    )`,
  `create table clinic_holidays (day date primary key, name text not null default '')`,
  `
create table resource_kinds (
      kind text primary key check (kind ~ '^[a-z][a-z0-9_]{1,39}$'),
      label text not null
    )`,
  `
insert into resource_kinds (kind, label) values
      ('hbot_chamber', 'HBOT chamber'), ('iv_chair', 'IV chair'), ('infrared_sauna', 'Infrared sauna'),
      ('pemf_mat', 'PEMF mat'), ('red_light_panel', 'Red-light panel'), ('consult_room', 'Consultation room')`,
  `
create table resources (
      id integer generated always as identity primary key,
      name text not null,
      kind text not null references resource_kinds (kind),
      active boolean not null default true,
      created_at timestamptz not null default now()
    )`,
  `create index resources_kind_idx on resources (kind) where active`,
  `
create table services (
      id integer generated always as identity primary key,
      name text not null,
      therapy text not null check (therapy ~ '^[a-z][a-z0-9_]{1,39}$'),
      duration_minutes integer check (duration_minutes between 5 and 720),
      buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 240),
      buffer_after_minutes integer not null default 0 check (buffer_after_minutes between 0 and 240),
      resources_needed jsonb not null default '[]',
      delivered_by text[] not null check (cardinality(delivered_by) > 0 and delivered_by <@ ${STAFF_ROLES}),
      price_inr integer not null default 0 check (price_inr >= 0),
      bookable_online boolean not null default false,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  `
create table staff_hours (
      id integer generated always as identity primary key,
      staff_id integer not null references users (id),
      weekday smallint not null check (weekday between 1 and 7),
      starts time not null,
      ends time not null check (ends > starts)
    )`,
  `create index staff_hours_staff_idx on staff_hours (staff_id, weekday)`,
  // Leave takes time away from the template; an extra shift adds time to it.
  `
create table staff_hour_exceptions (
      id integer generated always as identity primary key,
      staff_id integer not null references users (id),
      kind text not null check (kind in ('leave', 'extra')),
      starts_at timestamptz not null,
      ends_at timestamptz not null check (ends_at > starts_at),
      note text not null default ''
    )`,
  `create index staff_hour_exceptions_staff_idx on staff_hour_exceptions (staff_id, starts_at)`,
  `
create table packages (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      therapy text not null,
      sessions_total integer not null check (sessions_total between 1 and 500),
      sessions_used integer not null default 0 check (sessions_used >= 0 and sessions_used <= sessions_total),
      expires_on date,
      created_at timestamptz not null default now()
    )`,
  `create index packages_client_idx on packages (client_id)`,
  `
create table appointment_series (
      id integer generated always as identity primary key,
      created_by integer not null references users (id),
      created_at timestamptz not null default now()
    )`,
  `
create table appointments (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      service_id integer not null references services (id),
      staff_id integer not null references users (id),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      -- The time held, buffers included: what the exclusion constraints compare.
      occupied_from timestamptz not null,
      occupied_to timestamptz not null,
      channel text not null default 'in_clinic' check (channel in ('in_clinic', 'video', 'phone')),
      booked_by integer not null references users (id),
      notes text not null default '',
      series_id integer references appointment_series (id),
      rescheduled_from integer references appointments (id),
      rescheduled_to integer references appointments (id),
      package_id integer references packages (id),
      status text not null check (status in ('requested', 'booked', 'confirmed', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show', 'rescheduled')),
      cancelled_by text check (cancelled_by in ('client', 'clinic')),
      late_cancellation boolean not null default false,
      status_reason text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at > starts_at),
      check (occupied_from <= starts_at and occupied_to >= ends_at),
      constraint appointments_staff_no_overlap exclude using gist
        (staff_id with =, tstzrange(occupied_from, occupied_to) with &&) where (${HOLDING})
    )`,
  `create index appointments_start_idx on appointments (starts_at)`,
  `create index appointments_client_idx on appointments (client_id, starts_at)`,
  `
create table appointment_resources (
      appointment_id integer not null references appointments (id),
      resource_id integer not null references resources (id),
      occupied_from timestamptz not null,
      occupied_to timestamptz not null,
      holding boolean not null default true,
      primary key (appointment_id, resource_id),
      constraint appointment_resources_no_overlap exclude using gist
        (resource_id with =, tstzrange(occupied_from, occupied_to) with &&) where (holding)
    )`,
  `
create table appointment_status_history (
      id bigint generated always as identity primary key,
      appointment_id integer not null references appointments (id),
      from_status text,
      to_status text not null,
      changed_by integer not null references users (id),
      changed_at timestamptz not null default now(),
      reason text not null default ''
    )`,
  `create index appointment_status_history_idx on appointment_status_history (appointment_id, id)`,
  `
create table waitlist_entries (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      service_id integer not null references services (id),
      weekdays smallint[] not null default '{1,2,3,4,5,6,7}',
      earliest time not null default '00:00',
      latest time not null default '23:59',
      channel text not null default 'email' check (channel in ('email', 'sms')),
      status text not null default 'waiting' check (status in ('waiting', 'booked', 'withdrawn')),
      created_by integer not null references users (id),
      created_at timestamptz not null default now()
    )`,
  `create index waitlist_entries_service_idx on waitlist_entries (service_id) where status = 'waiting'`,
  // One offer per waiting client per freed slot; the first accepted wins, the rest become 'gone'.
  `
create table waitlist_offers (
      id integer generated always as identity primary key,
      entry_id integer not null references waitlist_entries (id),
      freed_appointment_id integer not null references appointments (id),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      staff_id integer not null references users (id),
      status text not null default 'open' check (status in ('open', 'accepted', 'gone')),
      appointment_id integer references appointments (id),
      created_at timestamptz not null default now(),
      unique (entry_id, freed_appointment_id)
    )`,
  `create index waitlist_offers_freed_idx on waitlist_offers (freed_appointment_id)`,
  // The durable job queue: a row per job, claimed with FOR UPDATE SKIP LOCKED, done in the same
  // transaction as its effect (the outbox message), so a crash either keeps it pending or done.
  `
create table scheduled_jobs (
      id bigint generated always as identity primary key,
      kind text not null,
      dedupe_key text not null unique,
      run_at timestamptz not null,
      payload jsonb not null default '{}',
      status text not null default 'pending' check (status in ('pending', 'done', 'skipped', 'failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`,
  `create index scheduled_jobs_due_idx on scheduled_jobs (run_at) where status = 'pending'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'scheduled_jobs',
    'waitlist_offers',
    'waitlist_entries',
    'appointment_status_history',
    'appointment_resources',
    'appointments',
    'appointment_series',
    'packages',
    'staff_hour_exceptions',
    'staff_hours',
    'services',
    'resources',
    'resource_kinds',
    'clinic_holidays',
    'clinic_hours',
    'scheduling_settings',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
