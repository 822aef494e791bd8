// The day's close (issue 35; docs/billing.md "The day's close"): the clinic's tills (one "Front
// desk" to begin with), and one row per till and clinic-local business day that is counted and
// then closed (machines/billing/day-close-lifecycle.ts). Every movement of money belongs to a till
// and a business day: payments (billing_payments), refunds with credit notes (billing_refunds) and
// refund vouchers (billing_documents, kind refund_voucher). Rows from before are given the first
// till and the clinic-local date they were received or paid back on (scheduling_settings'
// time zone), so their days add up like any other.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table billing_tills (
    id serial primary key,
    name text not null check (char_length(btrim(name)) between 1 and 60),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index billing_tills_name_key on billing_tills (lower(btrim(name)))`.execute(db);
  await sql`insert into billing_tills (name) values ('Front desk')`.execute(db);
  await sql`create table billing_till_days (
    till_id integer not null references billing_tills (id),
    business_day date not null,
    status text not null check (status in ('open', 'counted', 'closed')),
    counted_cash_paise bigint check (counted_cash_paise >= 0),
    expected_cash_paise bigint,
    reason text,
    counted_by integer references users (id),
    counted_at timestamptz,
    closed_by integer references users (id),
    closed_at timestamptz,
    primary key (till_id, business_day),
    check (status = 'open' or (counted_cash_paise is not null and expected_cash_paise is not null and counted_at is not null)),
    check ((status = 'closed') = (closed_at is not null)),
    check (counted_cash_paise is null or counted_cash_paise = expected_cash_paise or reason is not null)
  )`.execute(db);
  for (const [table, at] of [
    ['billing_payments', 'received_at'],
    ['billing_refunds', 'refunded_at'],
  ] as const) {
    await sql`alter table ${sql.table(table)} add column till_id integer references billing_tills (id), add column business_day date`.execute(db);
    await sql`update ${sql.table(table)} set till_id = (select min(id) from billing_tills),
      business_day = (${sql.ref(at)} at time zone (select time_zone from scheduling_settings limit 1))::date`.execute(db);
    await sql`alter table ${sql.table(table)} alter column till_id set not null, alter column business_day set not null`.execute(db);
    await sql.raw(`create index ${table}_till_day_idx on ${table} (till_id, business_day)`).execute(db);
  }
  // A refund voucher is money paid back from a till on a day; other documents move no money.
  await sql`alter table billing_documents add column till_id integer references billing_tills (id), add column business_day date`.execute(db);
  await sql`update billing_documents set till_id = (select min(id) from billing_tills), business_day = issued_on where kind = 'refund_voucher'`.execute(db);
  await sql`alter table billing_documents add constraint billing_documents_till_check
    check ((kind is not distinct from 'refund_voucher') = (till_id is not null and business_day is not null))`.execute(db);
  await sql`create index billing_documents_till_day_idx on billing_documents (till_id, business_day) where till_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_documents drop constraint billing_documents_till_check`.execute(db);
  for (const table of ['billing_documents', 'billing_refunds', 'billing_payments']) {
    await sql`alter table ${sql.table(table)} drop column till_id, drop column business_day`.execute(db);
  }
  await sql`drop table billing_till_days`.execute(db);
  await sql`drop table billing_tills`.execute(db);
}
