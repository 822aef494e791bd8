// The one place the app writes dates, times, numbers and amounts: in the clinic's locale and time
// zone (back office settings, through /config.json; India's until set): 23/11/2026, 10:30 am,
// ₹1,500. The app sets them once when /config.json has loaded, before any view renders; a view
// never calls toLocale*String or Intl itself, so every page says a date the same way.
import { addDays, localTime } from '../../machines/appointments/scheduling-rules.ts';
import { splitPhoneNumber } from '../../machines/rules/dial-codes.ts';

export interface ClinicFormat {
  locale: string;
  timeZone: string;
  dialCode: string;
}

export const DEFAULT_FORMAT: ClinicFormat = { locale: 'en-IN', timeZone: 'Asia/Kolkata', dialCode: '+91' };

let current: ClinicFormat = DEFAULT_FORMAT;
// The settings last given, checked against the browser's Intl on first use rather than when
// /config.json loads: the check loads the locale data, which /login (formatting nothing) need not
// wait for. Undefined when nothing is waiting.
let given: Partial<ClinicFormat> | null | undefined;
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** Adopts the clinic's settings; a locale or zone the browser does not know keeps India's. */
export function setClinicFormat(next: Partial<ClinicFormat> | null | undefined): void {
  given = next ?? null;
  cache.clear();
}

function adopted(): ClinicFormat {
  if (given === undefined) return current;
  const next = given;
  given = undefined;
  const locale = next?.locale && supported(() => new Intl.DateTimeFormat(next.locale)) ? next.locale : DEFAULT_FORMAT.locale;
  const timeZone = next?.timeZone && supported(() => new Intl.DateTimeFormat('en', { timeZone: next.timeZone })) ? next.timeZone : DEFAULT_FORMAT.timeZone;
  const dialCode = next?.dialCode && /^\+[1-9][0-9]{0,3}$/.test(next.dialCode) ? next.dialCode : DEFAULT_FORMAT.dialCode;
  current = { locale, timeZone, dialCode };
  return current;
}

export function clinicFormat(): ClinicFormat {
  return adopted();
}

function supported(make: () => unknown): boolean {
  try {
    make();
    return true;
  } catch {
    return false;
  }
}

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(adopted().locale, options)));
  return format;
}

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(adopted().locale, options)));
  return format;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type When = string | number | Date | null | undefined;

