// What the portal home shows of a client's appointments, and what a client may still do with one:
// the same late-cancellation rule the server enforces (machines/appointments/scheduling-rules.ts).
import { isLateCancellation } from '../appointments/scheduling-rules.ts';

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
