// Billing's reads and writes of the clinic's tax settings, the items' tax data, products and the
// documents' rows. Everything here runs on the caller's `db` or transaction; the transactional
// steps (issuing, crediting, payments) are in issuing.ts and payments.ts.
import { sql } from 'kysely';
import type { BillingDocumentKind } from '../../../machines/billing/billing-document.ts';
import { gstStateName } from '../../../machines/billing/gstin.ts';
import type { BillingDocumentStatus } from '../../../machines/billing/invoice-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import type { BillingItemKind, BillingSeriesPrefixes, StoredRecipient } from '../../db/schema-billing.ts';
import type { S } from './route-helpers.ts';

export const DEFAULT_RATES_BP = [0, 500, 1800, 4000];
export const DEFAULT_PREFIXES: BillingSeriesPrefixes = { invoice: 'INV', bill_of_supply: 'BOS', credit_note: 'CN', receipt: 'RV', refund_voucher: 'RF' };

export interface BillingSettings {
  legalName: string;
  gstin: string | null;
  stateCode: string;
  address: string;
  prefixes: BillingSeriesPrefixes;
  upiVpa: string | null;
  upiPayeeName: string | null;
  note: string | null;
  ratesBp: number[];
  configured: boolean;
}

export async function readBillingSettings(db: Db): Promise<BillingSettings> {
  const row = await db.selectFrom('billing_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row)
    return {
      legalName: '',
      gstin: null,
      stateCode: '',
      address: '',
      prefixes: DEFAULT_PREFIXES,
      upiVpa: null,
      upiPayeeName: null,
      note: null,
      ratesBp: DEFAULT_RATES_BP,
      configured: false,
    };
  return {
    legalName: row.legal_name,
    gstin: row.gstin,
    stateCode: row.state_code,
    address: row.address,
    prefixes: row.series_prefixes,
    upiVpa: row.upi_vpa,
    upiPayeeName: row.upi_payee_name,
    note: row.invoice_note,
    ratesBp: row.gst_rates_bp,
    configured: true,
  };
}

export function settingsOut(s: BillingSettings): S['BillingSettings'] {
  return {
    legal_name: s.legalName,
    gstin: s.gstin,
    state_code: s.stateCode,
    state_name: gstStateName(s.stateCode) ?? '',
    address: s.address,
    series_prefixes: s.prefixes,
    upi_vpa: s.upiVpa,
    upi_payee_name: s.upiPayeeName,
    invoice_note: s.note,
    gst_rates_bp: s.ratesBp,
    configured: s.configured,
  };
}

export async function saveBillingSettings(trx: Db, b: S['BillingSettingsUpdate'], rates: number[]): Promise<void> {
  const row = {
    legal_name: b.legal_name.trim(),
    gstin: b.gstin ?? null,
    state_code: b.state_code,
    address: b.address.trim(),
    series_prefixes: JSON.stringify(b.series_prefixes),
    upi_vpa: b.upi_vpa ?? null,
    upi_payee_name: b.upi_payee_name?.trim() ?? null,
    invoice_note: b.invoice_note ?? null,
    gst_rates_bp: JSON.stringify(rates),
    updated_at: new Date(),
  };
  await trx
    .insertInto('billing_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** The rates any item's tax data or product uses (a rate the settings may not drop). */
export async function ratesInUse(db: Db): Promise<number[]> {
  const rows = await sql<{
    rate: number;
  }>`select gst_rate_bp as rate from billing_item_tax union select gst_rate_bp from billing_products where active`.execute(db);
  return rows.rows.map((r) => Number(r.rate));
}

// --- tax data of services, package plans and lab items ---------------------------------------

export interface ItemTax {
  code: string | null;
  rateBp: number;
  exempt: boolean;
}
const UNSET: ItemTax = { code: null, rateBp: 0, exempt: false };

export async function itemTax(db: Db, kind: BillingItemKind, id: number): Promise<ItemTax> {
  const row = await db
    .selectFrom('billing_item_tax')
    .select(['code', 'gst_rate_bp', 'exempt'])
    .where('item_kind', '=', kind)
    .where('item_id', '=', id)
    .executeTakeFirst();
  return row ? { code: row.code, rateBp: row.gst_rate_bp, exempt: row.exempt } : UNSET;
}

const ITEM_TABLES = { service: 'services', package_plan: 'package_plans', lab_item: 'lab_catalogue' } as const;

export async function listItemTax(db: Db, kind?: BillingItemKind): Promise<S['BillingItemTax'][]> {
  const kinds = kind ? [kind] : (['service', 'package_plan', 'lab_item'] as const);
  const out: S['BillingItemTax'][] = [];
  for (const k of kinds) {
    const { rows } = await sql<{
      id: number;
      name: string;
      price_inr: number;
      code: string | null;
      gst_rate_bp: number | null;
      exempt: boolean | null;
    }>`select i.id, i.name, i.price_inr, t.code, t.gst_rate_bp, t.exempt
      from ${sql.table(ITEM_TABLES[k])} i left join billing_item_tax t on t.item_id = i.id and t.item_kind = ${k}
      order by i.name, i.id`.execute(db);
    for (const r of rows) {
      out.push({
        item_kind: k,
        item_id: r.id,
        name: r.name,
        price_paise: r.price_inr * 100,
        code: r.code ?? null,
        gst_rate_bp: r.gst_rate_bp ?? 0,
        exempt: r.exempt ?? false,
        set: r.gst_rate_bp !== null,
      });
    }
  }
  return out;
}

export async function itemExists(db: Db, kind: BillingItemKind, id: number): Promise<boolean> {
  return (await db.selectFrom(ITEM_TABLES[kind]).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function saveItemTax(trx: Db, b: S['BillingItemTaxUpdate']): Promise<void> {
  const row = { code: b.code ?? null, gst_rate_bp: b.gst_rate_bp, exempt: b.exempt, updated_at: new Date() };
  await trx
    .insertInto('billing_item_tax')
    .values({ item_kind: b.item_kind, item_id: b.item_id, ...row })
    .onConflict((oc) => oc.columns(['item_kind', 'item_id']).doUpdateSet(row))
    .execute();
}

// --- products -----------------------------------------------------------------------------------

export async function listProducts(db: Db, all: boolean): Promise<S['BillingProduct'][]> {
  let q = db.selectFrom('billing_products').select(['id', 'name', 'code', 'unit_price_paise', 'gst_rate_bp', 'exempt', 'active']).orderBy('name').orderBy('id');
  if (!all) q = q.where('active', '=', true);
  return q.execute();
}

export async function findProduct(db: Db, id: number): Promise<S['BillingProduct'] | undefined> {
  return db
    .selectFrom('billing_products')
    .select(['id', 'name', 'code', 'unit_price_paise', 'gst_rate_bp', 'exempt', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// --- documents ----------------------------------------------------------------------------------

export async function findDocument(db: Db, id: number, lock = false) {
  let q = db.selectFrom('billing_documents').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type DocumentRow = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

export async function linesOf(db: Db, documentId: number) {
  return db.selectFrom('billing_lines').selectAll().where('document_id', '=', documentId).orderBy('position').orderBy('id').execute();
}
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** The lines of several documents, each document's in its order. */
export async function linesOfDocuments(db: Db, documentIds: number[]): Promise<LineRow[]> {
  return db.selectFrom('billing_lines').selectAll().where('document_id', 'in', documentIds).orderBy('document_id').orderBy('position').orderBy('id').execute();
}

/** Paid, refunded and credited on a document, in paise. */
export async function moneyOf(db: Db, documentId: number): Promise<{ paid: number; refunded: number; credited: number }> {
  const row = await sql<{ paid: number; refunded: number; credited: number }>`select
      (select coalesce(sum(amount_paise), 0)::bigint from billing_payments where document_id = ${documentId}) as paid,
      (select coalesce(sum(amount_paise), 0)::bigint from billing_refunds where document_id = ${documentId}) as refunded,
      (select coalesce(sum(total_paise), 0)::bigint from billing_documents where credits_document_id = ${documentId}) as credited`.execute(db);
  const r = row.rows[0];
  return { paid: Number(r.paid), refunded: Number(r.refunded), credited: Number(r.credited) };
}

/** What is still due on a sale document: its total less credit notes and payments, plus refunds (0 for credit notes, receipts and drafts). */
export function dueOf(doc: Pick<DocumentRow, 'kind' | 'status' | 'total_paise'>, money: { paid: number; refunded: number; credited: number }): number {
  if (doc.status === 'draft' || doc.status === 'deleted' || doc.kind === 'credit_note' || doc.kind === 'receipt') return 0;
  return Number(doc.total_paise) - money.credited - money.paid + money.refunded;
}

/** What is left of an advance (a receipt voucher): its amount less what payments took from it and refund vouchers paid back. */
export async function advanceLeft(db: Db, receipt: Pick<DocumentRow, 'id' | 'total_paise'>): Promise<number> {
  const { used, refunded } = await advanceUse(db, receipt.id);
  return Number(receipt.total_paise) - used - refunded;
}

/** What payments took from an advance, and what refund vouchers paid back of it, in paise. */
export async function advanceUse(db: Db, receipt: number): Promise<{ used: number; refunded: number }> {
  const { rows } = await sql<{ used: string | number; refunded: string | number }>`select
      (select coalesce(sum(amount_paise), 0)::bigint from billing_payments where advance_id = ${receipt}) as used,
      (select coalesce(sum(total_paise), 0)::bigint from billing_documents where source_from = 'refund' and source_id = ${receipt}) as refunded`.execute(db);
  return { used: Number(rows[0].used), refunded: Number(rows[0].refunded) };
}

export async function clientName(db: Db, client: number): Promise<string> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', client).executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}`.trim() : '';
}

/** The client as a recipient: their name and address from the profile. */
export async function recipientOf(db: Db, client: number): Promise<StoredRecipient> {
  const p = await db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.first_name', 'u.last_name', 'p.address_line_1', 'p.address_line_2', 'p.city', 'p.state', 'p.zipcode'])
    .where('u.id', '=', client)
    .executeTakeFirstOrThrow();
  const address = [p.address_line_1, p.address_line_2, p.city, p.state, p.zipcode]
    .map((x) => x?.trim())
    .filter(Boolean)
    .join(', ');
  return { name: `${p.first_name} ${p.last_name}`.trim(), address: address || null, gstin: null, state_code: null };
}

export interface DocumentFilter {
  client?: number;
  status?: BillingDocumentStatus[];
  kind?: BillingDocumentKind[];
  from?: string;
  to?: string;
  issuedOnly?: boolean;
}

/** One page of documents, newest first, with the count of all that match. */
export async function listDocuments(db: Db, f: DocumentFilter, page: number, pageSize: number): Promise<{ count: number; rows: DocumentRow[] }> {
  let q = db.selectFrom('billing_documents');
  if (f.client !== undefined) q = q.where('client_id', '=', f.client);
  if (f.status?.length) q = q.where('status', 'in', f.status);
  else q = q.where('status', '<>', 'deleted');
  if (f.issuedOnly) q = q.where('status', 'not in', ['draft', 'deleted']);
  if (f.kind?.length) q = q.where('kind', 'in', f.kind);
  const day = sql<string>`coalesce(issued_on, (created_at at time zone 'UTC')::date)`;
  if (f.from) q = q.where(day, '>=', f.from);
  if (f.to) q = q.where(day, '<=', f.to);
  const { count } = await q.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(count), rows };
}
