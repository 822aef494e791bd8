// Credit notes (s.34; Rule 53): against an issued invoice or bill of supply, for all that is left
// of it or for chosen lines (whole, or part of a line's taxable value, its tax at the line's own
// rate), numbered in the credit-note series at once and referencing the original. A credit note
// for everything left credits the original (machines/billing/invoice-lifecycle.ts); one that
// leaves nothing due settles it. A refund pays back what was paid beyond what is now due.
import type { BillingLine } from '../../../machines/billing/billing-document.ts';
import { billingDocumentLifecycle, creditable } from '../../../machines/billing/invoice-lifecycle.ts';
import { type CreditedSoFar, creditLine, documentTotals } from '../../../machines/billing/tax.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { notFound } from '../policy.ts';
import { amountInWords } from './amount-in-words.ts';
import { dueOf, findDocument, linesOf, moneyOf } from './data.ts';
import { freezeLogo } from './frozen-logo.ts';
import { documentCredited } from './paid-listeners.ts';
import { clinicToday, issuingSettings, nextNumber, snapshotOf } from './issuing.ts';
import { BILLING_TEXTS as T, type S } from './route-helpers.ts';
import { dayForMoney, tillFor } from './tills.ts';

const NONE: CreditedSoFar = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

/** What earlier credit notes took from each line of a document. */
async function creditedSoFar(db: Db, lineIds: number[]): Promise<Map<number, CreditedSoFar>> {
  if (!lineIds.length) return new Map();
  const rows = await db
    .selectFrom('billing_lines')
    .select([
      'credits_line_id',
      sql<number>`sum(taxable_paise)::bigint`.as('taxable'),
      sql<number>`sum(cgst_paise)::bigint`.as('cgst'),
      sql<number>`sum(sgst_paise)::bigint`.as('sgst'),
      sql<number>`sum(igst_paise)::bigint`.as('igst'),
    ])
    .where('credits_line_id', 'in', lineIds)
    .groupBy('credits_line_id')
    .execute();
  return new Map(
    rows.map((r) => [r.credits_line_id!, { taxablePaise: Number(r.taxable), cgstPaise: Number(r.cgst), sgstPaise: Number(r.sgst), igstPaise: Number(r.igst) }]),
  );
}

interface Chosen {
  lineId: number;
  line: BillingLine;
}

/** The credit note's lines: the chosen ones (each once, within what is left) or every line with something left. */
function creditLines(body: S['BillingCreditNoteCreate'], ids: number[], originals: BillingLine[], credited: Map<number, CreditedSoFar>): Chosen[] {
  const leftOf = (i: number) => originals[i].taxablePaise - (credited.get(ids[i])?.taxablePaise ?? 0);
  if (!body.lines) {
    const out = ids.flatMap((id, i) => (leftOf(i) > 0 ? [{ lineId: id, line: creditLine(originals[i], credited.get(id) ?? NONE, null) }] : []));
    if (!out.length) throw new HttpError(409, T.nothingToCredit);
    return out;
  }
  const seen = new Set<number>();
  return body.lines.map((l, n) => {
    const i = ids.indexOf(l.line);
    if (i < 0) throw badRequest(`lines[${n}].line`, T.creditLineUnknown);
    if (seen.has(l.line)) throw badRequest(`lines[${n}].line`, T.creditLineTwice);
    seen.add(l.line);
    const left = leftOf(i);
    if (left <= 0 || (l.taxable_paise !== undefined && l.taxable_paise > left)) throw new HttpError(409, T.creditTooMuch(Math.max(0, left)));
    return { lineId: l.line, line: creditLine(originals[i], credited.get(l.line) ?? NONE, l.taxable_paise ?? null) };
  });
}

