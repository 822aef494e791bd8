// What the appointment views read from the booking and calendar snapshots, by name: views never
// read state names or context fields directly.
import type { SnapshotFrom } from 'xstate';
import { type BookingContext, type bookingMachine, clinicDayOf, freeTimesOn, nextFreeDay, offerFor } from './booking-machine.ts';
import { type CalendarAppointment, type CalendarContext, type calendarMachine, rangeOf } from './calendar-machine.ts';
import { statusesOf, stepTo } from '../lifecycle/lifecycle.ts';
import { appointmentLifecycle, RELEASED_STATUSES, type AppointmentStatus } from './appointment-lifecycle.ts';
import type { portalBookingsMachine } from './portal-bookings-machine.ts';

type BookingSnapshot = SnapshotFrom<typeof bookingMachine>;
type CalendarSnapshot = SnapshotFrom<typeof calendarMachine>;

/** The booking dialog's step, as the view names its panes. */
export type BookingStep = 'slot' | 'details' | 'confirm' | 'booking' | 'booked' | 'conflict' | 'failed' | 'cancelled';

export const bookingSelectors = {
  step: (s: BookingSnapshot): BookingStep => {
    for (const step of ['slot', 'details', 'confirm', 'booking', 'booked', 'conflict', 'failed', 'cancelled'] as const) if (s.matches(step)) return step;
    return 'slot';
  },
  isBusy: (s: BookingSnapshot) => s.hasTag('pending'),
  isSearching: (s: BookingSnapshot) => s.matches({ details: 'typing' }) || s.matches({ details: 'searching' }),
  isCheckingAvailability: (s: BookingSnapshot) => s.matches({ details: 'loading' }) || s.matches({ slot: 'loading' }),
  isBooked: (s: BookingSnapshot) => s.matches('booked'),
  isClosed: (s: BookingSnapshot) => s.status === 'done',
  canContinue: (s: BookingSnapshot) => s.can({ type: 'booking.next' }),
  slot: (s: BookingSnapshot) => s.context.slot,
  client: (s: BookingSnapshot) => s.context.client,
  clientResults: (s: BookingSnapshot) => s.context.clientResults,
  service: (s: BookingSnapshot) => s.context.service,
  staff: (s: BookingSnapshot) => s.context.staff,
  series: (s: BookingSnapshot) => s.context.series,
  notes: (s: BookingSnapshot) => s.context.notes,
  offers: (s: BookingSnapshot) => s.context.offers,
  /** What availability offers at the chosen time (staff and free units) to the staff member chosen, or null when nothing is free then. */
  offer: (s: BookingSnapshot) => offerFor(s.context.offers, s.context.slot, s.context.staff),
  /** The clinic day of the chosen time. */
  day: (s: BookingSnapshot) => (s.context.slot ? clinicDayOf(s.context.zone, s.context.slot.start) : null),
  /** The free times of that day for the service and the staff member chosen (anyone when none is). */
  freeTimes: (s: BookingSnapshot) =>
    s.context.slot && s.context.service !== null
      ? freeTimesOn(s.context.offers, s.context.zone, clinicDayOf(s.context.zone, s.context.slot.start), s.context.staff)
      : [],
  /** When that day has no free time: the next day that has, with its times (null when none is known). */
  nextFreeDay: (s: BookingSnapshot) => {
    const { slot, service, offers, zone, staff } = s.context;
    if (!slot || service === null) return null;
    const day = clinicDayOf(zone, slot.start);
    return freeTimesOn(offers, zone, day, staff).length > 0 ? null : nextFreeDay(offers, zone, day, staff);
  },
  result: (s: BookingSnapshot) => s.context.result,
  conflicts: (s: BookingSnapshot) => s.context.conflicts,
  error: (s: BookingSnapshot) => s.context.error,
};

export type { BookingContext };

export const calendarSelectors = {
  view: (s: CalendarSnapshot) => s.context.view,
  date: (s: CalendarSnapshot) => s.context.date,
  range: (s: CalendarSnapshot) => rangeOf(s.context.view, s.context.date),
  columns: (s: CalendarSnapshot) => s.context.columns,
  filters: (s: CalendarSnapshot) => s.context.filters,
  appointments: (s: CalendarSnapshot) => s.context.appointments,
  pending: (s: CalendarSnapshot) => s.context.pending,
  dragging: (s: CalendarSnapshot) => s.context.dragging,
  selected: (s: CalendarSnapshot) => s.context.selected,
  isLoading: (s: CalendarSnapshot) => s.matches('loading'),
  isSaving: (s: CalendarSnapshot) => s.matches('saving'),
  /** The refusal of the last move (snapped back), with the conflicts named; null otherwise. */
  refusal: (s: CalendarSnapshot) => (s.matches('refused') ? { message: s.context.error, conflicts: s.context.conflicts } : null),
  failure: (s: CalendarSnapshot) => (s.matches('failed') ? s.context.error : null),
  canMove: (s: CalendarSnapshot) => s.matches('ready') || s.matches('dragging') || s.matches('refused'),
};

/**
 * The appointments the calendar shows: filtered, the move being saved shown where it was dropped,
 * and rescheduled appointments left out (their replacement shows instead) unless asked for by status.
 */
export function visibleAppointments(
  context: Pick<CalendarContext, 'appointments' | 'filters' | 'pending'>,
  kindOfResource: (id: number) => string | undefined,
): CalendarAppointment[] {
  const { filters, pending } = context;
  return context.appointments
    .filter((a) => (filters.status ? a.status === filters.status : a.status !== 'rescheduled'))
    .filter((a) => filters.staff === null || a.staff === filters.staff)
    .filter((a) => filters.service === null || a.service === filters.service)
    .filter((a) => filters.resourceKind === null || a.resources.some((r) => kindOfResource(r) === filters.resourceKind))
    .map((a) => (pending && pending.id === a.id ? { ...a, start: pending.start, end: pending.end, staff: pending.staff ?? a.staff } : a));
}

/** Whether an appointment still holds its time (released ones are shown faded, never dragged). */
export const holdsTime = (status: string) => !RELEASED_STATUSES.includes(status as AppointmentStatus);

// A drag is a reschedule (the server asks the lifecycle chart for the step to `rescheduled`), so
// the statuses it may start from are the chart's; worked out once, not per drawn appointment.
const MOVABLE_STATUSES = new Set(statusesOf(appointmentLifecycle).filter((status) => stepTo(appointmentLifecycle, status, 'rescheduled') !== null));

/** Whether an appointment may be dragged or resized to another time: its chart lets it be rescheduled from its status. */
export const isMovable = (status: string) => MOVABLE_STATUSES.has(status);

type PortalBookingsSnapshot = SnapshotFrom<typeof portalBookingsMachine>;

export const portalBookingsSelectors = {
  /** The number in the navigation: bookings clients made in the portal that this staff member has not seen. */
  count: (s: PortalBookingsSnapshot) => s.context.count,
  /** The newest of them, newest first. */
  bookings: (s: PortalBookingsSnapshot) => s.context.appointments,
  isMarking: (s: PortalBookingsSnapshot) => s.matches('marking'),
  canMarkSeen: (s: PortalBookingsSnapshot) => s.can({ type: 'portalBookings.markAllSeen' }),
  error: (s: PortalBookingsSnapshot) => s.context.error,
};
