// The clinic's scheduling rules, pure: the clinic's time zone arithmetic, the start-time grid,
// buffers, the late-cancellation window, and the free-slot search that availability and series
// both use. The server feeds it rows; the browser can run the same rules for its hints.
// Day arithmetic is the calendar's (machines/rules/calendar-dates.ts): day numbers, never text.
import { addDays, eachDay, isDateTimeInWindow } from '../rules/calendar-dates.ts';

export { addDays } from '../rules/calendar-dates.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
export const DEFAULT_APPOINTMENT_DURATION = '00:30:00';
/** A cancellation this soon after booking is never late (a slip of the finger, not a no-show risk). */
export const GRACE_AFTER_BOOKING_MINUTES = 5;
export const MAX_AVAILABILITY_DAYS = 31;
/** How far ahead a booking may start unless the clinic sets otherwise (scheduling settings). */
export const DEFAULT_BOOKING_HORIZON_DAYS = 730;
export const MAX_BOOKING_HORIZON_DAYS = 3660;
/** How many occurrences a weekly series books (the contract's bounds on `count`). */
export const SERIES_OCCURRENCES = { min: 1, max: 52 } as const;
/** The longest span of days any scheduling walk covers (a series: 52 weeks and a few days). */
export const MAX_SCHEDULING_SPAN_DAYS = 400;

const MINUTE = 60_000;

/** ISO 8601 date-time carrying its offset (`Z` or `+05:30`), a real one inside the date window: the only times the API accepts. */
export function hasUtcOffset(value: string): boolean {
  return isDateTimeInWindow(value);
}

/** `HH:MM:SS` (a profile's appointment_duration) in minutes. */
export function durationMinutes(hms: string | null | undefined): number {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(hms ?? DEFAULT_APPOINTMENT_DURATION);
  if (!m) return 30;
  return Number(m[1]) * 60 + Number(m[2]) + Math.round(Number(m[3] ?? 0) / 60);
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

function wallClock(zone: string, instant: number): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year, mo: parts.month, d: parts.day, h: parts.hour, mi: parts.minute, s: parts.second };
}

/** The zone's offset from UTC at `instant`, in minutes (330 for Asia/Kolkata). */
export function zoneOffsetMinutes(zone: string, instant: number): number {
  const w = wallClock(zone, instant);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE);
}

