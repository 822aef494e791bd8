// The funnel's date range rules, shared by the /discovery funnel chart (a range it would not send)
// and the server's validation of GET discovery/funnel (the same range refused with 400).
import { compareDates, daysBetween, isCalendarDate } from '../rules/calendar-dates.ts';

export const FUNNEL_MAX_DAYS = 366;
/** The range the funnel opens with: the last 90 days up to today. */
export const FUNNEL_DEFAULT_DAYS = 90;

export interface FunnelRange {
  from: string;
  to: string;
}

export const FUNNEL_RANGE_TEXTS = {
  dateNeeded: 'Give a date.',
  rangeOrder: 'Must be on or after date_from.',
  rangeTooLong: `At most ${FUNNEL_MAX_DAYS} days.`,
} as const;

/** What is wrong with a range, by the server's field names; null when it can be asked for. */
export function rangeProblem(range: FunnelRange): { field: 'date_from' | 'date_to'; reason: string } | null {
  // A calendar day as YYYY-MM-DD (not 2026-02-30, which Date would roll into March).
  if (!isCalendarDate(range.from)) return { field: 'date_from', reason: FUNNEL_RANGE_TEXTS.dateNeeded };
  if (!isCalendarDate(range.to)) return { field: 'date_to', reason: FUNNEL_RANGE_TEXTS.dateNeeded };
  if (compareDates(range.to, range.from) < 0) return { field: 'date_to', reason: FUNNEL_RANGE_TEXTS.rangeOrder };
  if (daysBetween(range.from, range.to) > FUNNEL_MAX_DAYS) return { field: 'date_to', reason: FUNNEL_RANGE_TEXTS.rangeTooLong };
  return null;
}

/** The default range ending on `today` (YYYY-MM-DD, the clinic's day as the view knows it). */
export function defaultRange(today: string): FunnelRange {
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - FUNNEL_DEFAULT_DAYS);
  return { from: from.toISOString().slice(0, 10), to: today };
}

/** Converted of prospects as a whole percentage (0 when there were none). */
export const conversionRate = (converted: number, prospects: number) => (prospects > 0 ? Math.round((converted / prospects) * 100) : 0);
