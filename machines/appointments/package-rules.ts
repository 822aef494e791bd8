// A package's money and calendar rules (issue 35), pure: the unused share a pro-rata refund
// credits, and the days a freeze takes and gives back. Dates are clinic-local 'YYYY-MM-DD'.
import { addDays, daysBetween } from '../rules/calendar-dates.ts';

/**
 * The taxable value a refund credits for the credits not used: the invoice line's taxable value ×
 * credits left ÷ credits sold, in paise, rounded to the nearest paisa (half up, as billing rounds
 * tax), never more than what is still uncredited on the line. Integers only: no float drift.
 */
export function proRataTaxablePaise(lineTaxablePaise: number, creditsLeft: number, creditsTotal: number, uncreditedPaise = lineTaxablePaise): number {
  if (creditsTotal <= 0 || creditsLeft <= 0) return 0;
  const left = Math.min(creditsLeft, creditsTotal);
  const share = (2 * lineTaxablePaise * left + creditsTotal) / (2 * creditsTotal);
  return Math.min(Math.floor(share), uncreditedPaise);
}

/** The days a freeze from `today` takes: `days`, or from today through `until` (its last day). */
export function freezeDays(today: string, asked: { days?: number; until?: string }): number {
  return asked.days ?? daysBetween(today, asked.until!) + 1;
}

/** A freeze from `today` for `days` days: its last day, and the package's expiry moved by as many days. */
export function frozen(today: string, days: number, expiresOn: string | null): { until: string; expiresOn: string | null } {
  return { until: addDays(today, days - 1), expiresOn: expiresOn === null ? null : addDays(expiresOn, days) };
}

/**
 * A freeze ended on `today`, before its last day `until`: the days not frozen after all (today
 * among them), which go back to the allowance and come off the expiry. Ended on its first day, it
 * froze nothing.
 */
export function daysGivenBack(today: string, until: string): number {
  return Math.max(0, daysBetween(today, until) + 1);
}
