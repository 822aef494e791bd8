// Labs (issue 20): the catalogue (tests with their markers and reference ranges by sex and age;
// profiles and packages made of tests), serviceable pincodes with their slot capacity, slot holds,
// home-collection orders on the order chart (machines/labs/order-lifecycle.ts) with the people
// tested and every status change, results per marker with their amendment history, and the lab's
// PDF report stored in the database with its SHA-256 (one backup holds it; same on both engines).
// `lab_slot_locks` has one row per pincode and slot start: booking locks it, so two requests for
// the last place in a slot are taken one after the other and a slot never goes over capacity.
import { type Kysely, sql } from 'kysely';

const statements = [
  `
create table lab_catalogue (
      id integer generated always as identity primary key,
      code text not null unique check (code ~ '^[A-Z0-9_-]{2,40}$'),
      name text not null check (length(name) between 1 and 200),
      kind text not null check (kind in ('test', 'profile', 'package')),
      description text not null default '',
      price_inr integer not null check (price_inr between 0 and 10000000),
      fasting_hours integer not null default 0 check (fasting_hours between 0 and 24),
      sample_type text not null check (length(sample_type) between 1 and 100),
      report_hours integer not null check (report_hours between 1 and 720),
      active boolean not null default true,
      created_at timestamptz not null default now()
    )`,
  `
create table lab_catalogue_items (
      parent_id integer not null references lab_catalogue (id) on delete cascade,
      test_id integer not null references lab_catalogue (id),
      primary key (parent_id, test_id),
      check (parent_id <> test_id)
    )`,
  `
create table lab_markers (
      id integer generated always as identity primary key,
      test_id integer not null references lab_catalogue (id) on delete cascade,
      code text not null,
      name text not null check (length(name) between 1 and 200),
      unit text not null check (length(unit) between 1 and 40),
      position integer not null default 0,
      unique (test_id, code)
    )`,
  `
create table lab_reference_ranges (
      id integer generated always as identity primary key,
      marker_id integer not null references lab_markers (id) on delete cascade,
      sex text check (sex in ('M', 'F')),
      age_min integer not null check (age_min between 0 and 150),
      age_max integer not null check (age_max between 0 and 150),
      low numeric not null,
      high numeric not null,
      critical_low numeric,
      critical_high numeric,
      check (age_min <= age_max and low <= high)
    )`,
  `create index lab_reference_ranges_marker_idx on lab_reference_ranges (marker_id)`,
  `
create table lab_pincodes (
      pincode text primary key check (pincode ~ '^[1-9][0-9]{5}$'),
      area text not null check (length(area) between 1 and 200),
      slot_capacity integer not null check (slot_capacity between 1 and 100),
      active boolean not null default true,
      updated_at timestamptz not null default now()
    )`,
  `
create table lab_slot_locks (
      pincode text not null references lab_pincodes (pincode),
      slot_start timestamptz not null,
      primary key (pincode, slot_start)
    )`,
  `
create table lab_orders (
      id integer generated always as identity primary key,
      client_id integer not null references users (id) on delete cascade,
      booked_by integer not null references users (id),
      pincode text not null references lab_pincodes (pincode),
      address text not null check (length(address) between 1 and 1000),
      slot_start timestamptz not null,
      status text not null default 'booked' check (status in ('booked', 'collector_assigned', 'collected', 'processing', 'partial', 'ready', 'cancelled')),
      collector_id integer references users (id) on delete set null,
      total_inr integer not null check (total_inr >= 0),
      cancel_reason text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  `create index lab_orders_client_idx on lab_orders (client_id, slot_start desc)`,
  `create index lab_orders_slot_idx on lab_orders (pincode, slot_start) where status <> 'cancelled'`,
  `create index lab_orders_status_idx on lab_orders (status, slot_start)`,
  `
create table lab_holds (
      id integer generated always as identity primary key,
      client_id integer not null references users (id) on delete cascade,
      pincode text not null references lab_pincodes (pincode),
      slot_start timestamptz not null,
      expires_at timestamptz not null,
      order_id integer references lab_orders (id) on delete cascade,
      created_at timestamptz not null default now()
    )`,
  `create index lab_holds_slot_idx on lab_holds (pincode, slot_start) where order_id is null`,
  `
create table lab_order_items (
      order_id integer not null references lab_orders (id) on delete cascade,
      catalogue_id integer not null references lab_catalogue (id),
      price_inr integer not null,
      primary key (order_id, catalogue_id)
    )`,
  `
create table lab_order_people (
      id integer generated always as identity primary key,
      order_id integer not null references lab_orders (id) on delete cascade,
      is_client boolean not null,
      name text not null check (length(name) between 1 and 200),
      age integer not null check (age between 0 and 120),
      sex text not null check (sex in ('M', 'F'))
    )`,
  `create index lab_order_people_order_idx on lab_order_people (order_id)`,
  `
create table lab_order_history (
      id integer generated always as identity primary key,
      order_id integer not null references lab_orders (id) on delete cascade,
      from_status text,
      to_status text not null,
      slot_start timestamptz not null,
      changed_by integer not null references users (id),
      changed_at timestamptz not null default now()
    )`,
  `create index lab_order_history_order_idx on lab_order_history (order_id, id)`,
  `
create table lab_results (
      id integer generated always as identity primary key,
      order_id integer not null references lab_orders (id) on delete cascade,
      person_id integer not null references lab_order_people (id) on delete cascade,
      marker_id integer not null references lab_markers (id),
      value numeric not null,
      flag text not null check (flag in ('normal', 'low', 'high', 'critical')),
      status text not null check (status in ('partial', 'final', 'amended')),
      entered_by integer not null references users (id),
      updated_at timestamptz not null default now(),
      unique (person_id, marker_id)
    )`,
  `create index lab_results_order_idx on lab_results (order_id)`,
  `
create table lab_result_history (
      id integer generated always as identity primary key,
      result_id integer not null references lab_results (id) on delete cascade,
      value numeric not null,
      flag text not null,
      status text not null,
      changed_by integer not null references users (id),
      changed_at timestamptz not null default now()
    )`,
  `create index lab_result_history_result_idx on lab_result_history (result_id, id)`,
  `
create table lab_report_files (
      order_id integer primary key references lab_orders (id) on delete cascade,
      file_name text not null,
      size_bytes integer not null check (size_bytes between 1 and 10485760),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      content bytea not null,
      uploaded_by integer not null references users (id),
      uploaded_at timestamptz not null default now()
    )`,
];

const TABLES = [
  'lab_report_files',
  'lab_result_history',
  'lab_results',
  'lab_order_history',
  'lab_order_people',
  'lab_order_items',
  'lab_holds',
  'lab_orders',
  'lab_slot_locks',
  'lab_pincodes',
  'lab_reference_ranges',
  'lab_markers',
  'lab_catalogue_items',
  'lab_catalogue',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop table ${table}`).execute(db);
}
