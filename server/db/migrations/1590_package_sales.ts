// Packages sold through billing (issue 35): a plan says whether its sessions may be shared within
// a family and how many days a package may be frozen; a package has a status (its chart,
// machines/appointments/package-lifecycle.ts), the invoice it was sold on, the terms copied from
// its plan at sale (so a later change of the plan never changes a package sold), its freeze and
// the credit note that refunded it. Packages made before this are active (they took no money).
// A family is the smallest link that lets a shareable package serve several clients: a client
// belongs to at most one family, named by a number the members share.
import { type Kysely, sql } from 'kysely';

const STATUSES = `'awaiting_payment', 'active', 'frozen', 'used_up', 'expired', 'refunded', 'cancelled'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table package_plans add column shareable_in_family boolean not null default false`.execute(db);
  await sql`alter table package_plans add column freeze_allowance_days integer not null default 0 check (freeze_allowance_days between 0 and 365)`.execute(db);
  await sql.raw(`alter table packages add column status text not null default 'active' check (status in (${STATUSES}))`).execute(db);
  await sql`alter table packages add column invoice_id integer references billing_documents (id)`.execute(db);
  await sql`alter table packages add column validity_days integer check (validity_days between 1 and 3650)`.execute(db);
  await sql`alter table packages add column shareable_in_family boolean not null default false`.execute(db);
  await sql`alter table packages add column freeze_allowance_days integer not null default 0 check (freeze_allowance_days between 0 and 365)`.execute(db);
  await sql`alter table packages add column frozen_days_used integer not null default 0 check (frozen_days_used between 0 and 365)`.execute(db);
  await sql`alter table packages add column frozen_from date`.execute(db);
  await sql`alter table packages add column frozen_until date`.execute(db);
  await sql`alter table packages add column activated_on date`.execute(db);
  await sql`alter table packages add column refund_note_id integer references billing_documents (id)`.execute(db);
  await sql`create unique index packages_invoice_idx on packages (invoice_id) where invoice_id is not null`.execute(db);
  await sql`
create table client_families (
      client_id integer primary key references users (id),
      family_id integer not null,
      linked_by integer not null references users (id),
      linked_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index client_families_family_idx on client_families (family_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table client_families`.execute(db);
  await sql`drop index packages_invoice_idx`.execute(db);
  for (const column of [
    'refund_note_id',
    'activated_on',
    'frozen_until',
    'frozen_from',
    'frozen_days_used',
    'freeze_allowance_days',
    'shareable_in_family',
    'validity_days',
    'invoice_id',
    'status',
  ])
    await sql.raw(`alter table packages drop column ${column}`).execute(db);
  await sql`alter table package_plans drop column freeze_allowance_days`.execute(db);
  await sql`alter table package_plans drop column shareable_in_family`.execute(db);
}
