// Billing (issue 34; docs/billing.md): the clinic's tax settings, tax data on what it sells,
// products for manual lines, billing documents (tax invoices, bills of supply, credit notes and
// receipt vouchers) with their lines, payments and refunds, and one counter per series and
// financial year. An issued document's number comes from its counter row, incremented under the
// row's lock inside the issuing transaction, so numbers are consecutive with no gap and no
// duplicate however many are issued at once; the unique index is the last word. An issued
// document keeps the frozen snapshot it prints (machines/billing/billing-document.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table billing_settings (
    id integer primary key default 1 check (id = 1),
    legal_name text not null,
    gstin text check (gstin is null or gstin ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
    state_code text not null check (state_code ~ '^[0-9]{2}$'),
    address text not null,
    series_prefixes jsonb not null check (jsonb_typeof(series_prefixes) = 'object'),
    upi_vpa text,
    upi_payee_name text,
    invoice_note text,
    gst_rates_bp jsonb not null check (jsonb_typeof(gst_rates_bp) = 'array'),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table billing_item_tax (
    item_kind text not null check (item_kind in ('service', 'package_plan', 'lab_item')),
    item_id integer not null,
    code text check (code is null or code ~ '^[0-9]{4,8}$'),
    gst_rate_bp integer not null check (gst_rate_bp between 0 and 10000),
    exempt boolean not null,
    updated_at timestamptz not null default now(),
    primary key (item_kind, item_id)
  )`.execute(db);
  await sql`create table billing_products (
    id serial primary key,
    name text not null,
    code text check (code is null or code ~ '^[0-9]{4,8}$'),
    unit_price_paise bigint not null check (unit_price_paise >= 0),
    gst_rate_bp integer not null check (gst_rate_bp between 0 and 10000),
    exempt boolean not null,
    active boolean not null default true,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table billing_counters (
    series text not null check (series in ('invoice', 'bill_of_supply', 'credit_note', 'receipt')),
    financial_year text not null check (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
    last integer not null check (last >= 0),
    primary key (series, financial_year)
  )`.execute(db);
  await sql`create table billing_documents (
    id serial primary key,
    client_id integer not null references users (id),
    kind text check (kind in ('invoice', 'bill_of_supply', 'credit_note', 'receipt')),
    status text not null check (status in ('draft', 'issued', 'partially_paid', 'paid', 'credited', 'deleted')),
    number text check (number ~ '^[A-Za-z0-9/-]{1,16}$'),
    issued_on date,
    financial_year text,
    source_from text not null check (source_from in ('appointment', 'lab_order', 'package_sale', 'manual', 'credit', 'advance')),
    source_id integer,
    credits_document_id integer references billing_documents (id),
    recipient jsonb not null check (jsonb_typeof(recipient) = 'object'),
    place_of_supply text not null check (place_of_supply ~ '^[0-9]{2}$'),
    note text,
    credit_reason text,
    total_paise bigint not null default 0,
    snapshot jsonb,
    created_by integer not null references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((status = 'draft' or status = 'deleted') = (number is null)),
    check (number is null or (kind is not null and issued_on is not null and financial_year is not null and snapshot is not null))
  )`.execute(db);
  await sql`create unique index billing_documents_number_key on billing_documents (kind, financial_year, number) where number is not null`.execute(db);
  // One live document per visit, lab order or package sale: a second "Bill this visit" is refused even when two arrive at once.
  await sql`create unique index billing_documents_source_key on billing_documents (source_from, source_id)
    where status <> 'deleted' and source_from in ('appointment', 'lab_order', 'package_sale')`.execute(db);
  await sql`create index billing_documents_client_idx on billing_documents (client_id, created_at)`.execute(db);
  await sql`create index billing_documents_credits_idx on billing_documents (credits_document_id) where credits_document_id is not null`.execute(db);
  await sql`create table billing_lines (
    id serial primary key,
    document_id integer not null references billing_documents (id) on delete cascade,
    position integer not null,
    origin text not null check (origin in ('service', 'package_session', 'package_plan', 'lab_item', 'product', 'manual')),
    item_id integer,
    product_id integer references billing_products (id),
    credits_line_id integer references billing_lines (id),
    description text not null,
    code text,
    quantity integer not null check (quantity >= 1),
    unit_price_paise bigint not null check (unit_price_paise >= 0),
    discount_paise bigint not null check (discount_paise >= 0),
    gst_rate_bp integer not null check (gst_rate_bp between 0 and 10000),
    exempt boolean not null,
    from_package text,
    taxable_paise bigint not null,
    cgst_paise bigint not null,
    sgst_paise bigint not null,
    igst_paise bigint not null,
    total_paise bigint not null
  )`.execute(db);
  await sql`create index billing_lines_document_idx on billing_lines (document_id, position)`.execute(db);
  await sql`create index billing_lines_credits_idx on billing_lines (credits_line_id) where credits_line_id is not null`.execute(db);
  await sql`create table billing_payments (
    id serial primary key,
    document_id integer not null references billing_documents (id),
    method text not null check (method in ('cash', 'card', 'upi', 'advance', 'online')),
    amount_paise bigint not null check (amount_paise > 0),
    tendered_paise bigint,
    change_paise bigint,
    reference text,
    advance_id integer references billing_documents (id),
    recorded_by integer references users (id),
    received_at timestamptz not null default now(),
    check ((method = 'advance') = (advance_id is not null)),
    check (method <> 'cash' or (tendered_paise >= amount_paise and change_paise = tendered_paise - amount_paise))
  )`.execute(db);
  await sql`create index billing_payments_document_idx on billing_payments (document_id)`.execute(db);
  await sql`create index billing_payments_advance_idx on billing_payments (advance_id) where advance_id is not null`.execute(db);
  // A UPI UTR is one transfer: recorded twice it would pay two documents with one payment.
  await sql`create unique index billing_payments_utr_key on billing_payments (reference) where method = 'upi'`.execute(db);
  await sql`create table billing_refunds (
    id serial primary key,
    document_id integer not null references billing_documents (id),
    credit_note_id integer not null references billing_documents (id),
    method text not null check (method in ('cash', 'card', 'upi')),
    amount_paise bigint not null check (amount_paise > 0),
    reference text,
    refunded_by integer references users (id),
    refunded_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index billing_refunds_document_idx on billing_refunds (document_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'billing_refunds',
    'billing_payments',
    'billing_lines',
    'billing_documents',
    'billing_counters',
    'billing_products',
    'billing_item_tax',
    'billing_settings',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
