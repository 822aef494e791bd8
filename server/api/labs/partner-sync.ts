// Orders booked while a partner lab is configured (LAB_PARTNER_URL and LAB_PARTNER_KEY) reach it
// through the clinic's job queue, never from inside the booking request: the booking transaction
// writes a `lab.partner.book` job row beside the order, and the labs worker sends it after the
// commit. A partner that is down leaves the job pending; the queue retries it later with backoff
// (the order is booked for the client all the while). The partner receives the clinic's order
// number with each booking, so a booking re-sent after a crash between its answer and our commit
// can be recognised by it as the same one (at least once, never for an order that was rolled back).
// The same worker polls the partner for orders under way: each status it reports walks the order
// along the order chart (machines/labs/order-lifecycle.ts) one step at a time, each step checked
// by the chart as the lab desk's are; results arrive as results (flags from the same ranges).
// Each step and each result the partner brings is audited with the system actor (no clinic user
// made it), in the transaction that writes it; the entry's request id names the worker's round.
// Cancelling an order the partner has (or is about to have) writes a `lab.partner.cancel` job in
// the cancellation's transaction; the worker calls the booking off at the partner after the commit,
// retried like a booking until the partner confirms.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LAB_ORDER_STATUSES, type LabOrderStatus, labOrderLifecycle } from '../../../machines/labs/order-lifecycle.ts';
import type { Db } from '../../db/database.ts';
import { enqueue, type JobHandler, runDueJobs } from '../../jobs/queue.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { HttpError } from '../../http/errors.ts';
import { recordSystemAudit } from '../audit/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import * as data from './data.ts';
import type { LabPartner, PartnerBooking } from './partner.ts';
import { recordResult } from './record-result.ts';

export const LAB_PARTNER_BOOK_JOB = 'lab.partner.book';
export const LAB_PARTNER_CANCEL_JOB = 'lab.partner.cancel';
const PARTNER_JOBS = [LAB_PARTNER_BOOK_JOB, LAB_PARTNER_CANCEL_JOB];

interface Logger {
  warn(obj: object, msg: string): void;
}

/** In the booking's transaction: the order goes to the partner once this commits. */
export async function queuePartnerBooking(trx: Db, order: number): Promise<void> {
  await trx.updateTable('lab_orders').set({ by_partner: true }).where('id', '=', order).execute();
  await enqueue(trx, { kind: LAB_PARTNER_BOOK_JOB, dedupeKey: `lab-partner-book:${order}`, runAt: new Date(), payload: { order } });
}

/** In the cancellation's transaction: a partner order is called off at the partner once this commits. */
export async function queuePartnerCancel(trx: Db, order: number): Promise<void> {
  await enqueue(trx, { kind: LAB_PARTNER_CANCEL_JOB, dedupeKey: `lab-partner-cancel:${order}`, runAt: new Date(), payload: { order } });
}

/** What the partner is told: the wire format in docs/labs.md. */
async function bookingOf(q: Db, id: number): Promise<PartnerBooking | null> {
  const order = await data.findOrder(q, id);
  if (!order) return null;
  const tests = await q
    .selectFrom('lab_order_items as oi')
    .innerJoin('lab_catalogue as c', 'c.id', 'oi.catalogue_id')
    .select('c.code')
    .where('oi.order_id', '=', id)
    .orderBy('c.code')
    .execute();
  const people = await q.selectFrom('lab_order_people').select(['name', 'age', 'sex']).where('order_id', '=', id).orderBy('id').execute();
  return {
    order: id,
    pincode: order.pincode,
    address: order.address,
    start: new Date(order.slot_start).toISOString(),
    tests: tests.map((t) => t.code),
    people,
  };
}

/** The job that books an order with the partner; a failure throws, and the queue retries later. */
export function partnerBookHandler(partner: LabPartner): JobHandler {
  return async (trx, job) => {
    const id = Number(job.payload.order);
    const order = await data.lockOrder(trx, id);
    // Cancelled before the partner heard of it, or already booked there: nothing to send.
    if (!order || order.status === 'cancelled' || order.partner_reference) return 'skipped';
    const booking = (await bookingOf(trx, id))!;
    const { reference } = await partner.book(booking);
    await trx.updateTable('lab_orders').set({ partner_reference: reference, updated_at: new Date() }).where('id', '=', id).execute();
    return 'done';
  };
}

/**
 * The job that cancels an order at the partner; a failure throws, and the queue retries later.
 * An order the partner never took needs nothing: its booking job sees it cancelled and skips it
 * (the two jobs lock the order, so one of them runs after the other).
 */
export function partnerCancelHandler(partner: LabPartner): JobHandler {
  return async (trx, job) => {
    const order = await data.lockOrder(trx, Number(job.payload.order));
    if (!order || order.status !== 'cancelled' || !order.partner_reference) return 'skipped';
    await partner.cancel(order.partner_reference);
    return 'done';
  };
}

