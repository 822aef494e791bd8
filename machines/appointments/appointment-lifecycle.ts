// An appointment's life: asked for (requested, e.g. a portal request awaiting the clinic), booked,
// confirmed by the client, checked in on arrival, in progress, completed. It can leave the
// straight line by being cancelled (by the client or the clinic, late or not), missed (no_show,
// only once its start has passed) or rescheduled (the new appointment is linked from the old one).
// The server asks this chart for every status change; the browser asks it which buttons to show.
//
// Time (issue 32): check-in opens `checkInOpensAt` (a clinic setting, default 2 hours before the
// start) and closes when the appointment's clinic day ends (`checkInClosesAt`, midnight).
//
// The appointment and its chart are one story (issue 32, machines/visits/appointment-coupling.ts):
// `chart` is the status of the therapy visit chart opened for this appointment (null: none). Once a
// chart is open, the appointment completes with it, never before (`appointment.complete` waits for
// a completed or signed chart; the chart's completion sends it, drawing the package session in the
// same transaction). A chart that is aborted cancels its appointment (`appointment.abort`): the
// clinic cancelled it, with the chart's reason, the session given back and the slot freed, since
// nothing was delivered in full and a new chart cannot be opened on the same appointment.
import { setup } from 'xstate';

export type AppointmentStatus = 'requested' | 'booked' | 'confirmed' | 'checked_in' | 'in_progress' | 'completed' | 'cancelled' | 'no_show' | 'rescheduled';

/** Statuses that no longer hold their time: the slot, the staff member and the resources are free again. */
export const RELEASED_STATUSES: readonly AppointmentStatus[] = ['cancelled', 'no_show', 'rescheduled'];

export type AppointmentEvent =
  | { type: 'appointment.accept' }
  | { type: 'appointment.confirm' }
  | { type: 'appointment.check_in' }
  | { type: 'appointment.start' }
  | { type: 'appointment.complete' }
  | { type: 'appointment.abort' }
  | { type: 'appointment.cancel' }
  | { type: 'appointment.mark_no_show' }
  | { type: 'appointment.reschedule' };

export interface AppointmentFacts {
  /** The appointment's start, ISO 8601. */
  startsAt: string | null;
  /** The moment of the change, ISO 8601 (the server's clock; the browser's for its buttons). */
  now: string | null;
  /** The earliest check-in, ISO 8601 (the start minus the clinic's check-in window); null: no limit. */
  checkInOpensAt: string | null;
  /** The end of the appointment's clinic day, ISO 8601: no check-in from then on; null: no limit. */
  checkInClosesAt: string | null;
  /** The status of the therapy visit chart opened for this appointment; null when none is. */
  chart: string | null;
}

/** Chart statuses after which the appointment may complete (machines/visits/visit-lifecycle.ts). */
export const CHART_DONE_STATUSES: readonly string[] = ['completed', 'signed'];

const at = (iso: string | null | undefined) => (iso === null || iso === undefined ? null : Date.parse(iso));

export const appointmentLifecycle = setup({
  types: {
    context: {} as AppointmentFacts,
    events: {} as AppointmentEvent,
    input: {} as Partial<AppointmentFacts> | undefined,
  },
  guards: {
    // Nobody is a no-show before their appointment has begun.
    startHasPassed: ({ context }) => context.startsAt !== null && context.now !== null && Date.parse(context.now) >= Date.parse(context.startsAt),
    // Not earlier than the window before the start, not after the appointment's day has ended.
    checkInOpen: ({ context }) => {
      const now = at(context.now);
      const opens = at(context.checkInOpensAt);
      const closes = at(context.checkInClosesAt);
      if (now === null) return opens === null && closes === null;
      return (opens === null || now >= opens) && (closes === null || now < closes);
    },
    // An appointment with a chart open completes with its chart (completed or signed), not before.
    chartLetsComplete: ({ context }) => context.chart === null || context.chart === undefined || CHART_DONE_STATUSES.includes(context.chart),
    chartAborted: ({ context }) => context.chart === 'aborted',
  },
}).createMachine({
  id: 'appointment',
  initial: 'requested',
  context: ({ input }) => ({
    startsAt: input?.startsAt ?? null,
    now: input?.now ?? null,
    checkInOpensAt: input?.checkInOpensAt ?? null,
    checkInClosesAt: input?.checkInClosesAt ?? null,
    chart: input?.chart ?? null,
  }),
  states: {
    requested: {
      on: {
        'appointment.accept': 'booked',
        'appointment.cancel': 'cancelled',
        'appointment.reschedule': 'rescheduled',
      },
    },
    booked: {
      on: {
        'appointment.confirm': 'confirmed',
        'appointment.check_in': { target: 'checked_in', guard: 'checkInOpen' },
        'appointment.cancel': 'cancelled',
        'appointment.mark_no_show': { target: 'no_show', guard: 'startHasPassed' },
        'appointment.reschedule': 'rescheduled',
      },
    },
    confirmed: {
      on: {
        'appointment.check_in': { target: 'checked_in', guard: 'checkInOpen' },
        'appointment.cancel': 'cancelled',
        'appointment.mark_no_show': { target: 'no_show', guard: 'startHasPassed' },
        'appointment.reschedule': 'rescheduled',
      },
    },
    checked_in: {
      on: {
        'appointment.start': 'in_progress',
        'appointment.abort': { target: 'cancelled', guard: 'chartAborted' },
      },
    },
    in_progress: {
      on: {
        'appointment.complete': { target: 'completed', guard: 'chartLetsComplete' },
        'appointment.abort': { target: 'cancelled', guard: 'chartAborted' },
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
    no_show: { type: 'final' },
    rescheduled: { type: 'final' },
  },
});

/** Steps only the clinic's delivering staff (and front desk, admins) take: a client never does. */
export const DELIVERY_STATUSES: readonly AppointmentStatus[] = ['checked_in', 'in_progress', 'completed', 'no_show'];

/**
 * When check-in is open for an appointment starting at `startsAt`: from `windowHours` before it to
 * the end of its day on the clinic's calendar (`zone`). `endOfDay` gives the instant the clinic's
 * clocks show midnight after the given instant (scheduling-rules' zonedInstant, passed in so this
 * chart file stays self-contained for the visualiser).
 */
export function checkInWindow(
  startsAt: string,
  windowHours: number,
  endOfDay: (instant: number) => number,
): { checkInOpensAt: string; checkInClosesAt: string } {
  const start = Date.parse(startsAt);
  return { checkInOpensAt: new Date(start - windowHours * 3_600_000).toISOString(), checkInClosesAt: new Date(endOfDay(start)).toISOString() };
}
