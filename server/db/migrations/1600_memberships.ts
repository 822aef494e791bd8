// Memberships (issue 35; docs/memberships.md): plans the back office defines (a fee per month or
// year, sessions of a service included each period, percentages off a service or everything, tax
// data like a product's), memberships sold to clients, one row per period with the invoice that
// pays it, and the included sessions used, each on the visit's billing document. A session is
// used only while that document is live (a deleted draft gives it back).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table membership_plans (
    id serial primary key,
    name text not null check (length(name) between 1 and 120),
    fee_paise bigint not null check (fee_paise > 0),
    period text not null check (period in ('monthly', 'yearly')),
    auto_renew boolean not null default true,
    active boolean not null default true,
    code text check (code is null or code ~ '^[0-9]{4,8}$'),
    gst_rate_bp integer not null check (gst_rate_bp between 0 and 10000),
    exempt boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index membership_plans_name_key on membership_plans (lower(name))`.execute(db);
  await sql`create table membership_plan_benefits (
    id serial primary key,
    plan_id integer not null references membership_plans (id) on delete cascade,
    kind text not null check (kind in ('included', 'discount')),
    service_id integer references services (id),
    sessions integer check (sessions between 1 and 1000),
    percent integer check (percent between 1 and 100),
    check ((kind = 'included') = (sessions is not null and service_id is not null and percent is null)),
    check ((kind = 'discount') = (percent is not null and sessions is null))
  )`.execute(db);
  await sql`create index membership_plan_benefits_plan_idx on membership_plan_benefits (plan_id)`.execute(db);
  await sql`create table memberships (
    id serial primary key,
    client_id integer not null references users (id),
    plan_id integer not null references membership_plans (id),
    status text not null check (status in ('awaiting_payment', 'active', 'renewal_due', 'cancelling', 'lapsed', 'ended', 'cancelled')),
    auto_renew boolean not null,
    created_by integer references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index memberships_client_idx on memberships (client_id)`.execute(db);
  // The renewal job's round reads the memberships still running.
  await sql`create index memberships_running_idx on memberships (status) where status in ('active', 'renewal_due', 'cancelling')`.execute(db);
  await sql`create table membership_periods (
    id serial primary key,
    membership_id integer not null references memberships (id),
    seq integer not null check (seq >= 0),
    starts_on date,
    ends_on date,
    document_id integer not null references billing_documents (id),
    paid boolean not null default false,
    check ((starts_on is null) = (ends_on is null)),
    check (starts_on is null or starts_on <= ends_on),
    unique (membership_id, seq)
  )`.execute(db);
  await sql`create unique index membership_periods_document_key on membership_periods (document_id)`.execute(db);
  await sql`create table membership_session_uses (
    id serial primary key,
    membership_id integer not null references memberships (id),
    period_id integer not null references membership_periods (id),
    service_id integer not null references services (id),
    document_id integer not null references billing_documents (id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index membership_session_uses_period_idx on membership_session_uses (period_id, service_id)`.execute(db);
  await sql`create index membership_session_uses_document_idx on membership_session_uses (document_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table membership_session_uses`.execute(db);
  await sql`drop table membership_periods`.execute(db);
  await sql`drop table memberships`.execute(db);
  await sql`drop table membership_plan_benefits`.execute(db);
  await sql`drop table membership_plans`.execute(db);
}
