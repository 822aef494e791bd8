// Calendar dates and instants the clinic accepts, pure (issue 42). The contract declares the one
// window every `format: date` and `format: date-time` must fall in (openapi.yaml's
// `x-date-window`, equal to DATE_WINDOW here: a test holds them together); the contract's loader
// applies it to every such field, so the server's validator and the browser's generated
// validators refuse a year outside it before any handler runs. The helpers below are the only
// day arithmetic the server does on dates: they read a date as a day number (an integer), never
// compare dates as text, refuse impossible calendar dates (2027-02-30 is not 2 March), and every
// walk over days checks its length before it builds anything.

/** The years a date or a date-time the API accepts may fall in (inclusive). */
export const DATE_WINDOW = { first: '1900-01-01', last: '2100-12-31' } as const;
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;
/** The pattern the contract's loader adds to every date and date-time: its year is in the window. */
export const DATE_WINDOW_PATTERN = '^(19[0-9]{2}|20[0-9]{2}|2100)-';

/** What a refused date says, in one place (the validator's 400 and the tests use them). */
export const DATE_TEXTS = {
  outsideWindow: `Must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`,
  notADate: 'Must be a real calendar date, YYYY-MM-DD.',
  notADateTime: 'Must be a real date and time with its UTC offset, such as 2026-03-02T10:00:00+05:30.',
} as const;

/**
 * A validator's refusal of a date said plainly (the window, a real calendar day) rather than as a
 * regex or a format name; null for any other refusal. The server's 400 and the portal's forms use it.
 */
export function dateRefusal(keyword: string, params: Record<string, unknown>): string | null {
  if (keyword === 'pattern' && params.pattern === DATE_WINDOW_PATTERN) return DATE_TEXTS.outsideWindow;
  if (keyword === 'format' && params.format === 'date') return DATE_TEXTS.notADate;
  if (keyword === 'format' && params.format === 'date-time') return DATE_TEXTS.notADateTime;
  return null;
}

const DAY_MS = 86_400_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
}

/** Days from 1970-01-01 to the real calendar date `YYYY-MM-DD` (any four-digit year), or null. */
export function dayNumber(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  return Math.round(new Date(0).setUTCFullYear(year, month - 1, day) / DAY_MS);
}

/** The date of a day number, `YYYY-MM-DD`; a RangeError outside the four-digit years (never `+010000-01-01`). */
export function dateOfDay(day: number): string {
  if (!Number.isSafeInteger(day)) throw new RangeError(`not a day number: ${day}`);
  const d = new Date(day * DAY_MS);
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`day ${day} is outside the years 0000-9999`);
  return `${String(year).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** A real calendar date, `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  return dayNumber(value) !== null;
}

/** A real calendar date inside the window. */
export function isDateInWindow(value: string): boolean {
  if (!isCalendarDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|([+-])(\d{2}):(\d{2}))$/i;

/**
 * An ISO 8601 date-time carrying its offset (`Z` or `+05:30`) on a real calendar day, with a real
 * clock time, inside the window: the only instants the API accepts.
 */
export function isDateTimeInWindow(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isDateInWindow(m[1])) return false;
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[6] && (Number(m[7]) > 23 || Number(m[8]) > 59)) return false;
  return !Number.isNaN(Date.parse(value));
}

function requireDay(date: string): number {
  const day = dayNumber(date);
  if (day === null) throw new RangeError(`not a calendar date: ${JSON.stringify(date).slice(0, 40)}`);
  return day;
}

/** `date` moved by `days` (an integer), on the calendar. */
export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`not a whole number of days: ${days}`);
  return dateOfDay(requireDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return requireDay(to) - requireDay(from);
}

/** `a` before `b` (-1), the same day (0) or after (1), as dates, never as text. */
export function compareDates(a: string, b: string): number {
  return Math.sign(requireDay(a) - requireDay(b));
}

/**
 * The dates from `from` to `to` inclusive. Its length is checked before anything is built: a range
 * backwards or longer than `maxDays` is a RangeError, so the walk is at most `maxDays` steps.
 */
export function eachDay(from: string, to: string, maxDays: number): string[] {
  const first = requireDay(from);
  const length = requireDay(to) - first + 1;
  if (length < 0 || length > maxDays) throw new RangeError(`a range of ${length} days (at most ${maxDays})`);
  return Array.from({ length }, (_, i) => dateOfDay(first + i));
}