/** Issues a credit note against document `id` in `trx`, with its refund; the credit note's id. */
export async function issueCreditNote(
  trx: Db,
  id: number,
  asked: S['BillingCreditNoteCreate'],
  by: number,
  /** Pay back all that was paid beyond what is then due, by this method (a package's refund, issue 35). */
  refundBeyondDue?: Omit<S['BillingRefundInput'], 'amount_paise'>,
): Promise<number> {
  let body = asked;
  const doc = await findDocument(trx, id, true);
  if (!doc || doc.status === 'deleted') throw notFound();
  if ((doc.kind !== 'invoice' && doc.kind !== 'bill_of_supply') || !creditable(doc.status) || !doc.snapshot) throw new HttpError(409, T.notCreditable);
  // The till is checked before anything is worked out: an unknown one is the caller's 400.
  const refundInput = body.refund ?? refundBeyondDue;
  const refundTill = refundInput ? await tillFor(trx, refundInput.till, 'refund.till') : null;
  const settings = await issuingSettings(trx);
  const rows = await linesOf(trx, id);
  const ids = rows.map((r) => r.id);
  const credited = await creditedSoFar(trx, ids);
  const chosen = creditLines(body, ids, doc.snapshot.lines, credited);
  const lines = chosen.map((c) => c.line);
  const total = documentTotals(lines, amountInWords).totalPaise;
  const creditsAll = rows.every(
    (r, i) =>
      doc.snapshot!.lines[i].taxablePaise - (credited.get(r.id)?.taxablePaise ?? 0) - (chosen.find((c) => c.lineId === r.id)?.line.taxablePaise ?? 0) <= 0,
  );
  const money = await moneyOf(trx, id);
  const dueAfter = dueOf(doc, { ...money, credited: money.credited + total });
  const refundable = Math.max(0, -dueAfter);
  if (refundBeyondDue && refundable > 0) body = { ...body, refund: { ...refundBeyondDue, amount_paise: refundable } };
  if (body.refund && body.refund.amount_paise > refundable) throw new HttpError(409, T.refundTooMuch(refundable));
  const to = creditsAll ? 'credited' : dueAfter <= 0 ? 'paid' : doc.status;
  if (to !== doc.status)
    requireLifecycleStep(billingDocumentLifecycle, 'billing document', doc.status, to, { extras: { due_paise: dueAfter, credits_all: creditsAll } });
  const { day, fy } = await clinicToday(trx);
  // Money paid back leaves a till on its business day (locked to the commit, like a payment).
  const refundAt = refundTill ? { till: refundTill.id, day: await dayForMoney(trx, refundTill) } : null;
  const references = [{ kind: doc.kind, number: doc.number!, issuedOn: doc.snapshot.issuedOn }];
  const refund = body.refund
    ? [{ method: body.refund.method, reference: body.refund.reference?.trim() ?? null, amountPaise: body.refund.amount_paise, receivedOn: day }]
    : [];
  const logoSha256 = await freezeLogo(trx);
  const number = await nextNumber(trx, 'credit_note', fy, settings.prefixes.credit_note);
  const snapshot = snapshotOf({
    kind: 'credit_note',
    number,
    day,
    fy,
    settings,
    recipient: doc.recipient,
    placeOfSupply: doc.place_of_supply,
    lines,
    references,
    payments: refund,
    note: body.reason.trim(),
    logoSha256,
  });
  const { id: note } = await trx
    .insertInto('billing_documents')
    .values({
      client_id: doc.client_id,
      kind: 'credit_note',
      status: 'issued',
      number,
      issued_on: day,
      financial_year: fy,
      source_from: 'credit',
      source_id: null,
      credits_document_id: id,
      recipient: JSON.stringify(doc.recipient),
      place_of_supply: doc.place_of_supply,
      note: null,
      credit_reason: body.reason.trim(),
      total_paise: snapshot.totals.totalPaise,
      snapshot: JSON.stringify(snapshot),
      created_by: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, c] of chosen.entries()) {
    const original = rows.find((r) => r.id === c.lineId)!;
    const l = c.line;
    await trx
      .insertInto('billing_lines')
      .values({
        document_id: note,
        position,
        origin: original.origin,
        item_id: original.item_id,
        product_id: original.product_id,
        credits_line_id: c.lineId,
        description: l.description,
        code: l.code,
        quantity: l.quantity,
        unit_price_paise: l.unitPricePaise,
        discount_paise: 0,
        gst_rate_bp: original.gst_rate_bp,
        exempt: l.exempt,
        from_package: l.fromPackage,
        taxable_paise: l.taxablePaise,
        cgst_paise: l.cgst?.amountPaise ?? 0,
        sgst_paise: l.sgst?.amountPaise ?? 0,
        igst_paise: l.igst?.amountPaise ?? 0,
        total_paise: l.totalPaise,
      })
      .execute();
  }
  if (body.refund && refundAt) {
    await trx
      .insertInto('billing_refunds')
      .values({
        document_id: id,
        credit_note_id: note,
        method: body.refund.method,
        amount_paise: body.refund.amount_paise,
        reference: body.refund.reference?.trim() ?? null,
        refunded_by: by,
        till_id: refundAt.till,
        business_day: refundAt.day,
      })
      .execute();
  }
  if (to !== doc.status) await trx.updateTable('billing_documents').set({ status: to, updated_at: new Date() }).where('id', '=', id).execute();
  // What was sold on it follows (a package: paid by the credit, credited before or after payment; its domain listens, issue 35).
  if (to !== doc.status && (to === 'paid' || to === 'credited')) await documentCredited(trx, { id, source: doc.source_from }, to);
  return note;
}