/** A calendar day ("1988-04-12") names that day everywhere; an instant is read in the clinic's zone. */
function read(value: When): { date: Date; dayOnly: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  const dayOnly = typeof value === 'string' && DAY_ONLY.test(value);
  const date = value instanceof Date ? value : new Date(dayOnly ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : { date, dayOnly };
}

const NOTHING = '—';

/** The zone an instant is read in: the clinic's unless a caller names the zone it already holds. */
function zoneOf(dayOnly: boolean, timeZone: string | undefined): string {
  return dayOnly ? 'UTC' : (timeZone ?? adopted().timeZone);
}

/** 23/11/2026 */
export function formatDate(value: When, timeZone?: string): string {
  const when = read(value);
  if (!when) return NOTHING;
  const zone = zoneOf(when.dayOnly, timeZone);
  return dateFormat(`date:${zone}`, { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(when.date);
}

/** 10:30 am */
export function formatTime(value: When, timeZone?: string): string {
  const when = read(value);
  if (!when || when.dayOnly) return NOTHING;
  const zone = zoneOf(false, timeZone);
  return dateFormat(`time:${zone}`, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(when.date);
}

/** 23/11/2026, 10:30 am (a calendar day alone: its date). */
export function formatDateTime(value: When, timeZone?: string): string {
  const when = read(value);
  if (!when) return NOTHING;
  if (when.dayOnly) return formatDate(value);
  return `${formatDate(value, timeZone)}, ${formatTime(value, timeZone)}`;
}

/** Mon, 23/11/2026 (or Monday, 23/11/2026): a day a person plans around. */
export function formatWeekdayDate(value: When, width: 'short' | 'long' = 'short', timeZone?: string): string {
  const when = read(value);
  if (!when) return NOTHING;
  const zone = zoneOf(when.dayOnly, timeZone);
  const weekday = dateFormat(`weekday:${width}:${zone}`, { timeZone: zone, weekday: width }).format(when.date);
  return `${weekday}, ${formatDate(value, timeZone)}`;
}

/** Mon, 23/11/2026, 10:30 am: an appointment or a booking slot. */
export function formatWeekdayDateTime(value: When, timeZone?: string): string {
  const when = read(value);
  if (!when) return NOTHING;
  if (when.dayOnly) return formatWeekdayDate(value);
  return `${formatWeekdayDate(value, 'short', timeZone)}, ${formatTime(value, timeZone)}`;
}

/** November 2026: a month a calendar shows. */
export function formatMonthYear(value: When, timeZone?: string): string {
  const when = read(value);
  if (!when) return NOTHING;
  const zone = zoneOf(when.dayOnly, timeZone);
  return dateFormat(`month:${zone}`, { timeZone: zone, month: 'long', year: 'numeric' }).format(when.date);
}

/** 9:00 am for minutes after midnight on the clinic's clock (a wall clock with no day: shifts, calendar rows). */
export function formatClock(minutesAfterMidnight: number): string {
  if (!Number.isFinite(minutesAfterMidnight)) return NOTHING;
  return dateFormat('clock', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(new Date(Math.round(minutesAfterMidnight) * 60_000));
}

/** 12,34,567 in en-IN; fractions as given. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NOTHING;
  return numberFormat('number', { maximumFractionDigits: 2 }).format(value);
}

/** ₹1,500 (paise only when there are some: ₹1,500.50). Prices are kept in rupees. */
export function formatCurrency(rupees: number | null | undefined): string {
  if (rupees === null || rupees === undefined || Number.isNaN(rupees)) return NOTHING;
  const whole = Number.isInteger(rupees);
  return numberFormat(`inr:${whole}`, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(rupees);
}

/** ₹1,18,000.50 from integer paise, always with two decimals: the figures of a bill (issue 34). */
export function formatPaise(paise: number | null | undefined): string {
  if (paise === null || paise === undefined || !Number.isFinite(paise)) return NOTHING;
  return numberFormat('inr:paise', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
}

/**
 * The clinic's calendar day, `YYYY-MM-DD`, at an instant (now unless given): what "today" means
 * for a date input, a due filter or an end date. Never the UTC day (`toISOString().slice(0, 10)`),
 * which is yesterday in Kolkata until 05:30. The zone is the clinic's unless the caller holds one.
 * The wall-calendar arithmetic is scheduling's (machines/appointments/scheduling-rules.ts), which
 * the server uses too, so browser and server agree on the day.
 */
export function clinicToday(now: Date | number = Date.now(), timeZone?: string): string {
  return localTime(timeZone ?? adopted().timeZone, typeof now === 'number' ? now : now.getTime()).date;
}

/** The clinic's day `days` after today (before, when negative): "due within 7 days", "started in the last 30". */
export function clinicDayFrom(days: number, now: Date | number = Date.now()): string {
  return addDays(clinicToday(now), days);
}

/** The clinic's date order as a dayjs pattern (DD/MM/YYYY in en-IN, MM/DD/YYYY in en-US): what a date field shows. */
export function clinicDatePattern(): string {
  const parts = dateFormat('pattern', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.UTC(2026, 10, 23)));
  const token: Record<string, string> = { day: 'DD', month: 'MM', year: 'YYYY' };
  return parts.map((p) => (p.type === 'literal' ? p.value : (token[p.type] ?? ''))).join('');
}

/** The clinic's clock as a dayjs pattern (hh:mm a in en-IN: 10:30 am; hh:mm A in en-US): what a time field shows. */
export function clinicTimePattern(): string {
  const parts = dateFormat('time-pattern', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).formatToParts(new Date(Date.UTC(2026, 10, 23, 10, 30)));
  const twelve = parts.some((p) => p.type === 'dayPeriod');
  return parts
    .map((p) => {
      if (p.type === 'hour') return twelve ? 'hh' : 'HH';
      if (p.type === 'minute') return 'mm';
      if (p.type === 'dayPeriod') return p.value === p.value.toLowerCase() ? 'a' : 'A';
      // A narrow or plain no-break space before am/pm reads as a space in the field.
      return p.type === 'literal' ? p.value.replace(/[\u00a0\u202f]/g, ' ') : '';
    })
    .join('');
}

/** How a country's numbers are grouped when written (digits after the dial code); others: threes, a longer tail. */
const PHONE_GROUPS: Record<string, number[]> = { '+91': [5, 5], '+1': [3, 3, 4], '+44': [4, 6], '+971': [2, 3, 4], '+65': [4, 4], '+61': [3, 3, 3] };

/**
 * +91 93025 88524: a stored number ("+919302588524") grouped as people write it, in the country of
 * its dial code (the clinic's when it has none). The one place the app writes a phone number.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value || !value.trim()) return NOTHING;
  const compact = value.replace(/[\s-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return value;
  const { dial, number } = splitPhoneNumber(compact.startsWith('+') ? compact : `${adopted().dialCode}${compact}`, adopted().dialCode);
  const groups = PHONE_GROUPS[dial];
  const sizes = groups && groups.reduce((a, b) => a + b, 0) === number.length ? groups : threes(number.length);
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(number.slice(at, at + size));
    at += size;
  }
  return [dial, ...parts.filter(Boolean)].join(' ');
}

/** Threes, the last group of four or fewer: 3-3-4 for ten digits, 3-3-3 for nine. */
function threes(length: number): number[] {
  if (length <= 4) return [length];
  const sizes: number[] = [];
  let left = length;
  while (left > 4) {
    sizes.push(3);
    left -= 3;
  }
  sizes.push(left);
  return sizes;
}
