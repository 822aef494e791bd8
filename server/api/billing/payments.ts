// Money in: payments on an issued invoice or bill of supply (cash with change, card with its
// terminal reference, UPI with its UTR, or from an unused advance), advances taken before the
// service (each a receipt voucher, numbered at once, Rule 50), and a client's balance. Each runs
// in the caller's transaction with the document's row locked, so two payments at once never take
// more than is due; a UTR is recorded once (unique index).
import { billingDocumentLifecycle, takesPayments } from '../../../machines/billing/invoice-lifecycle.ts';
import { advanceLine } from '../../../machines/billing/tax.ts';
import { UPI_UTR } from '../../../machines/billing/upi.ts';
import type { Db } from '../../db/database.ts';
import type { BillingPaymentMethod } from '../../db/schema-billing.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { notFound } from '../policy.ts';
import { advanceLeft, advanceUse, dueOf, findDocument, moneyOf, recipientOf } from './data.ts';
import { regimeOf } from './drafting.ts';
import { freezeLogo } from './frozen-logo.ts';
import { documentPaid } from './paid-listeners.ts';
import { clinicToday, issuingSettings, nextNumber, snapshotOf } from './issuing.ts';
import { BILLING_TEXTS as T, checkedPlace, type S } from './route-helpers.ts';
import { summaryOut } from './present.ts';
import { dayForMoney, tillFor } from './tills.ts';
import { storeVoucher } from './vouchers.ts';

export interface PaymentInput {
  method: BillingPaymentMethod;
  amount_paise: number;
  tendered_paise?: number;
  reference?: string;
  advance?: number;
  /** The till it is taken at (the first when absent). */
  till?: number;
}

/** The method's own fields: cash's tendered amount and change, a card's or UPI's reference (400 naming the field). */
export function methodFields(input: PaymentInput): { tendered: number | null; change: number | null; reference: string | null } {
  const p = { ...input, reference: input.reference?.trim() };
  if (p.tendered_paise !== undefined && p.method !== 'cash') throw badRequest('tendered_paise', T.tenderedNotCash);
  if (p.advance !== undefined && p.method !== 'advance') throw badRequest('advance', T.advanceNotForMethod);
  if (p.method === 'cash') {
    const tendered = p.tendered_paise ?? p.amount_paise;
    if (tendered < p.amount_paise) throw badRequest('tendered_paise', T.tenderedShort);
    return { tendered, change: tendered - p.amount_paise, reference: p.reference ?? null };
  }
  if ((p.method === 'card' || p.method === 'upi' || p.method === 'online') && !p.reference) throw badRequest('reference', T.referenceRequired);
  if (p.method === 'upi' && !UPI_UTR.test(p.reference!)) throw badRequest('reference', T.utrShape);
  if (p.method === 'advance' && p.advance === undefined) throw badRequest('advance', T.advanceRequired);
  return { tendered: null, change: null, reference: p.reference ?? null };
}

/** A UPI UTR already recorded is a 409, not a 500. */
async function uniqueUtr<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, T.utrTaken);
    throw error;
  }
}

/**
 * Records a payment on document `id` in `trx` (the gateway's confirmed payments come here too,
 * method `online`): at most what is due, and the document moves to partially paid or paid.
 */
export async function recordPayment(trx: Db, id: number, p: PaymentInput, by: number | null): Promise<void> {
  const fields = methodFields(p);
  const till = await tillFor(trx, p.till);
  const doc = await findDocument(trx, id, true);
  if (!doc || doc.status === 'deleted') throw notFound();
  if (doc.kind === 'credit_note' || doc.kind === 'receipt' || !takesPayments(doc.status)) throw new HttpError(409, T.noPayments);
  const due = dueOf(doc, await moneyOf(trx, id));
  if (p.amount_paise > due) throw new HttpError(409, T.tooMuch(Math.max(0, due)));
  if (p.method === 'advance') {
    const receipt = await findDocument(trx, p.advance!, true);
    if (!receipt || receipt.kind !== 'receipt' || receipt.client_id !== doc.client_id) throw badRequest('advance', T.advanceUnknown);
    const left = await advanceLeft(trx, receipt);
    if (p.amount_paise > left) throw new HttpError(409, T.advanceShort(left));
  }
  const dueAfter = due - p.amount_paise;
  const to = dueAfter <= 0 ? 'paid' : 'partially_paid';
  if (to !== doc.status) requireLifecycleStep(billingDocumentLifecycle, 'billing document', doc.status, to, { extras: { due_paise: dueAfter } });
  // The gateway's money is never refused: on a closed day it goes on the next open one.
  const businessDay = await dayForMoney(trx, till, { moveOn: p.method === 'online' });
  await uniqueUtr(
    trx
      .insertInto('billing_payments')
      .values({
        document_id: id,
        method: p.method,
        amount_paise: p.amount_paise,
        tendered_paise: fields.tendered,
        change_paise: fields.change,
        reference: fields.reference,
        advance_id: p.method === 'advance' ? p.advance! : null,
        recorded_by: by,
        till_id: till.id,
        business_day: businessDay,
      })
      .execute(),
  );
  if (to !== doc.status) await trx.updateTable('billing_documents').set({ status: to, updated_at: new Date() }).where('id', '=', id).execute();
  // What was sold on it starts (a membership, a package's credits: their domains listen, issue 35).
  if (to === 'paid') await documentPaid(trx, { id, source: doc.source_from });
}

