// Refund vouchers (CGST Rule 51): an advance the clinic pays back, in whole or part, before it was
// used. The voucher is numbered in its own series at once, references the receipt voucher, and
// carries the tax on the part refunded at the receipt's own rate and heads (refundLine; the last
// part takes back exactly the tax left). The advance's unused amount drops by what is refunded
// (advanceLeft). Runs in the caller's transaction with the receipt's row locked, so two refunds at
// once never pay back more than is unused.
import { refundLine } from '../../../machines/billing/tax.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { notFound } from '../policy.ts';
import { amountInWords } from './amount-in-words.ts';
import { advanceLeft, findDocument } from './data.ts';
import { freezeLogo } from './frozen-logo.ts';
import { clinicToday, issuingSettings, nextNumber, snapshotOf } from './issuing.ts';
import { methodFields } from './payments.ts';
import { BILLING_TEXTS as T, type S } from './route-helpers.ts';
import { dayForMoney, tillFor } from './tills.ts';
import { storeVoucher } from './vouchers.ts';

/** What earlier refund vouchers of a receipt took: their total and tax per head. */
async function refundedSoFar(trx: Db, receipt: number) {
  const row = await trx
    .selectFrom('billing_lines as l')
    .innerJoin('billing_documents as d', 'd.id', 'l.document_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('l.total_paise'), eb.lit(0)).as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('l.taxable_paise'), eb.lit(0)).as('taxable'),
      eb.fn.coalesce(eb.fn.sum<number>('l.cgst_paise'), eb.lit(0)).as('cgst'),
      eb.fn.coalesce(eb.fn.sum<number>('l.sgst_paise'), eb.lit(0)).as('sgst'),
      eb.fn.coalesce(eb.fn.sum<number>('l.igst_paise'), eb.lit(0)).as('igst'),
    ])
    .where('d.source_from', '=', 'refund')
    .where('d.source_id', '=', receipt)
    .executeTakeFirstOrThrow();
  return {
    totalPaise: Number(row.total),
    taxablePaise: Number(row.taxable),
    cgstPaise: Number(row.cgst),
    sgstPaise: Number(row.sgst),
    igstPaise: Number(row.igst),
  };
}

/** Refunds part or all of what is unused of advance `receiptId` in `trx`: the refund voucher's id. */
export async function refundAdvance(trx: Db, receiptId: number, b: S['BillingAdvanceRefundCreate'], by: number): Promise<number> {
  const fields = methodFields({ method: b.method, amount_paise: b.amount_paise, reference: b.reference });
  const till = await tillFor(trx, b.till);
  const receipt = await findDocument(trx, receiptId, true);
  if (!receipt || receipt.kind !== 'receipt' || !receipt.snapshot) throw notFound();
  const left = await advanceLeft(trx, receipt);
  if (b.amount_paise > left) throw new HttpError(409, T.refundAdvanceTooMuch(left));
  const settings = await issuingSettings(trx);
  const reason = b.reason?.trim() || null;
  const line = refundLine(receipt.snapshot.lines[0], await refundedSoFar(trx, receipt.id), b.amount_paise, `Refund of advance ${receipt.number}`);
  const { day, fy } = await clinicToday(trx);
  const businessDay = await dayForMoney(trx, till);
  const logoSha256 = await freezeLogo(trx);
  // Last before the writes: the counter row stays locked from here to the commit.
  const number = await nextNumber(trx, 'refund_voucher', fy, settings.prefixes.refund_voucher);
  const snapshot = snapshotOf({
    kind: 'refund_voucher',
    number,
    day,
    fy,
    settings,
    recipient: receipt.recipient,
    placeOfSupply: receipt.place_of_supply,
    lines: [line],
    references: [{ kind: 'receipt', number: receipt.number!, issuedOn: receipt.snapshot.issuedOn }],
    payments: [{ method: b.method, reference: fields.reference, amountPaise: b.amount_paise, receivedOn: day }],
    note: reason,
    logoSha256,
  });
  // The money paid back is what it is, to the paisa: no round-off to the rupee, or the advance's
  // unused amount and the cash drawer would differ by it.
  snapshot.totals = { ...snapshot.totals, roundOffPaise: 0, totalPaise: line.totalPaise, totalInWords: amountInWords(line.totalPaise) };
  const id = await storeVoucher(trx, {
    client: receipt.client_id,
    kind: 'refund_voucher',
    source: { from: 'refund', id: receipt.id },
    recipient: receipt.recipient,
    placeOfSupply: receipt.place_of_supply,
    reason,
    snapshot,
    line,
    rateBasisPoints: line.igst?.rateBasisPoints ?? (line.cgst ? line.cgst.rateBasisPoints * 2 : 0),
    by,
    till: { id: till.id, day: businessDay },
  });
  return id;
}
