// A voucher of one line, born issued: the receipt voucher an advance makes (Rule 50) and the refund
// voucher that pays part of one back (Rule 51). Its number and snapshot are made by the caller in
// its own transaction; this stores the document row and its one line.
import type { BillingLine, IssuedBillingDocument } from '../../../machines/billing/billing-document.ts';
import type { Db } from '../../db/database.ts';
import type { StoredRecipient } from '../../db/schema-billing.ts';

export interface Voucher {
  client: number;
  kind: 'receipt' | 'refund_voucher';
  /** Where it came from: `advance` (no source) or `refund` (the receipt voucher refunded). */
  source: { from: 'advance' | 'refund'; id: number | null };
  recipient: StoredRecipient;
  placeOfSupply: string;
  reason: string | null;
  snapshot: IssuedBillingDocument;
  line: BillingLine;
  /** The line's GST rate in basis points as the clinic offers it. */
  rateBasisPoints: number;
  by: number;
  /** A refund voucher's till and business day: the money went out there (the day's close). */
  till?: { id: number; day: string };
}

/** Stores the voucher and its line; its id. */
export async function storeVoucher(trx: Db, v: Voucher): Promise<number> {
  const { snapshot, line } = v;
  const { id } = await trx
    .insertInto('billing_documents')
    .values({
      client_id: v.client,
      kind: v.kind,
      status: 'issued',
      number: snapshot.number,
      issued_on: snapshot.issuedOn,
      financial_year: snapshot.financialYear,
      source_from: v.source.from,
      source_id: v.source.id,
      credits_document_id: null,
      recipient: JSON.stringify(v.recipient),
      place_of_supply: v.placeOfSupply,
      note: null,
      credit_reason: v.reason,
      total_paise: snapshot.totals.totalPaise,
      snapshot: JSON.stringify(snapshot),
      created_by: v.by,
      till_id: v.till?.id ?? null,
      business_day: v.till?.day ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('billing_lines')
    .values({
      document_id: id,
      position: 0,
      origin: 'manual',
      item_id: null,
      product_id: null,
      credits_line_id: null,
      description: line.description,
      code: line.code,
      quantity: 1,
      unit_price_paise: line.unitPricePaise,
      discount_paise: 0,
      gst_rate_bp: v.rateBasisPoints,
      exempt: line.exempt,
      from_package: null,
      taxable_paise: line.taxablePaise,
      cgst_paise: line.cgst?.amountPaise ?? 0,
      sgst_paise: line.sgst?.amountPaise ?? 0,
      igst_paise: line.igst?.amountPaise ?? 0,
      total_paise: line.totalPaise,
    })
    .execute();
  return id;
}