/** Where and when `instant` falls on the clinic's wall calendar. */
export function localTime(zone: string, instant: number): LocalTime {
  const w = wallClock(zone, instant);
  const date = `${w.y}-${String(w.mo).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
  return { date, weekday: isoWeekday(date), minutes: w.h * 60 + w.mi };
}

export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The instant the clinic's clocks show `minutes` past midnight on `date`. On a daylight-saving
 * change a wall time that never happens moves forward by the gap; one that happens twice is the
 * first of the two.
 */
export function zonedInstant(zone: string, date: string, minutes: number): number {
  // Most days have no clock change: then the instant is local midnight plus the minutes, and
  // the expensive zone arithmetic runs twice per day rather than once per grid step.
  const day = dayOf(zone, date);
  if (day.regular && minutes >= 0 && minutes <= 1440) return day.midnight + minutes * MINUTE;
  return exactInstant(zone, date, minutes);
}

const days = new Map<string, { midnight: number; regular: boolean }>();
function dayOf(zone: string, date: string): { midnight: number; regular: boolean } {
  const key = `${zone}|${date}`;
  let day = days.get(key);
  if (!day) {
    const midnight = exactInstant(zone, date, 0);
    const next = exactInstant(zone, addDays(date, 1), 0);
    day = { midnight, regular: next - midnight === 1440 * MINUTE && zoneOffsetMinutes(zone, midnight) === zoneOffsetMinutes(zone, next - MINUTE) };
    if (days.size > 50_000) days.clear();
    days.set(key, day);
  }
  return day;
}

function exactInstant(zone: string, date: string, minutes: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  let guess = wall - zoneOffsetMinutes(zone, wall) * MINUTE;
  const second = wall - zoneOffsetMinutes(zone, guess) * MINUTE;
  if (second !== guess) {
    // Across a change: prefer the reading whose wall clock matches; in a gap, take the later.
    const back = localTime(zone, second);
    guess = back.date === date && back.minutes === minutes ? second : Math.max(guess, second);
  }
  return guess;
}

/** The instant the clinic's day holding `instant` ends: midnight after it on the clinic's clocks. */
export function clinicDayEnd(zone: string, instant: number): number {
  return zonedInstant(zone, addDays(localTime(zone, instant).date, 1), 0);
}

/** `HH:MM` or `HH:MM:SS` as minutes since midnight. */
export function clockMinutes(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h * 60 + m;
}

/** Late when inside the window before the start, unless made within minutes of booking. */
export function isLateCancellation(input: { startsAt: string; bookedAt: string; now: string; windowHours: number }): boolean {
  const now = Date.parse(input.now);
  if (now - Date.parse(input.bookedAt) <= GRACE_AFTER_BOOKING_MINUTES * MINUTE) return false;
  return Date.parse(input.startsAt) - now < input.windowHours * 60 * MINUTE;
}

/** Whether a cancellation hands the package session back: the clinic's always, the client's when in time. */
export function returnsPackageSession(cancelledBy: 'client' | 'clinic', late: boolean): boolean {
  return cancelledBy === 'clinic' || !late;
}

/** How an appointment ended without being delivered: missed, or cancelled by whom and whether late. */
export type UndeliveredEnd = { kind: 'no_show' } | { kind: 'cancelled'; by: 'client' | 'clinic'; late: boolean };

/**
 * Whether an undelivered appointment costs the client the package credit it intended (issue 35):
 * a no-show or a late client cancellation, and only while the clinic's setting
 * `late_cancel_forfeits_credit` is on; a clinic cancellation or a timely one never.
 */
export function forfeitsCredit(end: UndeliveredEnd, settingOn: boolean): boolean {
  if (!settingOn) return false;
  return end.kind === 'no_show' || !returnsPackageSession(end.by, end.late);
}

export interface Interval {
  start: number;
  end: number;
}

export interface ServiceTiming {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** The time an appointment holds: from the buffer before its start to the buffer after its end. */
export function occupied(start: number, timing: ServiceTiming): Interval {
  return { start: start - timing.bufferBeforeMinutes * MINUTE, end: start + (timing.durationMinutes + timing.bufferAfterMinutes) * MINUTE };
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

function covered(windows: Interval[], span: Interval): boolean {
  return windows.some((w) => w.start <= span.start && span.end <= w.end);
}

function anyOverlap(busy: Interval[], span: Interval): boolean {
  // `busy` is sorted by start: stop once intervals start after the span ends.
  for (const b of busy) {
    if (b.start >= span.end) return false;
    if (b.end > span.start) return true;
  }
  return false;
}

export interface WeeklyHours {
  weekday: number;
  opens: string;
  closes: string;
}

/** The clinic's open windows (UTC instants) for each date of the range, holidays left out. */
export function openWindows(zone: string, dates: string[], hours: WeeklyHours[], holidays: Set<string>): Interval[] {
  const out: Interval[] = [];
  for (const date of dates) {
    if (holidays.has(date)) continue;
    const weekday = isoWeekday(date);
    for (const h of hours) {
      if (h.weekday !== weekday) continue;
      out.push({ start: zonedInstant(zone, date, clockMinutes(h.opens)), end: zonedInstant(zone, date, clockMinutes(h.closes)) });
    }
  }
  // Adjacent windows join: a night shift to 24:00 and the next day's from 00:00 are one stretch.
  return mergeIntervals(out);
}

/** A staff member's working windows: the weekly template on each date, minus leave, plus extra shifts. */
export function workingWindows(zone: string, dates: string[], template: WeeklyHours[], leave: Interval[], extra: Interval[]): Interval[] {
  let windows = openWindows(zone, dates, template, new Set());
  for (const l of leave) {
    windows = windows.flatMap((w) => {
      if (!overlaps(w, l)) return [w];
      const parts: Interval[] = [];
      if (w.start < l.start) parts.push({ start: w.start, end: l.start });
      if (l.end < w.end) parts.push({ start: l.end, end: w.end });
      return parts;
    });
  }
  return mergeIntervals([...windows, ...extra]);
}

export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

export interface StaffCalendar {
  id: number;
  working: Interval[];
  /** Held time of the staff member's appointments, sorted by start. */
  busy: Interval[];
}

export interface ResourcePool {
  kind: string;
  units: number;
  /** Each unit's held time, sorted by start. */
  members: Array<{ id: number; busy: Interval[] }>;
}

export interface SlotSearch {
  zone: string;
  dates: string[];
  gridMinutes: number;
  timing: ServiceTiming;
  clinicOpen: Interval[];
  staff: StaffCalendar[];
  pools: ResourcePool[];
  /** No start before this instant (now + minimum notice). */
  earliest: number;
}

export interface Slot {
  start: number;
  end: number;
  staff: number[];
  resources: Record<string, number[]>;
}

/** Units of a pool free for `span`, or null when fewer than needed are. */
export function freeUnits(pool: ResourcePool, span: Interval): number[] | null {
  const free = pool.members.filter((m) => !anyOverlap(m.busy, span)).map((m) => m.id);
  return free.length >= pool.units ? free : null;
}

/** Whether `start` is a bookable start: open, a staff member working and free, every pool with a free unit. */
export function slotAt(search: Omit<SlotSearch, 'dates' | 'gridMinutes'>, start: number): Slot | null {
  if (start < search.earliest) return null;
  const end = start + search.timing.durationMinutes * MINUTE;
  const held = occupied(start, search.timing);
  // Preparation and cleaning are staff work in the clinic, so the held span (buffers included)
  // must fit the opening hours and the staff member's shift, not just the client's time.
  if (!covered(search.clinicOpen, held)) return null;
  const staff = search.staff.filter((s) => covered(s.working, held) && !anyOverlap(s.busy, held)).map((s) => s.id);
  if (staff.length === 0) return null;
  const resources: Record<string, number[]> = {};
  for (const pool of search.pools) {
    const free = freeUnits(pool, held);
    if (!free) return null;
    resources[pool.kind] = free;
  }
  return { start, end, staff, resources };
}

/** Every bookable start on the grid (aligned to the clinic's local midnight) across the dates. */
export function findSlots(search: SlotSearch): Slot[] {
  const slots: Slot[] = [];
  for (const date of search.dates) {
    for (let minutes = 0; minutes < 24 * 60; minutes += search.gridMinutes) {
      const start = zonedInstant(search.zone, date, minutes);
      // A wall time skipped by a daylight-saving change is not a start of its own.
      if (!dayOf(search.zone, date).regular) {
        const local = localTime(search.zone, start);
        if (local.date !== date || local.minutes !== minutes) continue;
      }
      const slot = slotAt(search, start);
      if (slot) slots.push(slot);
    }
  }
  return slots;
}

/**
 * The dates from `from` to `to` inclusive (YYYY-MM-DD), at most MAX_SCHEDULING_SPAN_DAYS of them:
 * a longer or backwards range is a RangeError before anything is built (callers check first).
 */
export function dateRange(from: string, to: string): string[] {
  return eachDay(from, to, MAX_SCHEDULING_SPAN_DAYS);
}

/**
 * The dates of a weekly series: `count` occurrences on the given ISO weekdays from `from`. Every
 * weekday comes round within 7 days, so the walk is at most `count` weeks and a day: bounded
 * whatever the weekdays (none valid: nothing).
 */
export function seriesDates(from: string, weekdays: number[], count: number): string[] {
  const out: string[] = [];
  const steps = Math.min(Math.max(0, Math.floor(count)), SERIES_OCCURRENCES.max + 1) * 7 + 1;
  for (let i = 0; i < steps && out.length < count; i++) {
    const d = addDays(from, i);
    if (weekdays.includes(isoWeekday(d))) out.push(d);
  }
  return out;
}

/** A series' count as typed: a whole number of occurrences within the contract's bounds (an empty or unreadable entry: one). */
export function clampSeriesCount(typed: string | number): number {
  return Math.min(SERIES_OCCURRENCES.max, Math.max(SERIES_OCCURRENCES.min, Number(typed) || SERIES_OCCURRENCES.min));
}

/** The calendar's hours when the clinic has no opening hours set: 8 am to 8 pm. */
export const DEFAULT_VISIBLE_HOURS = { opens: 8 * 60, closes: 20 * 60 } as const;

/**
 * The hours the calendar draws (minutes after midnight): from the earliest opening to the latest
 * closing of the week, whatever the day, so every week is drawn alike.
 */
export function visibleHours(opening: ReadonlyMap<number, ReadonlyArray<{ opens: number; closes: number }>>): { opens: number; closes: number } {
  const rows = [...opening.values()].flat();
  if (rows.length === 0) return DEFAULT_VISIBLE_HOURS;
  return { opens: Math.min(...rows.map((r) => r.opens)), closes: Math.max(...rows.map((r) => r.closes)) };
}

/** Whether the clinic is open at `minutes` after midnight of `day` (a holiday: never). */
export function isOpenAt(
  opening: ReadonlyMap<number, ReadonlyArray<{ opens: number; closes: number }>>,
  holidays: ReadonlySet<string>,
  day: string,
  minutes: number,
): boolean {
  if (holidays.has(day)) return false;
  return (opening.get(isoWeekday(day)) ?? []).some((r) => minutes >= r.opens && minutes < r.closes);
}

/**
 * The first start on the clinic's grid (aligned to local midnight) at or after `from` while the
 * clinic is open, looking `days` days ahead: where a new booking begins, so that the dialog never
 * opens on a time the clinic is closed (after closing time it is the next day's opening). Null
 * when the clinic is closed every one of those days.
 */
export function nextOpeningStart(zone: string, hours: WeeklyHours[], holidays: Set<string>, from: number, gridMinutes: number, days = 14): number | null {
  const first = localTime(zone, from).date;
  for (let i = 0; i <= days; i++) {
    const date = addDays(first, i);
    for (const window of openWindows(zone, [date], hours, holidays)) {
      if (window.end <= from) continue;
      const midnight = zonedInstant(zone, date, 0);
      const earliest = Math.max(from, window.start);
      const start = midnight + Math.ceil((earliest - midnight) / (gridMinutes * MINUTE)) * gridMinutes * MINUTE;
      if (start < window.end) return start;
    }
  }
  return null;
}

/** The roles that deliver at least one of these services (the staff who need working hours). */
export function deliveringRoles(services: ReadonlyArray<{ delivered_by: readonly string[]; active?: boolean }>): Set<string> {
  return new Set(services.filter((s) => s.active !== false).flatMap((s) => s.delivered_by));
}

/**
 * The staff members with no working hours set: no weekly hours, and no extra shift that has not
 * yet ended. Availability has no time of theirs to offer, so booking names them instead of
 * leaving them out unseen.
 */
export function withoutWorkingHours(
  staff: readonly number[],
  weekly: ReadonlyArray<{ staff: number }>,
  exceptions: ReadonlyArray<{ staff: number; kind: string; end: string }>,
  now: number,
): Set<number> {
  const scheduled = new Set([...weekly.map((w) => w.staff), ...exceptions.filter((e) => e.kind === 'extra' && Date.parse(e.end) > now).map((e) => e.staff)]);
  return new Set(staff.filter((id) => !scheduled.has(id)));
}
