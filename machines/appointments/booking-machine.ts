// Booking one appointment (or a series): slot -> details -> confirm -> booked | conflict | failed.
// The same chart serves the front desk (a click on an empty time gives the slot; the receptionist
// then finds the client and the service) and the portal (the client is known; the service comes
// first, then a slot among the free ones). Every call is an actor provided from outside, so the
// chart never touches the network and pastes as is into Stately's visualiser.
//
// Input (all optional):
//   slot      { start, end?, staff?, resource? }   the time clicked (front desk); starts in `details`
//   client    { id, label }                       a known client (portal); no search needed
//   service   number                              a preselected service
//   range     { dateFrom, dateTo }                the days `slot` offers free times for (portal)
// Events:
//   booking.searchClients { text }    client search (name, phone, ABHA) -> actor searchClients(text)
//   booking.selectClient  { client }  booking.selectService { service }  booking.selectStaff { staff | null }
//   booking.showRange { dateFrom, dateTo }   booking.pickSlot { slot }   booking.setSeries { series | null }
//   booking.setNotes { notes }   booking.next   booking.back   booking.submit   booking.retry   booking.cancel
// Actors (provided by the adapter):
//   searchClients(text) -> ClientOption[]
//   loadAvailability({ service, dateFrom, dateTo, staff? }) -> Offer[]   (free starts with the staff and units offered)
//   book(BookingRequest) -> BookingResult   rejects with { status: 409, conflicts } for a conflict,
//                                           any other rejection is a Failure (machines/rules/failure.ts)
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';
import { keyFor } from '../rules/submission-key.ts';

export interface Slot {
  /** ISO 8601 with offset. */
  start: string;
  end?: string;
  /** The staff column clicked, if any: preselected when availability offers them. */
  staff?: number | null;
  /** The resource column clicked, if any. */
  resource?: number | null;
}

export interface ClientOption {
  id: number;
  /** What the list shows: name, phone, ABHA. */
  label: string;
}

/** One free start availability offers: who may deliver it and the free units of each resource kind. */
export interface Offer {
  start: string;
  end: string;
  staff: number[];
  resources: Record<string, number[]>;
}

export interface SeriesChoice {
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
  count: number;
}

export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

export interface BookingRequest {
  client: number;
  service: number;
  start: string;
  staff: number | null;
  notes: string;
  series: SeriesChoice | null;
  /** The submission's Idempotency-Key: the same for a resend of the same booking. */
  key: string;
}

export interface BookingResult {
  /** The appointments booked (one, or every occurrence of a series). */
  appointments: Array<{ id: number; start: string }>;
}

export interface Conflict {
  kind: 'staff' | 'resource';
  id: number;
  start: string;
  end: string;
}

export interface BookingContext {
  slot: Slot | null;
  range: DateRange | null;
  client: ClientOption | null;
  clientResults: ClientOption[];
  searchText: string;
  service: number | null;
  offers: Offer[];
  staff: number | null;
  series: SeriesChoice | null;
  notes: string;
  result: BookingResult | null;
  conflicts: Conflict[];
  error: string | null;
  /** The booking sent and its Idempotency-Key, so a resend of the same booking carries the same key. */
  submission: { key: string; draft: Omit<BookingRequest, 'key'> } | null;
}

export interface BookingInput {
  slot?: Slot | null;
  client?: ClientOption | null;
  service?: number | null;
  range?: DateRange | null;
}

export type BookingEvent =
  | { type: 'booking.searchClients'; text: string }
  | { type: 'booking.selectClient'; client: ClientOption }
  | { type: 'booking.selectService'; service: number }
  | { type: 'booking.selectStaff'; staff: number | null }
  | { type: 'booking.showRange'; dateFrom: string; dateTo: string }
  | { type: 'booking.pickSlot'; slot: Slot }
  | { type: 'booking.setSeries'; series: SeriesChoice | null }
  | { type: 'booking.setNotes'; notes: string }
  | { type: 'booking.next' }
  | { type: 'booking.back' }
  | { type: 'booking.submit' }
  | { type: 'booking.retry' }
  | { type: 'booking.cancel' };

