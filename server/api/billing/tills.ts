// Tills and their business days (issue 35, "The day's close"). Every payment and refund is taken at
// a till (the desk's chosen one, else the first; the gateway's at the first) on the clinic-local
// business day. The day's row is locked by every transaction that records money on it and by the
// count and the close, so a payment racing a close is either in the count or refused: the close
// waits for the payment's commit (and then finds the day reopened by it, 409), or the payment waits
// for the close's and finds the day closed. A gateway payment is never refused for a closed day: it
// goes on the next open one.
import { sql } from 'kysely';
import { dayCloseLifecycle, type TillDayStatus } from '../../../machines/billing/day-close-lifecycle.ts';
import { cashDifference, expectedInTill, nextBusinessDay, reasonNeeded, type TillMethod, type TillMove } from '../../../machines/billing/till-day.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { notFound } from '../policy.ts';
import { clinicToday } from './issuing.ts';
import { BILLING_TEXTS as T, type S } from './route-helpers.ts';

export interface Till {
  id: number;
  name: string;
}

export async function listTills(db: Db): Promise<Till[]> {
  return db.selectFrom('billing_tills').select(['id', 'name']).orderBy('id').execute();
}

export async function findTill(db: Db, id: number): Promise<Till | undefined> {
  return db.selectFrom('billing_tills').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The till money is taken at: the one asked for (400 naming `field` when there is none such), else the first. */
export async function tillFor(db: Db, asked: number | undefined, field = 'till'): Promise<Till> {
  if (asked !== undefined) {
    const till = await findTill(db, asked);
    if (!till) throw badRequest(field, T.tillUnknown);
    return till;
  }
  const first = await db.selectFrom('billing_tills').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
  if (!first) throw new HttpError(409, T.noTill);
  return first;
}

/** A till's name as stored: trimmed; another till's name (any case) is 409. */
async function uniqueName<R>(write: Promise<R>): Promise<R> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, T.tillNameTaken);
    throw error;
  }
}

export async function createTill(trx: Db, name: string): Promise<Till> {
  return uniqueName(trx.insertInto('billing_tills').values({ name: name.trim() }).returning(['id', 'name']).executeTakeFirstOrThrow());
}

export async function renameTill(trx: Db, id: number, name: string): Promise<Till> {
  const till = await uniqueName(trx.updateTable('billing_tills').set({ name: name.trim() }).where('id', '=', id).returning(['id', 'name']).executeTakeFirst());
  if (!till) throw notFound();
  return till;
}

