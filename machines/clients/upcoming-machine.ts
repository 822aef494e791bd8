// The portal home's appointments (issue 16): upcoming visits with reschedule and cancel, and past
// visits. Inside the late-cancellation window (except within 5 minutes of booking) a client may no
// longer cancel or move a visit online and is told to contact the clinic; the server refuses the
// same (409), and a refusal it answers is shown as it said it. Opened read-only (a SUPER_ADMIN in
// the client's portal) the list only reads. Every call is an actor the portal's adapter provides.
// The list looks again by itself when it changes with time (a join link opening 10 minutes before
// a video call, a visit entering the late window): a page left open shows the link without a reload.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';
import { clientChange, type PortalAppointment, type PortalBookingRules, untilListChanges } from './upcoming-rules.ts';

export interface VisitList {
  rules: PortalBookingRules;
  appointments: PortalAppointment[];
}

interface Context {
  clientId: string;
  readOnly: boolean;
  rules: PortalBookingRules | null;
  appointments: PortalAppointment[];
  /** When the list was loaded: what is upcoming and what may change is judged at that time. */
  loadedAt: number;
  /** The appointment being cancelled or moved. */
  chosen: number | null;
  /** Free starts for a reschedule. */
  starts: string[];
  message: string | null;
  notice: 'cancelled' | 'rescheduled' | null;
}

type Event =
  | { type: 'upcoming.retry' }
  | { type: 'upcoming.cancel'; id: number }
  | { type: 'upcoming.reschedule'; id: number }
  | { type: 'upcoming.confirmCancel'; reason: string }
  | { type: 'upcoming.pickStart'; start: string }
  | { type: 'upcoming.back' };

export const upcomingMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { clientId: string; readOnly?: boolean },
    events: {} as Event,
  },
  actors: {
    loadVisits: fromPromise<VisitList, { clientId: string }>(async () => {
      throw new Error('loadVisits not provided');
    }),
    cancelVisit: fromPromise<unknown, { id: number; reason: string }>(async () => {
      throw new Error('cancelVisit not provided');
    }),
    loadStarts: fromPromise<string[], { appointment: PortalAppointment; rules: PortalBookingRules }>(async () => {
      throw new Error('loadStarts not provided');
    }),
    rescheduleVisit: fromPromise<unknown, { id: number; start: string }>(async () => {
      throw new Error('rescheduleVisit not provided');
    }),
  },
  guards: {
    // Only the client, only their upcoming visit, and only outside the late window.
    mayChange: ({ context, event }) => {
      if (context.readOnly || context.rules === null || !('id' in event)) return false;
      const a = context.appointments.find((x) => x.id === event.id);
      return a !== undefined && clientChange(a, context.rules, Date.now()) === 'change';
    },
  },
  actions: {
    storeVisits: assign({
      rules: (_, params: VisitList) => params.rules,
      appointments: (_, params: VisitList) => params.appointments,
      loadedAt: () => Date.now(),
      chosen: null,
      starts: [],
    }),
    choose: assign({ chosen: ({ event }) => ('id' in event ? event.id : null), message: null, notice: null }),
    storeStarts: assign({ starts: (_, params: { starts: string[] }) => params.starts }),
    noteCancelled: assign({ notice: 'cancelled' as const, message: null }),
    noteRescheduled: assign({ notice: 'rescheduled' as const, message: null }),
    storeFailure: assign({ message: (_, params: { error: unknown }) => failureOf(params.error).message }),
    clearMessage: assign({ message: null }),
  },
  delays: {
    untilListChanges: ({ context }) => untilListChanges(context.appointments, context.rules, Date.now()),
  },
}).createMachine({
  id: 'upcoming',
  context: ({ input }) => ({
    clientId: input.clientId,
    readOnly: input.readOnly ?? false,
    rules: null,
    appointments: [],
    loadedAt: 0,
    chosen: null,
    starts: [],
    message: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadVisits',
        src: 'loadVisits',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'ready', actions: { type: 'storeVisits', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'upcoming.retry': 'loading' } },
    ready: {
      after: { untilListChanges: 'loading' },
      on: {
        'upcoming.cancel': { guard: 'mayChange', target: 'confirmingCancel', actions: 'choose' },
        'upcoming.reschedule': { guard: 'mayChange', target: 'findingStarts', actions: 'choose' },
      },
    },
    confirmingCancel: {
      on: {
        'upcoming.confirmCancel': 'cancelling',
        'upcoming.back': { target: 'ready', actions: 'clearMessage' },
      },
    },
    cancelling: {
      tags: 'pending',
      invoke: {
        id: 'cancelVisit',
        src: 'cancelVisit',
        input: ({ context, event }) => ({ id: context.chosen!, reason: event.type === 'upcoming.confirmCancel' ? event.reason : '' }),
        onDone: { target: 'loading', actions: 'noteCancelled' },
        onError: { target: 'ready', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    findingStarts: {
      tags: 'pending',
      invoke: {
        id: 'loadStarts',
        src: 'loadStarts',
        input: ({ context }) => ({ appointment: context.appointments.find((a) => a.id === context.chosen)!, rules: context.rules! }),
        onDone: { target: 'choosingStart', actions: { type: 'storeStarts', params: ({ event }) => ({ starts: event.output }) } },
        onError: { target: 'ready', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    choosingStart: {
      on: {
        'upcoming.pickStart': 'rescheduling',
        'upcoming.back': { target: 'ready', actions: 'clearMessage' },
      },
    },
    rescheduling: {
      tags: 'pending',
      invoke: {
        id: 'rescheduleVisit',
        src: 'rescheduleVisit',
        input: ({ context, event }) => ({ id: context.chosen!, start: event.type === 'upcoming.pickStart' ? event.start : '' }),
        onDone: { target: 'loading', actions: 'noteRescheduled' },
        onError: { target: 'choosingStart', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
