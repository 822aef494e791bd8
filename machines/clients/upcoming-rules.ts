// What the portal home shows of a client's appointments, and what a client may still do with one:
// the same late-cancellation rule the server enforces (machines/appointments/scheduling-rules.ts).
import { GRACE_AFTER_BOOKING_MINUTES, isLateCancellation } from '../appointments/scheduling-rules.ts';

/** An appointment as the portal lists it (the API's Appointment, the fields the portal reads). */
export interface PortalAppointment {
  id: number;
  service: number;
  service_name: string;
  therapy: string;
  start: string;
  end: string;
  channel: 'in_clinic' | 'video' | 'phone';
  status: string;
  created_at: string;
  /** Who delivers it: a reschedule keeps them. */
  staff?: number;
  /** A video call's join link, once the server gives it (from 10 minutes before the start). */
  join_url?: string | null;
  /** When a video call's join link opens. */
  join_opens_at?: string | null;
}

export interface PortalBookingRules {
  time_zone: string;
  late_cancel_hours: number;
  min_notice_minutes: number;
}

/** Still ahead and still on: what "upcoming" lists. */
const ON = ['requested', 'booked', 'confirmed', 'checked_in', 'in_progress'];

export const isUpcoming = (a: PortalAppointment, now: number): boolean => ON.includes(a.status) && Date.parse(a.end) > now;

/** Past visits: what happened, newest first (a rescheduled one lives on as its replacement). */
export const isPast = (a: PortalAppointment, now: number): boolean => a.status !== 'rescheduled' && !isUpcoming(a, now);

/**
 * What a client may do with an upcoming appointment online: cancel or reschedule it, or, inside
 * the late-cancellation window (except within 5 minutes of booking), contact the clinic; nothing
 * once it has started.
 */
export function clientChange(a: PortalAppointment, rules: PortalBookingRules, now: number): 'change' | 'contact' | 'none' {
  if (!['requested', 'booked', 'confirmed'].includes(a.status) || Date.parse(a.start) <= now) return 'none';
  const late = isLateCancellation({ startsAt: a.start, bookedAt: a.created_at, now: new Date(now).toISOString(), windowHours: rules.late_cancel_hours });
  return late ? 'contact' : 'change';
}

/** The calendar date (YYYY-MM-DD) `days` after `now` in the clinic's zone. */
export function clinicDate(zone: string, now: number, days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now + days * 86_400_000));
}

/** The longest the list goes without a fresh look (a timer's longest wait is far beyond it). */
export const LIST_REFRESH_MAX_MS = 6 * 3_600_000;

/**
 * How long until the list changes by itself: a join link opens, the minutes after booking end, a
 * visit enters the late-cancellation window, starts or ends. A second after the earliest of those
 * (the server's clock judges the moment too), at most LIST_REFRESH_MAX_MS.
 */
export function untilListChanges(appointments: PortalAppointment[], rules: PortalBookingRules | null, now: number): number {
  const moments: number[] = [];
  for (const a of appointments) {
    if (!isUpcoming(a, now)) continue;
    const start = Date.parse(a.start);
    if (a.channel === 'video' && !a.join_url && a.join_opens_at) moments.push(Date.parse(a.join_opens_at));
    moments.push(Date.parse(a.created_at) + GRACE_AFTER_BOOKING_MINUTES * 60_000, start, Date.parse(a.end));
    if (rules) moments.push(start - rules.late_cancel_hours * 3_600_000);
  }
  const next = Math.min(...moments.filter((m) => m > now));
  return Number.isFinite(next) ? Math.min(next - now + 1000, LIST_REFRESH_MAX_MS) : LIST_REFRESH_MAX_MS;
}