/** The day's row, created open if money never moved on it, locked to the end of `trx`. */
async function lockedDay(trx: Db, till: number, day: string): Promise<TillDayStatus> {
  await trx
    .insertInto('billing_till_days')
    .values({ till_id: till, business_day: day, status: 'open' })
    .onConflict((oc) => oc.columns(['till_id', 'business_day']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('billing_till_days')
    .select('status')
    .where('till_id', '=', till)
    .where('business_day', '=', day)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * The business day money is recorded on at `till` now, in `trx`, with the day's row locked to the
 * commit: the clinic's today. A closed today is 409, or with `moveOn` (the gateway's payments, which
 * must never be lost) the next day that is not closed. Money moving on a counted day reopens it:
 * the count no longer holds, and the day is counted again before it is closed.
 */
export async function dayForMoney(trx: Db, till: Till, options: { moveOn?: boolean } = {}): Promise<string> {
  let { day } = await clinicToday(trx);
  for (;;) {
    const status = await lockedDay(trx, till.id, day);
    if (status === 'closed') {
      if (!options.moveOn) throw new HttpError(409, T.dayClosed(till.name, day));
      day = nextBusinessDay(day);
      continue;
    }
    if (status === 'counted') {
      requireLifecycleStep(dayCloseLifecycle, 'till day', 'counted', 'open');
      await trx.updateTable('billing_till_days').set({ status: 'open' }).where('till_id', '=', till.id).where('business_day', '=', day).execute();
    }
    return day;
  }
}

/** The money that moved at the till on the day, per method and direction. */
async function movesOf(db: Db, till: number, day: string): Promise<TillMove[]> {
  const [payments, refunds, vouchers] = await Promise.all([
    db
      .selectFrom('billing_payments')
      .select((eb) => ['method', eb.fn.sum<number>('amount_paise').as('amount')])
      .where('till_id', '=', till)
      .where('business_day', '=', day)
      .groupBy('method')
      .execute(),
    db
      .selectFrom('billing_refunds')
      .select((eb) => ['method', eb.fn.sum<number>('amount_paise').as('amount')])
      .where('till_id', '=', till)
      .where('business_day', '=', day)
      .groupBy('method')
      .execute(),
    // A refund voucher's money went out by the method on its snapshot.
    sql<{ method: TillMethod; amount: number }>`select snapshot -> 'payments' -> 0 ->> 'method' as method, sum(total_paise) as amount
      from billing_documents where kind = 'refund_voucher' and till_id = ${till} and business_day = ${day} group by 1`
      .execute(db)
      .then((r) => r.rows),
  ]);
  return [
    ...payments.map((r) => ({ method: r.method, direction: 'in' as const, amountPaise: Number(r.amount) })),
    ...refunds.map((r) => ({ method: r.method, direction: 'out' as const, amountPaise: Number(r.amount) })),
    ...vouchers.map((r) => ({ method: r.method, direction: 'out' as const, amountPaise: Number(r.amount) })),
  ];
}

const staffName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/** The day as the desk sees it: expected per method, its state, and the count and close when there are. */
export async function tillDayOf(db: Db, till: Till, day: string): Promise<S['TillDay']> {
  const row = await db
    .selectFrom('billing_till_days as d')
    .leftJoin('users as c', 'c.id', 'd.counted_by')
    .leftJoin('users as x', 'x.id', 'd.closed_by')
    .select([
      'd.status',
      'd.counted_cash_paise',
      'd.expected_cash_paise',
      'd.reason',
      'd.counted_at',
      'd.closed_at',
      'd.counted_by',
      'd.closed_by',
      'c.first_name as counted_first',
      'c.last_name as counted_last',
      'x.first_name as closed_first',
      'x.last_name as closed_last',
    ])
    .where('d.till_id', '=', till.id)
    .where('d.business_day', '=', day)
    .executeTakeFirst();
  const expected = expectedInTill(await movesOf(db, till.id, day));
  const counted = row?.counted_cash_paise ?? null;
  const by = (id: number | null, first: string | null, last: string | null) => (id === null ? null : { id, name: staffName(first, last) ?? '' });
  return {
    till,
    business_day: day,
    status: row?.status ?? 'open',
    expected: {
      cash_paise: expected.byMethod.cash,
      card_paise: expected.byMethod.card,
      upi_paise: expected.byMethod.upi,
      online_paise: expected.byMethod.online,
    },
    advance_applied_paise: expected.advanceAppliedPaise,
    counted_cash_paise: counted === null ? null : Number(counted),
    // Against what is expected now: a day reopened by money after its count shows how far off the old count is.
    difference_paise: counted === null ? null : cashDifference(Number(counted), expected.byMethod.cash),
    reason: row?.reason ?? null,
    counted_by: row ? by(row.counted_by, row.counted_first, row.counted_last) : null,
    counted_at: row?.counted_at ? new Date(row.counted_at).toISOString() : null,
    closed_by: row ? by(row.closed_by, row.closed_first, row.closed_last) : null,
    closed_at: row?.closed_at ? new Date(row.closed_at).toISOString() : null,
  };
}

/** A day that has begun at the clinic (today or before): a later one cannot be counted or closed yet. */
async function begun(trx: Db, day: string): Promise<void> {
  if (day > (await clinicToday(trx)).day) throw new HttpError(409, T.dayNotBegun);
}

/** Counts the day's cash in `trx`: a counted day is counted again (reopened, then counted). */
export async function countDay(trx: Db, till: Till, day: string, b: S['TillDayCount'], by: number): Promise<void> {
  await begun(trx, day);
  const status = await lockedDay(trx, till.id, day);
  if (status === 'counted') requireLifecycleStep(dayCloseLifecycle, 'till day', 'counted', 'open');
  requireLifecycleStep(dayCloseLifecycle, 'till day', status === 'counted' ? 'open' : status, 'counted');
  const expectedCash = expectedInTill(await movesOf(trx, till.id, day)).byMethod.cash;
  const reason = b.reason?.trim() || null;
  if (reasonNeeded(b.counted_cash_paise, expectedCash) && !reason) throw badRequest('reason', T.countReasonRequired);
  await trx
    .updateTable('billing_till_days')
    .set({
      status: 'counted',
      counted_cash_paise: b.counted_cash_paise,
      expected_cash_paise: expectedCash,
      reason: reasonNeeded(b.counted_cash_paise, expectedCash) ? reason : null,
      counted_by: by,
      counted_at: new Date(),
    })
    .where('till_id', '=', till.id)
    .where('business_day', '=', day)
    .execute();
}

/** Closes a counted day in `trx`: final, and nothing more is recorded on it. */
export async function closeDay(trx: Db, till: Till, day: string, by: number): Promise<void> {
  await begun(trx, day);
  const status = await lockedDay(trx, till.id, day);
  requireLifecycleStep(dayCloseLifecycle, 'till day', status, 'closed');
  await trx
    .updateTable('billing_till_days')
    .set({ status: 'closed', closed_by: by, closed_at: new Date() })
    .where('till_id', '=', till.id)
    .where('business_day', '=', day)
    .execute();
}
