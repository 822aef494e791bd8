// An appointment's life: asked for (requested, e.g. a portal request awaiting the clinic), booked,
// confirmed by the client, checked in on arrival, in progress, completed. It can leave the
// straight line by being cancelled (by the client or the clinic, late or not), missed (no_show,
// only once its start has passed) or rescheduled (the new appointment is linked from the old one).
// The server asks this chart for every status change; the browser asks it which buttons to show.
import { setup } from 'xstate';

export type AppointmentStatus =
  | 'requested'
  | 'booked'
  | 'confirmed'
  | 'checked_in'
  | 'in_progress'
  | 'completed'
  | 'cancelled'
  | 'no_show'
  | 'rescheduled';

/** Statuses that no longer hold their time: the slot, the staff member and the resources are free again. */
export const RELEASED_STATUSES: readonly AppointmentStatus[] = ['cancelled', 'no_show', 'rescheduled'];

export type AppointmentEvent =
  | { type: 'appointment.accept' }
  | { type: 'appointment.confirm' }
  | { type: 'appointment.check_in' }
  | { type: 'appointment.start' }
  | { type: 'appointment.complete' }
  | { type: 'appointment.cancel' }
  | { type: 'appointment.mark_no_show' }
  | { type: 'appointment.reschedule' };

export interface AppointmentFacts {
  /** The appointment's start, ISO 8601. */
  startsAt: string | null;
  /** The moment of the change, ISO 8601 (the server's clock; the browser's for its buttons). */
  now: string | null;
}

export const appointmentLifecycle = setup({
  types: {
    context: {} as AppointmentFacts,
    events: {} as AppointmentEvent,
    input: {} as Partial<AppointmentFacts> | undefined,
  },
  guards: {
    // Nobody is a no-show before their appointment has begun.
    startHasPassed: ({ context }) =>
      context.startsAt !== null && context.now !== null && Date.parse(context.now) >= Date.parse(context.startsAt),
  },
}).createMachine({
  id: 'appointment',
  initial: 'requested',
  context: ({ input }) => ({ startsAt: input?.startsAt ?? null, now: input?.now ?? null }),
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
        'appointment.check_in': 'checked_in',
        'appointment.cancel': 'cancelled',
        'appointment.mark_no_show': { target: 'no_show', guard: 'startHasPassed' },
        'appointment.reschedule': 'rescheduled',
      },
    },
    confirmed: {
      on: {
        'appointment.check_in': 'checked_in',
        'appointment.cancel': 'cancelled',
        'appointment.mark_no_show': { target: 'no_show', guard: 'startHasPassed' },
        'appointment.reschedule': 'rescheduled',
      },
    },
    checked_in: {
      on: {
        'appointment.start': 'in_progress',
      },
    },
    in_progress: {
      on: {
        'appointment.complete': 'completed',
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
