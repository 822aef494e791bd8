// Paying an open invoice online (issue 34): a Razorpay payment link for what is due, and the
// webhook that records the payment (server/payments/razorpay-gateway.ts speaks to Razorpay).
//
// A link is made outside any transaction (Razorpay may take seconds), between two short ones: the
// first decides (reuse the open link when it is still for what is due), the second keeps the new
// link unless another request kept one first (the partial unique index allows one open link per
// document), in which case ours is cancelled at Razorpay and theirs answered.
//
// A webhook is handled in one transaction: its event id goes in first (a repeat does nothing),
// the document's row is locked, and the payment is recorded through recordPayment (method
// `online`, the gateway payment id as its reference, unique) so the document moves to partially
// paid or paid by its chart. A payment of another amount than its link, or one the document can no
// longer take, is not recorded: it is flagged for reception (billing_payment_flags), once.
import { randomBytes } from 'node:crypto';
import { takesPayments } from '../../../machines/billing/invoice-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { type GatewayEvent, GatewayError, type PaymentLink, type RazorpayGateway } from '../../payments/razorpay-gateway.ts';
import { enqueue } from '../../jobs/queue.ts';
import { recordSystemAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import { dueOf, type DocumentRow, findDocument, moneyOf } from './data.ts';
import { recordPayment } from './payments.ts';

export const ONLINE_TEXTS = {
  off: 'Online payments are not set up at this clinic (PAYMENTS_PROVIDER).',
  notPayable: 'This document takes no payments now (a draft, a paid or credited one, a credit note or a receipt).',
  belowMinimum: 'Less than ₹1.00 is due, which cannot be paid online.',
  gatewayDown: 'The payment gateway did not answer; try again in a minute.',
  paidMeanwhile: 'A payment on the open link is in progress; refresh in a minute.',
  unsigned: (header: string) => `Razorpay signs every webhook: ${header} is required.`,
} as const;

/** The events that carry a captured payment for a link (Razorpay also sends others; they are acknowledged). */
const PAYMENT_EVENTS = new Set(['payment_link.paid', 'payment_link.partially_paid', 'order.paid']);

/** Notes copied by Razorpay from the link onto its order: how an order.paid names our link. */
const NOTE_REFERENCE = 'billing_reference_id';
const NOTE_DOCUMENT = 'billing_document_id';

export interface LinkOut {
  document: number;
  link_id: string;
  url: string;
  amount_paise: number;
  status: string;
  created_at: string;
}

export type LinkRow = {
  id: number;
  document_id: number;
  link_id: string;
  reference_id: string;
  amount_paise: number | string;
  short_url: string;
  status: string;
  created_at: Date | string;
};

const linkOut = (row: LinkRow): LinkOut => ({
  document: row.document_id,
  link_id: row.link_id,
  url: row.short_url,
  amount_paise: Number(row.amount_paise),
  status: row.status,
  created_at: new Date(row.created_at).toISOString(),
});

async function openLinkOf(db: Db, document: number): Promise<LinkRow | undefined> {
  return db.selectFrom('billing_payment_links').selectAll().where('document_id', '=', document).where('status', '=', 'created').executeTakeFirst();
}

/** What is due on a document that takes payments now (409 otherwise); `lock` holds its row. */
async function payableDue(db: Db, doc: DocumentRow): Promise<number> {
  if ((doc.kind !== 'invoice' && doc.kind !== 'bill_of_supply') || !takesPayments(doc.status)) throw new HttpError(409, ONLINE_TEXTS.notPayable);
  return dueOf(doc, await moneyOf(db, doc.id));
}

export interface LinkRequest {
  gateway: RazorpayGateway;
  document: DocumentRow;
  /** The client's name and address for Razorpay's page. */
  customer: { name: string; email: string | null; contact: string | null };
  /** Where the browser returns after paying: the portal's invoices page. */
  callbackUrl: string;
  by: number;
  /** When the reconciler first asks Razorpay about the new link (config: BILLING_RECONCILE_AFTER_MS). */
  reconcileAfterMs: number;
}

function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError) throw new HttpError(502, ONLINE_TEXTS.gatewayDown);
  throw error;
}