const ORDER_OF_STEPS: readonly LabOrderStatus[] = LAB_ORDER_STATUSES.filter((s) => s !== 'cancelled');
const WITH_RESULTS: readonly LabOrderStatus[] = ['processing', 'partial', 'ready'];

/** One partner order brought up to what the partner reports. Returns the steps taken. */
async function syncOrder(
  db: Db,
  partner: LabPartner,
  mail: MailTransport,
  log: Logger | undefined,
  id: number,
  reference: string,
  round: string,
): Promise<number> {
  const reported = await partner.status(reference);
  const results = WITH_RESULTS.includes(reported) ? await partner.results(reference) : [];
  return db.transaction().execute(async (trx) => {
    const order = (await data.lockOrder(trx, id))!;
    // No clinic user made these changes: the system actor, and the worker's round as the request.
    const audit = (action: 'lab.order.transition' | 'lab.result.enter') => recordSystemAudit(trx, { action, client: order.client_id, requestId: round });
    let steps = 0;
    const step = async (to: LabOrderStatus) => {
      const counts = await data.resultCounts(trx, id);
      // The chart decides, as for the lab desk; a step it refuses waits for the next poll.
      requireLifecycleStep(labOrderLifecycle, 'lab order', order.status, to, { extras: { by_partner: true, ...counts } });
      await data.setOrderStatus(trx, id, order.status, to, new Date(order.slot_start), null);
      await audit('lab.order.transition');
      order.status = to;
      steps += 1;
    };
    try {
      if (reported === 'cancelled') {
        if (order.status !== 'cancelled') await step('cancelled');
        return steps;
      }
      const target = ORDER_OF_STEPS.indexOf(reported);
      // Up to processing (results can be written from there), then the results, then release.
      while (ORDER_OF_STEPS.indexOf(order.status) < Math.min(target, ORDER_OF_STEPS.indexOf('processing')))
        await step(ORDER_OF_STEPS[ORDER_OF_STEPS.indexOf(order.status) + 1]);
      if (WITH_RESULTS.includes(order.status)) {
        const people = await trx.selectFrom('lab_order_people').select(['id', 'sex', 'age']).where('order_id', '=', id).orderBy('id').execute();
        const markers = await data.orderMarkers(trx, id);
        for (const r of results) {
          const person = people[r.person];
          const marker = markers.find((m) => m.code === r.marker);
          if (!person || !marker || marker.unit !== r.unit) {
            log?.warn({ lab_order: id, marker: r.marker }, 'lab partner result matches no person or marker of the order (or another unit); left out');
            continue;
          }
          // A result the partner repeats unchanged at the next poll is neither written nor audited again.
          if ((await recordResult(trx, mail, { order, person, marker, value: r.value, by: null })).changed) await audit('lab.result.enter');
        }
      }
      if (reported === 'ready' && order.status === 'processing') {
        const counts = await data.resultCounts(trx, id);
        // All in at once is still released in one step; some in is partial first.
        await step(counts.resulted >= counts.expected ? 'ready' : 'partial');
      } else if (reported === 'partial' && order.status === 'processing') await step('partial');
      else if (reported === 'ready' && order.status === 'partial') await step('ready');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log?.warn(
        { lab_order: id, from: order.status, to: reported },
        'lab partner reported a status the order chart does not allow yet; kept for the next poll',
      );
    }
    return steps;
  });
}

/** Polls the partner for every partner order under way. A partner that is down is tried again next time. */
export async function syncPartnerOrders(db: Db, partner: LabPartner, mail: MailTransport, log?: Logger): Promise<number> {
  const round = `lab-partner:${randomUUID()}`;
  const open = await db
    .selectFrom('lab_orders')
    .select(['id', 'partner_reference'])
    .where('by_partner', '=', true)
    .where('status', 'not in', ['ready', 'cancelled'])
    .where('partner_reference', 'is not', null)
    .orderBy('id')
    .execute();
  let steps = 0;
  for (const o of open) {
    try {
      steps += await syncOrder(db, partner, mail, log, o.id, o.partner_reference!, round);
    } catch (error) {
      log?.warn({ lab_order: o.id, err: { type: (error as Error)?.name } }, 'lab partner poll failed; will retry');
    }
  }
  return steps;
}

/** One round of the labs worker: send pending bookings and cancellations, then poll the orders under way. */
export async function partnerTick(db: Db, partner: LabPartner, mail: MailTransport, log?: Logger): Promise<void> {
  // A booking or cancellation whose queue retries ran out (a partner down for long) starts over a
  // while later: the partner must hear of it in the end.
  await sql`update scheduled_jobs set status = 'pending', attempts = 0, run_at = now() + interval '15 minutes'
    where kind in (${sql.join(PARTNER_JOBS)}) and status = 'failed'`.execute(db);
  await runDueJobs(db, { [LAB_PARTNER_BOOK_JOB]: partnerBookHandler(partner), [LAB_PARTNER_CANCEL_JOB]: partnerCancelHandler(partner) }, { log });
  await syncPartnerOrders(db, partner, mail, log);
}