export interface AvailabilityQuery {
  service: number;
  dateFrom: string;
  dateTo: string;
}

/** The offer at the slot's start (the same instant, whatever offset either was written with). */
export function offerAt(offers: readonly Offer[], slot: Slot | null): Offer | null {
  if (!slot) return null;
  const at = Date.parse(slot.start);
  return offers.find((o) => Date.parse(o.start) === at) ?? null;
}

/** The calendar day (YYYY-MM-DD) an ISO time carries: the clinic writes times in its own offset. */
const dayOf = (iso: string) => iso.slice(0, 10);
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function conflictsOf(error: unknown): Conflict[] {
  const list = (error as { conflicts?: unknown } | null)?.conflicts;
  return Array.isArray(list) ? (list as Conflict[]) : [];
}

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput | undefined,
  },
  actors: {
    searchClients: fromPromise<ClientOption[], string>(async () => {
      throw new Error('searchClients is provided by the adapter');
    }),
    loadAvailability: fromPromise<Offer[], AvailabilityQuery>(async () => {
      throw new Error('loadAvailability is provided by the adapter');
    }),
    book: fromPromise<BookingResult, BookingRequest>(async () => {
      throw new Error('book is provided by the adapter');
    }),
  },
  delays: {
    searchPause: 300,
  },
  guards: {
    hasSlot: ({ context }) => context.slot !== null,
    hasServiceAndRange: ({ context }) => context.service !== null && context.range !== null,
    hasService: ({ context }) => context.service !== null,
    // The front desk may book a series whose first day is not offered (the series is checked as a whole).
    isReady: ({ context }) =>
      context.client !== null && context.service !== null && context.slot !== null && (context.series !== null || offerAt(context.offers, context.slot) !== null),
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
  },
  actions: {
    setSearchText: assign({ searchText: ({ event }) => (event.type === 'booking.searchClients' ? event.text : '') }),
    setClientResults: assign({ clientResults: (_, params: { clients: ClientOption[] }) => params.clients }),
    setClient: assign({ client: ({ context, event }) => (event.type === 'booking.selectClient' ? event.client : context.client) }),
    setService: assign({
      service: ({ context, event }) => (event.type === 'booking.selectService' ? event.service : context.service),
      offers: [],
    }),
    setRange: assign({ range: ({ context, event }) => (event.type === 'booking.showRange' ? { dateFrom: event.dateFrom, dateTo: event.dateTo } : context.range) }),
    setSlot: assign({
      slot: ({ context, event }) => (event.type === 'booking.pickSlot' ? event.slot : context.slot),
      staff: ({ context, event }) => (event.type === 'booking.pickSlot' ? (event.slot.staff ?? null) : context.staff),
      conflicts: [],
    }),
    setOffers: assign({
      offers: (_, params: { offers: Offer[] }) => params.offers,
      // The staff member clicked (or chosen) stays chosen only while availability offers them there.
      staff: ({ context }, params: { offers: Offer[] }) => {
        const offer = offerAt(params.offers, context.slot);
        return offer && context.staff !== null && offer.staff.includes(context.staff) ? context.staff : null;
      },
      error: null,
    }),
    setStaff: assign({ staff: ({ context, event }) => (event.type === 'booking.selectStaff' ? event.staff : context.staff) }),
    setSeries: assign({ series: ({ context, event }) => (event.type === 'booking.setSeries' ? event.series : context.series) }),
    setNotes: assign({ notes: ({ context, event }) => (event.type === 'booking.setNotes' ? event.notes : context.notes) }),
    setResult: assign({ result: (_, params: { result: BookingResult }) => params.result, error: null, conflicts: [] }),
    setConflicts: assign({
      conflicts: (_, params: { error: unknown }) => conflictsOf(params.error),
      error: (_, params: { error: unknown }) => failureOf(params.error).message,
    }),
    setError: assign({ error: (_, params: { error: unknown }) => failureOf(params.error).message }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    slot: input?.slot ?? null,
    range: input?.range ?? null,
    client: input?.client ?? null,
    clientResults: [],
    searchText: '',
    service: input?.service ?? null,
    offers: [],
    staff: input?.slot?.staff ?? null,
    series: null,
    notes: '',
    result: null,
    conflicts: [],
    error: null,
    submission: null,
  }),
  initial: 'start',
  on: {
    'booking.cancel': '.cancelled',
  },
  states: {
    start: {
      always: [{ guard: 'hasSlot', target: 'details' }, { target: 'slot' }],
    },
    // Choosing a time among the free ones (portal): a service and a range of days give the offers.
    slot: {
      initial: 'choosing',
      on: {
        'booking.selectService': { target: '.choosing', actions: 'setService', reenter: true },
        'booking.showRange': { target: '.choosing', actions: 'setRange', reenter: true },
        'booking.pickSlot': { target: 'details', actions: 'setSlot' },
      },
      states: {
        choosing: {
          always: { guard: 'hasServiceAndRange', target: 'loading' },
        },
        loading: {
          tags: 'pending',
          invoke: {
            src: 'loadAvailability',
            input: ({ context }) => ({ service: context.service!, ...context.range! }),
            onDone: { target: 'ready', actions: { type: 'setOffers', params: ({ event }) => ({ offers: event.output }) } },
            onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
      },
    },
    // Who, what and with whom: the client, the service, and the staff and units offered at the slot.
    details: {
      initial: 'checking',
      on: {
        'booking.searchClients': { target: '.typing', actions: 'setSearchText' },
        'booking.selectClient': { actions: 'setClient' },
        'booking.selectService': { target: '.checking', actions: 'setService' },
        'booking.selectStaff': { actions: 'setStaff' },
        // Another time, typed in the dialog (the keyboard's way to move the clicked slot).
        'booking.pickSlot': { target: '.checking', actions: 'setSlot' },
        'booking.setSeries': { actions: 'setSeries' },
        'booking.setNotes': { actions: 'setNotes' },
        'booking.next': { guard: 'isReady', target: 'confirm' },
        'booking.back': 'slot',
      },
      states: {
        checking: {
          // No service yet: nothing to check.
          always: [{ guard: 'hasService', target: 'loading' }, { target: 'editing' }],
        },
        loading: {
          tags: 'pending',
          invoke: {
            src: 'loadAvailability',
            // A start is an instant in UTC; its clinic day can be the UTC day before or after (a 01:00
            // start in Asia/Kolkata is 19:30Z the previous day), so ask for the days around it.
            input: ({ context }) => ({ service: context.service!, dateFrom: shiftDay(dayOf(context.slot!.start), -1), dateTo: shiftDay(dayOf(context.slot!.start), 1) }),
            onDone: { target: 'editing', actions: { type: 'setOffers', params: ({ event }) => ({ offers: event.output }) } },
            onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        typing: {
          after: { searchPause: 'searching' },
        },
        searching: {
          tags: 'pending',
          invoke: {
            src: 'searchClients',
            input: ({ context }) => context.searchText,
            onDone: { target: 'editing', actions: { type: 'setClientResults', params: ({ event }) => ({ clients: event.output }) } },
            onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        editing: {},
      },
    },
    confirm: {
      on: {
        'booking.back': 'details',
        'booking.submit': {
          target: 'booking',
          actions: assign(({ context }) => ({
            submission: keyFor(context.submission, {
              client: context.client!.id,
              service: context.service!,
              start: context.slot!.start,
              staff: context.staff,
              notes: context.notes,
              series: context.series,
            }),
          })),
        },
      },
    },
    booking: {
      tags: 'pending',
      entry: 'clearError',
      invoke: {
        src: 'book',
        input: ({ context }) => ({ ...context.submission!.draft, key: context.submission!.key }),
        onDone: { target: 'booked', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: 'conflict', actions: { type: 'setConflicts', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    booked: { type: 'final' },
    // Something was in the way and nothing was booked: another time, or other details.
    conflict: {
      on: {
        'booking.back': 'details',
        'booking.pickSlot': { target: 'details', actions: 'setSlot' },
      },
    },
    failed: {
      on: {
        'booking.retry': 'booking',
        'booking.back': 'confirm',
      },
    },
    cancelled: { type: 'final' },
  },
});