/**
 * The open payment link for what is due on the document: the one already open when it is for
 * that amount, else a new one (the stale one cancelled at Razorpay first). Returns it and whether
 * it was made now.
 */
export async function openPaymentLink(db: Db, r: LinkRequest): Promise<{ link: LinkOut; created: boolean }> {
  const decided = await db.transaction().execute(async (trx) => {
    const doc = await findDocument(trx, r.document.id, true);
    if (!doc || doc.status === 'deleted') throw notFound();
    const due = await payableDue(trx, doc);
    if (due < 100) throw new HttpError(409, ONLINE_TEXTS.belowMinimum);
    const open = await openLinkOf(trx, doc.id);
    return { doc, due, open };
  });
  if (decided.open && Number(decided.open.amount_paise) === decided.due) return { link: linkOut(decided.open), created: false };
  if (decided.open) await retireLink(db, r.gateway, decided.open);

  const reference = `${decided.doc.number}-${randomBytes(4).toString('hex')}`;
  let made: PaymentLink;
  try {
    made = await r.gateway.createPaymentLink({
      amountPaise: decided.due,
      referenceId: reference,
      description: `${decided.doc.kind === 'invoice' ? 'Tax Invoice' : 'Bill of Supply'} ${decided.doc.number}`,
      customer: r.customer,
      callbackUrl: r.callbackUrl,
      notes: { [NOTE_DOCUMENT]: String(decided.doc.id), [NOTE_REFERENCE]: reference },
    });
  } catch (error) {
    gatewayFailure(error);
  }

  const kept = await db.transaction().execute(async (trx) => {
    const doc = await findDocument(trx, decided.doc.id, true);
    const due = doc && doc.status !== 'deleted' ? await payableDue(trx, doc).catch(() => -1) : -1;
    if (due !== made.amountPaise) return { row: null, stale: true };
    const row = await trx
      .insertInto('billing_payment_links')
      .values({
        document_id: decided.doc.id,
        link_id: made.id,
        reference_id: reference,
        amount_paise: made.amountPaise,
        short_url: made.shortUrl,
        status: 'created',
        created_by: r.by,
      })
      .onConflict((oc) => oc.column('document_id').where('status', '=', 'created').doNothing())
      .returningAll()
      .executeTakeFirst();
    // Kept with the link in one commit: a link we know of is always one the reconciler will ask about.
    if (row) await enqueueLinkCheck(trx, row.link_id, 1, r.reconcileAfterMs);
    return { row: row ?? (await openLinkOf(trx, decided.doc.id)) ?? null, stale: false, ours: Boolean(row) };
  });
  if (!('ours' in kept) || !kept.ours) {
    // Another request kept its link first, or a payment changed what is due meanwhile: ours goes.
    await r.gateway.cancelPaymentLink(made.id).catch(() => undefined);
    if (!kept.row) throw new HttpError(409, ONLINE_TEXTS.paidMeanwhile);
    return { link: linkOut(kept.row), created: false };
  }
  return { link: linkOut(kept.row!), created: true };
}

/** Cancels a stale open link at Razorpay and here; a link Razorpay says is already paid stops the new one. */
async function retireLink(db: Db, gateway: RazorpayGateway, open: LinkRow): Promise<void> {
  let status: PaymentLink['status'];
  try {
    status = (await gateway.cancelPaymentLink(open.link_id)).status;
  } catch (error) {
    if (!(error instanceof GatewayError) || error.status !== 400) gatewayFailure(error);
    // Razorpay refuses to cancel a link that is paid (or expired): ask which.
    try {
      status = (await gateway.fetchPaymentLink(open.link_id)).status;
    } catch (again) {
      gatewayFailure(again);
    }
  }
  if (status === 'paid' || status === 'partially_paid') throw new HttpError(409, ONLINE_TEXTS.paidMeanwhile);
  await db.updateTable('billing_payment_links').set({ status, updated_at: new Date() }).where('id', '=', open.id).where('status', '=', 'created').execute();
}

