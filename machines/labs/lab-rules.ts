// The lab desk's rules, shared by the booking views and the server's validation: which slots a
// booking may take, how a result is flagged against its reference range, how a collector's phone
// is shown and what counts as a PDF. Pure: no React, no network.

/** Home collection starts on the hour, from 06:00 to 17:00 clinic time. */
export const SLOT_START_HOURS = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;
/** Tests that need this many hours of fasting or more are collected in the morning only. */
export const MORNING_ONLY_FASTING_HOURS = 10;
/** Morning slots start before 10:00. */
export const MORNING_ENDS_HOUR = 10;
/** Slots are offered from today to this many days ahead. */
export const BOOKING_DAYS_AHEAD = 7;
/** A chosen slot is held this long, then released unless the order is confirmed. */
export const HOLD_MINUTES = 15;
/** A lab's PDF report, at most. */
export const REPORT_MAX_BYTES = 10 * 1024 * 1024;

export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

export type Sex = 'M' | 'F';
export type ResultFlag = 'normal' | 'low' | 'high' | 'critical';

export interface ReferenceRange {
  sex: Sex | null;
  age_min: number;
  age_max: number;
  low: number;
  high: number;
  critical_low: number | null;
  critical_high: number | null;
}

/** Whether a slot starting at `hour` suits tests needing `fastingHours` of fasting. */
export function slotSuitsFasting(hour: number, fastingHours: number): boolean {
  return fastingHours < MORNING_ONLY_FASTING_HOURS || hour < MORNING_ENDS_HOUR;
}

/** The range that applies to a person: their sex's own range before one for either sex. */
export function rangeFor<R extends ReferenceRange>(ranges: readonly R[], sex: Sex, age: number): R | null {
  const fits = ranges.filter((r) => age >= r.age_min && age <= r.age_max && (r.sex === null || r.sex === sex));
  return fits.find((r) => r.sex === sex) ?? fits.find((r) => r.sex === null) ?? null;
}

/** The flag of `value` against `range` (critical before low or high); no range, no flag beyond normal. */
export function flagOf(value: number, range: ReferenceRange | null): ResultFlag {
  if (!range) return 'normal';
  if ((range.critical_low !== null && value <= range.critical_low) || (range.critical_high !== null && value >= range.critical_high)) return 'critical';
  if (value < range.low) return 'low';
  if (value > range.high) return 'high';
  return 'normal';
}

/** §9: a phone number shown to a client keeps its last 4 digits only. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return null;
  return `••••••${digits.slice(-4)}`;
}

/** A PDF is what its bytes say: `%PDF-` at the start, whatever the file is called. */
export function isPdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** Age in whole years on `on` (YYYY-MM-DD) for someone born on `born`. */
export function ageOn(born: string, on: string): number {
  const [by, bm, bd] = born.slice(0, 10).split('-').map(Number);
  const [y, m, d] = on.slice(0, 10).split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Where a value sits on a range bar from 0 to 1 (the range itself spans the middle half). */
export function rangeBarPosition(value: number, low: number, high: number): number {
  const span = high - low || Math.abs(high) || 1;
  const position = 0.25 + ((value - low) / span) * 0.5;
  return Math.min(1, Math.max(0, position));
}
