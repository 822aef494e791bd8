// A bill as a FHIR Invoice (issue 40): the clinic's issued tax invoices and bills of supply
// (billing_documents), their lines and totals in INR from the integer paise the clinic keeps. Only
// what has been issued leaves: a draft can still change (and a client never sees one), a deleted
// draft never existed, and a credit note or receipt voucher is not an Invoice (the credited bill
// says `cancelled`). The status is the invoice chart's (machines/billing/invoice-lifecycle.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { words } from '../../../machines/rules/words.ts';
import type { BillingDocumentStatus } from '../../../machines/billing/invoice-lifecycle.ts';
import { CLINIC_ORGANIZATION_ID } from './organization.ts';
import { type ClientFilter, instant, type Page, type RecordColumns, searchRecords } from './search.ts';
import { CLINIC_CODE_SYSTEM } from './texts.ts';

const STATUS: Record<BillingDocumentStatus, string> = {
  draft: 'draft',
  issued: 'issued',
  partially_paid: 'issued',
  paid: 'balanced',
  credited: 'cancelled',
  deleted: 'entered-in-error',
};

interface LineRow {
  position: number;
  description: string;
  code: string | null;
  quantity: number;
  unit_price_paise: number | string;
  discount_paise: number | string;
  taxable_paise: number | string;
  cgst_paise: number | string;
  sgst_paise: number | string;
  igst_paise: number | string;
  total_paise: number | string;
}

export interface InvoiceRow {
  id: number;
  client_id: number;
  kind: string;
  status: BillingDocumentStatus;
  number: string;
  issued_on: Date | string;
  total_paise: number | string;
  updated_at: Date | string;
  lines: LineRow[];
}

function invoiceQuery(db: Db) {
  return db
    .selectFrom('billing_documents as d')
    .where('d.kind', 'in', ['invoice', 'bill_of_supply'])
    .where('d.status', 'not in', ['draft', 'deleted'])
    .select([
      'd.id',
      'd.client_id',
      'd.kind',
      'd.status',
      'd.number',
      sql<string>`to_char(d.issued_on, 'YYYY-MM-DD')`.as('issued_on'),
      'd.total_paise',
      'd.updated_at',
      sql<LineRow[]>`(select coalesce(json_agg(json_build_object(
          'position', l.position, 'description', l.description, 'code', l.code, 'quantity', l.quantity,
          'unit_price_paise', l.unit_price_paise, 'discount_paise', l.discount_paise, 'taxable_paise', l.taxable_paise,
          'cgst_paise', l.cgst_paise, 'sgst_paise', l.sgst_paise, 'igst_paise', l.igst_paise, 'total_paise', l.total_paise
        ) order by l.position), '[]'::json) from billing_lines l where l.document_id = d.id)`.as('lines'),
    ]);
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return (await invoiceQuery(db).where('d.id', '=', id).executeTakeFirst()) as InvoiceRow | undefined;
}

const COLUMNS: RecordColumns = {
  client: 'd.client_id',
  // The day it was issued, as the whole UTC day (a FHIR date search on a date).
  date: sql`(d.issued_on::timestamp at time zone 'UTC')`,
  lastUpdated: 'd.updated_at',
  orderBy: ['d.issued_on', 'd.id'],
};

export const searchInvoices = (db: Db, filter: ClientFilter, page: Page | null) => searchRecords<InvoiceRow>(invoiceQuery(db), COLUMNS, filter, page);

/** Integer paise as FHIR Money in rupees (the one place paise become a decimal: in the exchange format). */
const inr = (paise: number | string) => ({ value: Number(paise) / 100, currency: 'INR' });

function lineItem(line: LineRow) {
  const gross = Number(line.unit_price_paise) * line.quantity;
  const taxes = (['cgst', 'sgst', 'igst'] as const).filter((tax) => Number(line[`${tax}_paise`]) > 0);
  return {
    sequence: line.position + 1,
    chargeItemCodeableConcept: {
      ...(line.code ? { coding: [{ system: CLINIC_CODE_SYSTEM.hsnSac, code: line.code }] } : {}),
      text: line.description,
    },
    priceComponent: [
      { type: 'base', factor: line.quantity, amount: inr(gross) },
      ...(Number(line.discount_paise) > 0 ? [{ type: 'discount', amount: inr(line.discount_paise) }] : []),
      ...taxes.map((tax) => ({ type: 'tax', code: { text: tax.toUpperCase() }, amount: inr(line[`${tax}_paise`]) })),
    ],
  };
}

export function invoiceResource(row: InvoiceRow) {
  const net = row.lines.reduce((sum, line) => sum + Number(line.taxable_paise), 0);
  // The bill's total is rounded to the rupee; the round-off is stated, so the parts add up to it.
  const roundOff = Number(row.total_paise) - row.lines.reduce((sum, line) => sum + Number(line.total_paise), 0);
  return {
    resourceType: 'Invoice' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.updated_at) },
    identifier: [{ system: CLINIC_CODE_SYSTEM.invoiceNumber, value: row.number }],
    status: STATUS[row.status],
    type: { coding: [{ system: CLINIC_CODE_SYSTEM.billingDocument, code: row.kind, display: words(row.kind) }] },
    subject: { reference: `Patient/${row.client_id}` },
    recipient: { reference: `Patient/${row.client_id}` },
    date: String(row.issued_on),
    issuer: { reference: `Organization/${CLINIC_ORGANIZATION_ID}` },
    lineItem: row.lines.map(lineItem),
    ...(roundOff !== 0
      ? { totalPriceComponent: [{ type: roundOff < 0 ? 'deduction' : 'surcharge', code: { text: 'Round-off' }, amount: inr(Math.abs(roundOff)) }] }
      : {}),
    totalNet: inr(net),
    totalGross: inr(row.total_paise),
  };
}
