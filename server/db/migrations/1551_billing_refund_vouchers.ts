// Refund vouchers (issue 34; CGST Rule 51): an advance, or what is left of it, paid back to the
// client is documented by a refund voucher in its own series, referencing the receipt voucher
// (source 'refund', source_id the receipt's id) with the tax on the part refunded. A fifth series:
// its counter and kind join the checks, and saved settings get its prefix (RF, or RFV when the
// clinic already uses RF for another series).
import { type Kysely, sql } from 'kysely';

const KINDS = `'invoice', 'bill_of_supply', 'credit_note', 'receipt'`;
const SOURCES = `'appointment', 'lab_order', 'package_sale', 'manual', 'credit', 'advance'`;

async function checks(db: Kysely<unknown>, kinds: string, sources: string): Promise<void> {
  await sql`alter table billing_counters drop constraint billing_counters_series_check`.execute(db);
  await sql.raw(`alter table billing_counters add constraint billing_counters_series_check check (series in (${kinds}))`).execute(db);
  await sql`alter table billing_documents drop constraint billing_documents_kind_check`.execute(db);
  await sql.raw(`alter table billing_documents add constraint billing_documents_kind_check check (kind in (${kinds}))`).execute(db);
  await sql`alter table billing_documents drop constraint billing_documents_source_from_check`.execute(db);
  await sql.raw(`alter table billing_documents add constraint billing_documents_source_from_check check (source_from in (${sources}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await checks(db, `${KINDS}, 'refund_voucher'`, `${SOURCES}, 'refund'`);
  // What has been refunded from a receipt voucher, read on every advance's "unused".
  await sql`create index billing_documents_refunds_idx on billing_documents (source_id) where source_from = 'refund'`.execute(db);
  await sql`update billing_settings
    set series_prefixes = series_prefixes || jsonb_build_object('refund_voucher',
      case when exists (select 1 from jsonb_each_text(series_prefixes) e where upper(e.value) = 'RF') then 'RFV' else 'RF' end)
    where not (series_prefixes ? 'refund_voucher')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index billing_documents_refunds_idx`.execute(db);
  await sql`update billing_settings set series_prefixes = series_prefixes - 'refund_voucher'`.execute(db);
  await checks(db, KINDS, SOURCES);
}