/** The document's links, newest first (for its detail and the portal). */
export async function linksOf(db: Db, document: number): Promise<LinkOut[]> {
  const rows = await db.selectFrom('billing_payment_links').selectAll().where('document_id', '=', document).orderBy('id', 'desc').execute();
  return rows.map(linkOut);
}

// --- the webhook -----------------------------------------------------------------------------------

export type WebhookOutcome = 'recorded' | 'already_recorded' | 'flagged' | 'ignored' | 'duplicate';

async function linkFor(db: Db, event: GatewayEvent): Promise<LinkRow | undefined> {
  const q = db.selectFrom('billing_payment_links').selectAll();
  if (event.paymentLink) return q.where('link_id', '=', event.paymentLink.id).executeTakeFirst();
  const reference = event.order?.notes[NOTE_REFERENCE];
  return reference ? q.where('reference_id', '=', reference).executeTakeFirst() : undefined;
}

async function flag(
  db: Db,
  f: {
    document: number | null;
    link: string | null;
    payment: string;
    event: string;
    amount: number;
    expected: number | null;
    reason: 'amount_mismatch' | 'not_payable' | 'unknown_link';
  },
): Promise<void> {
  await db
    .insertInto('billing_payment_flags')
    .values({
      document_id: f.document,
      link_id: f.link,
      payment_id: f.payment,
      event_id: f.event,
      amount_paise: f.amount,
      expected_paise: f.expected,
      reason: f.reason,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

/** Records what a verified webhook reports, once; what it did. */
export async function handleGatewayEvent(db: Db, event: GatewayEvent): Promise<WebhookOutcome> {
  return db.transaction().execute(async (trx) => {
    const seen = await trx
      .insertInto('billing_gateway_events')
      .values({
        event_id: event.eventId,
        event: event.event,
        link_id: event.paymentLink?.id ?? null,
        payment_id: event.payment?.id ?? null,
        outcome: 'ignored',
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!seen) return 'duplicate';
    const outcome = await applyEvent(trx, event);
    await trx.updateTable('billing_gateway_events').set({ outcome }).where('event_id', '=', event.eventId).execute();
    return outcome;
  });
}

async function applyEvent(trx: Db, event: GatewayEvent): Promise<Exclude<WebhookOutcome, 'duplicate'>> {
  const payment = event.payment;
  if (!PAYMENT_EVENTS.has(event.event) || !payment || payment.status !== 'captured') return 'ignored';
  const link = await linkFor(trx, event);
  return applyCapturedPayment(trx, link, payment, { eventId: event.eventId, linkId: event.paymentLink?.id ?? null });
}

/** A payment Razorpay says is captured: from a webhook, or from a link the reconciler fetched. */
export interface CapturedPayment {
  id: string;
  amountPaise: number;
  currency: string;
}

/**
 * Records a captured gateway payment on its link's document, once, through recordPayment: the
 * webhook and the reconciler (server/jobs/billing-reconcile.ts) both come here, so whichever is
 * first records it and the other finds it recorded. `source.eventId` names what reported it (a
 * webhook's event id, or `reconcile:<link id>`) on a flag and in the audit row's request id.
 */
export async function applyCapturedPayment(
  trx: Db,
  link: LinkRow | undefined,
  payment: CapturedPayment,
  source: { eventId: string; linkId: string | null },
): Promise<Exclude<WebhookOutcome, 'duplicate' | 'ignored'>> {
  const base = { link: link?.link_id ?? source.linkId, payment: payment.id, event: source.eventId, amount: payment.amountPaise };
  const requestId = `razorpay:${source.eventId}`;
  if (!link) {
    await flag(trx, { ...base, document: null, expected: null, reason: 'unknown_link' });
    return 'flagged';
  }
  // The document's row first: a second report of the same payment waits here, then sees it recorded.
  const doc = await findDocument(trx, link.document_id, true);
  if (!doc) throw notFound();
  const recorded = await trx.selectFrom('billing_payments').select('id').where('method', '=', 'online').where('reference', '=', payment.id).executeTakeFirst();
  if (recorded) return 'already_recorded';
  const expected = Number(link.amount_paise);
  if (payment.amountPaise !== expected || payment.currency !== 'INR') {
    await flag(trx, { ...base, document: doc.id, expected, reason: 'amount_mismatch' });
    await recordSystemAudit(trx, { action: 'billing.payment.flag', client: doc.client_id, requestId });
    return 'flagged';
  }
  const payable = (doc.kind === 'invoice' || doc.kind === 'bill_of_supply') && takesPayments(doc.status);
  const due = payable ? dueOf(doc, await moneyOf(trx, doc.id)) : 0;
  if (!payable || payment.amountPaise > due) {
    await flag(trx, { ...base, document: doc.id, expected: due, reason: 'not_payable' });
    await recordSystemAudit(trx, { action: 'billing.payment.flag', client: doc.client_id, requestId });
    return 'flagged';
  }
  await recordPayment(trx, doc.id, { method: 'online', amount_paise: payment.amountPaise, reference: payment.id }, null);
  await trx.updateTable('billing_payment_links').set({ status: 'paid', updated_at: new Date() }).where('id', '=', link.id).execute();
  await recordSystemAudit(trx, { action: 'billing.payment.online', client: doc.client_id, requestId });
  return 'recorded';
}

// --- the reconciler's checks ----------------------------------------------------------------------

/** The job that asks Razorpay about one open link (server/jobs/billing-reconcile.ts handles it). */
export const RECONCILE_LINK_JOB = 'billing.reconcile_link';

/** The longest wait between two checks of a link still open. */
const LONGEST_CHECK_GAP_MS = 6 * 3_600_000;

/**
 * Queues the `check`th look at an open link: the first `afterMs` after it opened, later ones
 * doubling (at least a minute apart, at most six hours), so a link nobody pays costs a few calls a
 * day. One job per link and check (a repeat enqueue does nothing).
 */
export async function enqueueLinkCheck(db: Db, linkId: string, check: number, afterMs: number): Promise<void> {
  const wait = check <= 1 ? afterMs : Math.min(Math.max(afterMs, 60_000) * 2 ** (check - 1), LONGEST_CHECK_GAP_MS);
  await enqueue(db, {
    kind: RECONCILE_LINK_JOB,
    dedupeKey: `billing-link-check:${linkId}:${check}`,
    runAt: new Date(Date.now() + wait),
    payload: { link_id: linkId, check },
  });
}

/** Our row of a link still open here, locked (the reconciler's check holds it while it asks). */
export async function openLinkById(db: Db, linkId: string): Promise<LinkRow | undefined> {
  return db.selectFrom('billing_payment_links').selectAll().where('link_id', '=', linkId).where('status', '=', 'created').forUpdate().executeTakeFirst();
}

/** A link Razorpay says expired or was cancelled is closed here too. */
export async function closeLink(db: Db, link: LinkRow, status: 'expired' | 'cancelled'): Promise<void> {
  await db.updateTable('billing_payment_links').set({ status, updated_at: new Date() }).where('id', '=', link.id).execute();
}

export interface FlagOut {
  id: number;
  document: number | null;
  number: string | null;
  client: number | null;
  payment_id: string;
  link_id: string | null;
  amount_paise: number;
  expected_paise: number | null;
  reason: 'amount_mismatch' | 'not_payable' | 'unknown_link';
  created_at: string;
}

/** Online payments refused and left for reception, oldest first. */
export async function openFlags(db: Db): Promise<FlagOut[]> {
  const rows = await db
    .selectFrom('billing_payment_flags as f')
    .leftJoin('billing_documents as d', 'd.id', 'f.document_id')
    .select(['f.id', 'f.document_id', 'd.number', 'd.client_id', 'f.payment_id', 'f.link_id', 'f.amount_paise', 'f.expected_paise', 'f.reason', 'f.created_at'])
    .where('f.resolved_at', 'is', null)
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    document: r.document_id,
    number: r.number ?? null,
    client: r.client_id ?? null,
    payment_id: r.payment_id,
    link_id: r.link_id,
    amount_paise: Number(r.amount_paise),
    expected_paise: r.expected_paise === null ? null : Number(r.expected_paise),
    reason: r.reason,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
