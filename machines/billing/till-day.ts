// What a till should hold at the end of a business day (issue 35, "The day's close"): per method,
// the money taken less the money paid back. An advance applied to an invoice moves no money (it was
// counted the day the advance was taken), so it is shown apart and is in no method's expected
// amount. Pure: the server sums the day's rows with it and the desk shows the difference live.

export const TILL_METHODS = ['cash', 'card', 'upi', 'online'] as const;
export type TillMethod = (typeof TILL_METHODS)[number];

/** One movement of money on the day: a payment (in) or a refund (out), or an advance applied. */
export interface TillMove {
  method: TillMethod | 'advance';
  direction: 'in' | 'out';
  amountPaise: number;
}

export interface TillExpected {
  byMethod: Record<TillMethod, number>;
  /** Advances applied to invoices that day: not money in the till. */
  advanceAppliedPaise: number;
}

export function expectedInTill(moves: readonly TillMove[]): TillExpected {
  const byMethod: Record<TillMethod, number> = { cash: 0, card: 0, upi: 0, online: 0 };
  let advanceAppliedPaise = 0;
  for (const m of moves) {
    const signed = m.direction === 'in' ? m.amountPaise : -m.amountPaise;
    if (m.method === 'advance') advanceAppliedPaise += signed;
    else byMethod[m.method] += signed;
  }
  return { byMethod, advanceAppliedPaise };
}

/** Counted less expected: negative when the drawer is short, positive when it is over. */
export const cashDifference = (countedPaise: number, expectedPaise: number): number => countedPaise - expectedPaise;

/** A count that does not match needs a reason; one that matches does not. */
export const reasonNeeded = (countedPaise: number, expectedPaise: number): boolean => cashDifference(countedPaise, expectedPaise) !== 0;

/** A date written YYYY-MM-DD that is a real calendar day. */
export function isBusinessDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The day after `day` (YYYY-MM-DD). */
export function nextBusinessDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
