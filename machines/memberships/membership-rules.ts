// The arithmetic of memberships (issue 35), pure: a period's days on the clinic's calendar, when
// the renewal invoice is due, and a percentage discount in paise. Days are `YYYY-MM-DD` strings of
// the clinic's time zone (the server turns an instant into one with `localTime`).

export type MembershipPeriod = 'monthly' | 'yearly';

/** How many days before a period's last day its renewal invoice is issued and mailed. */
export const RENEWAL_NOTICE_DAYS = 7;

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return dayOf(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/**
 * `anchor` moved by `months` calendar months, its day of the month kept, or the month's last day
 * when the month is shorter (31 January + 1 month is 28 or 29 February; 29 February + 12 is 28 February).
 */
export function addMonths(anchor: string, months: number): string {
  const [y, m, d] = parts(anchor);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return dayOf(year, month, Math.min(d, daysInMonth(year, month)));
}

const MONTHS: Record<MembershipPeriod, number> = { monthly: 1, yearly: 12 };

/**
 * The `n`th period (0 the first) of a membership that started on `anchor`: from the anchor moved by
 * n periods to the day before the anchor moved by n + 1. Counting from the anchor each time, not
 * from the last period's end, keeps a membership started on the 31st on month ends (31 Jan, 28 Feb, 31 Mar).
 */
export function periodOf(anchor: string, period: MembershipPeriod, n: number): { startsOn: string; endsOn: string } {
  return {
    startsOn: addMonths(anchor, n * MONTHS[period]),
    endsOn: addDays(addMonths(anchor, (n + 1) * MONTHS[period]), -1),
  };
}

/** Whether the renewal invoice of a period ending on `endsOn` is due on `today`. */
export const renewalDue = (endsOn: string, today: string): boolean => today >= addDays(endsOn, -RENEWAL_NOTICE_DAYS);

/** Whether a period ending on `endsOn` is over on `today`. */
export const periodOver = (endsOn: string, today: string): boolean => today > endsOn;

/**
 * A membership's percentage off a line of `quantity × unitPricePaise`, in whole paise, half a
 * paisa and more rounded up (as billing rounds tax), never more than the line.
 */
export function membershipDiscountPaise(quantity: number, unitPricePaise: number, percent: number): number {
  const gross = quantity * unitPricePaise;
  return Math.min(gross, Math.floor((gross * percent + 50) / 100));
}
