// Portal bookings shown to staff until seen (issue 16): the signed-in staff member's unseen
// bookings are fetched at once and again every minute; a booking not announced before is
// announced (a toast, by the view), the count stays in the navigation until the staff member marks
// the bookings seen. A failed fetch keeps the last count and tries again at the next tick. The
// calls are actors from the adapter; the toast is an action the view provides. Which bookings this
// staff member was told of outlives the page (issue 32: once per booking, not on every load): the
// chart starts from the ones the view kept for this user, and hands it the list after each toast.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';

export const PORTAL_BOOKINGS_POLL_MS = 60_000;

/** What the calendar needs of a portal booking (the API's Appointment has these and more). */
export interface PortalBooking {
  id: number;
  client: number;
  service: number;
  service_name: string;
  staff: number;
  start: string;
  client_name: string | null;
}

export interface UnseenBookings {
  count: number;
  appointments: PortalBooking[];
}

export interface PortalBookingsContext {
  count: number;
  appointments: PortalBooking[];
  /** Bookings already announced in this session: each is toasted once. */
  announced: number[];
  /** The bookings being marked seen. */
  marking: number[];
  error: string | null;
}

export type PortalBookingsEvent =
  { type: 'portalBookings.refresh' } | { type: 'portalBookings.markSeen'; ids: number[] } | { type: 'portalBookings.markAllSeen' };

const newOnes = (context: PortalBookingsContext, unseen: UnseenBookings) => unseen.appointments.filter((a) => !context.announced.includes(a.id));

export const portalBookingsMachine = setup({
  types: {
    context: {} as PortalBookingsContext,
    events: {} as PortalBookingsEvent,
    input: {} as { announced?: number[] } | undefined,
  },
  actors: {
    loadUnseen: fromPromise<UnseenBookings>(async () => {
      throw new Error('loadUnseen is provided by the adapter');
    }),
    markSeen: fromPromise<UnseenBookings, { ids: number[] }>(async () => {
      throw new Error('markSeen is provided by the adapter');
    }),
  },
  delays: { pollInterval: PORTAL_BOOKINGS_POLL_MS },
  guards: {
    hasNewBookings: ({ context }, params: { unseen: UnseenBookings }) => newOnes(context, params.unseen).length > 0,
    namesBookings: (_, params: { ids: number[] }) => params.ids.length > 0,
  },
  actions: {
    setUnseen: assign((_, params: { unseen: UnseenBookings }) => ({ count: params.unseen.count, appointments: params.unseen.appointments, error: null })),
    rememberAnnounced: assign({
      announced: ({ context }, params: { unseen: UnseenBookings }) => [...context.announced, ...newOnes(context, params.unseen).map((a) => a.id)],
    }),
    setMarking: assign({ marking: (_, params: { ids: number[] }) => params.ids }),
    clearMarking: assign({ marking: [] }),
    setError: assign({ error: (_, params: { error: unknown }) => failureOf(params.error).message }),
    /** The toast: how many bookings are new since the last announcement. Provided by the view. */
    announce: (_, _params: { count: number }) => {},
    /** Keeps the bookings this staff member was told of beyond the page (the view stores them per user). */
    keepAnnounced: (_, _params: { announced: number[] }) => {},
  },
}).createMachine({
  id: 'portalBookings',
  context: ({ input }) => ({ count: 0, appointments: [], announced: input?.announced ?? [], marking: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadUnseen',
        src: 'loadUnseen',
        onDone: [
          {
            guard: { type: 'hasNewBookings', params: ({ event }) => ({ unseen: event.output }) },
            target: 'watching',
            actions: [
              { type: 'announce', params: ({ context, event }) => ({ count: newOnes(context, event.output).length }) },
              { type: 'rememberAnnounced', params: ({ event }) => ({ unseen: event.output }) },
              { type: 'keepAnnounced', params: ({ context }) => ({ announced: context.announced }) },
              { type: 'setUnseen', params: ({ event }) => ({ unseen: event.output }) },
            ],
          },
          { target: 'watching', actions: { type: 'setUnseen', params: ({ event }) => ({ unseen: event.output }) } },
        ],
        onError: { target: 'watching', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    watching: {
      after: { pollInterval: 'loading' },
      on: {
        'portalBookings.refresh': 'loading',
        'portalBookings.markSeen': {
          guard: { type: 'namesBookings', params: ({ event }) => ({ ids: event.ids }) },
          target: 'marking',
          actions: { type: 'setMarking', params: ({ event }) => ({ ids: event.ids }) },
        },
        'portalBookings.markAllSeen': {
          guard: { type: 'namesBookings', params: ({ context }) => ({ ids: context.appointments.map((a) => a.id) }) },
          target: 'marking',
          actions: { type: 'setMarking', params: ({ context }) => ({ ids: context.appointments.map((a) => a.id) }) },
        },
      },
    },
    marking: {
      tags: 'pending',
      invoke: {
        id: 'markSeen',
        src: 'markSeen',
        input: ({ context }) => ({ ids: context.marking }),
        // The answer is what is still unseen: a booking that arrived meanwhile is announced too.
        onDone: [
          {
            guard: { type: 'hasNewBookings', params: ({ event }) => ({ unseen: event.output }) },
            target: 'watching',
            actions: [
              { type: 'announce', params: ({ context, event }) => ({ count: newOnes(context, event.output).length }) },
              { type: 'rememberAnnounced', params: ({ event }) => ({ unseen: event.output }) },
              { type: 'keepAnnounced', params: ({ context }) => ({ announced: context.announced }) },
              { type: 'setUnseen', params: ({ event }) => ({ unseen: event.output }) },
              'clearMarking',
            ],
          },
          { target: 'watching', actions: [{ type: 'setUnseen', params: ({ event }) => ({ unseen: event.output }) }, 'clearMarking'] },
        ],
        onError: { target: 'watching', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'clearMarking'] },
      },
    },
  },
});