/** Takes an advance for `b.client` in `trx`: a receipt voucher numbered at once, with the money received on it; its id. */
export async function takeAdvance(trx: Db, b: S['BillingAdvanceCreate'], by: number): Promise<number> {
  const fields = methodFields({ method: b.method, amount_paise: b.amount_paise, tendered_paise: b.tendered_paise, reference: b.reference });
  const till = await tillFor(trx, b.till);
  const settings = await issuingSettings(trx);
  const rate = b.exempt ? 0 : (b.gst_rate_bp ?? 1800);
  if (!b.exempt && !settings.ratesBp.includes(rate)) throw badRequest('gst_rate_bp', T.rateNotOffered(settings.ratesBp));
  checkedPlace(b.place_of_supply_state_code);
  // Where the service will be supplied, as on a draft: the clinic's State unless named (IGST when another).
  const place = b.place_of_supply_state_code ?? settings.stateCode;
  const recipient = await recipientOf(trx, b.client);
  const line = advanceLine(b.description?.trim() ?? 'Advance', b.code ?? null, b.amount_paise, rate, b.exempt ?? false, regimeOf(settings, place));
  const { day, fy } = await clinicToday(trx);
  const businessDay = await dayForMoney(trx, till);
  const logoSha256 = await freezeLogo(trx);
  const number = await nextNumber(trx, 'receipt', fy, settings.prefixes.receipt);
  const payments = [{ method: b.method, reference: fields.reference, amountPaise: b.amount_paise, receivedOn: day }];
  const snapshot = snapshotOf({
    kind: 'receipt',
    number,
    day,
    fy,
    settings,
    recipient,
    placeOfSupply: place,
    lines: [line],
    payments,
    note: null,
    logoSha256,
  });
  const id = await storeVoucher(trx, {
    client: b.client,
    kind: 'receipt',
    source: { from: 'advance', id: null },
    recipient,
    placeOfSupply: place,
    reason: null,
    snapshot,
    line,
    rateBasisPoints: rate,
    by,
  });
  await uniqueUtr(
    trx
      .insertInto('billing_payments')
      .values({
        document_id: id,
        method: b.method,
        amount_paise: b.amount_paise,
        tendered_paise: fields.tendered,
        change_paise: fields.change,
        reference: fields.reference,
        advance_id: null,
        recorded_by: by,
        till_id: till.id,
        business_day: businessDay,
      })
      .execute(),
  );
  return id;
}

export async function advancesOf(db: Db, client: number): Promise<S['BillingAdvance'][]> {
  const receipts = await db
    .selectFrom('billing_documents')
    .selectAll()
    .where('client_id', '=', client)
    .where('kind', '=', 'receipt')
    .orderBy('id', 'desc')
    .execute();
  const out: S['BillingAdvance'][] = [];
  for (const r of receipts) {
    const { used, refunded } = await advanceUse(db, r.id);
    const left = Number(r.total_paise) - used - refunded;
    const paid = await db
      .selectFrom('billing_payments')
      .select(['method', 'reference'])
      .where('document_id', '=', r.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    out.push({
      id: r.id,
      client: client,
      number: r.number!,
      issued_on: r.snapshot!.issuedOn,
      amount_paise: Number(r.total_paise),
      applied_paise: used,
      refunded_paise: refunded,
      unused_paise: left,
      method: paid.method as 'cash' | 'card' | 'upi',
      reference: paid.reference,
      place_of_supply_state_code: r.place_of_supply,
    });
  }
  return out;
}

export async function balanceOf(db: Db, client: number): Promise<S['BillingBalance']> {
  const open = await db
    .selectFrom('billing_documents')
    .selectAll()
    .where('client_id', '=', client)
    .where('kind', 'in', ['invoice', 'bill_of_supply'])
    .where('status', 'in', ['issued', 'partially_paid'])
    .orderBy('id')
    .execute();
  const documents = [];
  let unpaid = 0;
  for (const doc of open) {
    const summary = await summaryOut(db, doc);
    unpaid += Math.max(0, summary.balance_paise);
    documents.push(summary);
  }
  const unused = (await advancesOf(db, client)).reduce((sum, a) => sum + a.unused_paise, 0);
  return { client, unpaid_paise: unpaid, unused_advance_paise: unused, net_due_paise: unpaid - unused, open_documents: documents };
}
