// Booking one appointment (or a series): slot -> details -> confirm -> booked | conflict | failed
// (a time picked from the offers with the client and service known goes straight to confirm).
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
//   zone      string                              the clinic's time zone (its days), default Asia/Kolkata
// The front desk's details list the free times of the slot's day for the service and the staff
// member chosen (availability is asked for the next LOOKAHEAD_DAYS days at once), and the next
// day with free times when that day is full; a time picked from that list needs no new check.
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
import { addDays, clampSeriesCount, DEFAULT_TIME_ZONE, localTime } from './scheduling-rules.ts';

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
  zone: string;
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
  zone?: string;
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

/** How many days after the slot's the front desk's availability covers (to name the next free day). */
export const LOOKAHEAD_DAYS = 14;

/** The calendar day (YYYY-MM-DD) an ISO time carries: the clinic writes times in its own offset. */
const dayOf = (iso: string) => iso.slice(0, 10);

/** The clinic day (YYYY-MM-DD) of an instant. */
export const clinicDayOf = (zone: string, iso: string) => localTime(zone, Date.parse(iso)).date;

/** The offers a staff member may take (null: anyone). */
const forStaff = (offers: readonly Offer[], staff: number | null) => (staff === null ? [...offers] : offers.filter((o) => o.staff.includes(staff)));

/** The offer at the slot's start that the chosen staff member (or anyone, null) may take. */
export function offerFor(offers: readonly Offer[], slot: Slot | null, staff: number | null): Offer | null {
  const offer = offerAt(offers, slot);
  return offer && (staff === null || offer.staff.includes(staff)) ? offer : null;
}

/** The free times of one clinic day, for the staff member chosen (or anyone). */
export function freeTimesOn(offers: readonly Offer[], zone: string, day: string, staff: number | null): Offer[] {
  return forStaff(offers, staff).filter((o) => clinicDayOf(zone, o.start) === day);
}

/** The first clinic day after `day` with free times for the staff member chosen (or anyone), and those times. */
export function nextFreeDay(offers: readonly Offer[], zone: string, day: string, staff: number | null): { day: string; offers: Offer[] } | null {
  const later = forStaff(offers, staff).filter((o) => clinicDayOf(zone, o.start) > day);
  if (later.length === 0) return null;
  const next = later.reduce((min, o) => (clinicDayOf(zone, o.start) < min ? clinicDayOf(zone, o.start) : min), clinicDayOf(zone, later[0].start));
  return { day: next, offers: later.filter((o) => clinicDayOf(zone, o.start) === next) };
}

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
    // A time picked from the offers, with the client and service already known (the portal): the
    // only step left is the one confirm, not a details step with its own "continue" before it.
    isReadyAtPick: ({ context, event }) =>
      event.type === 'booking.pickSlot' && context.client !== null && context.service !== null && offerAt(context.offers, event.slot) !== null,
    // The times were chosen from a list of days (the portal): going back, or past a conflict, is to that list.
    picksFromOffers: ({ context }) => context.range !== null,
    // The front desk may book a series whose first day is not offered (the series is checked as a whole).
    // A staff member chosen must be among those offered at that time.
    isReady: ({ context }) =>
      context.client !== null &&
      context.service !== null &&
      context.slot !== null &&
      (context.series !== null || offerFor(context.offers, context.slot, context.staff) !== null),
    // A time taken from the free times listed: availability has just offered it, nothing to check again.
    isListedTime: ({ context, event }) => event.type === 'booking.pickSlot' && offerAt(context.offers, event.slot) !== null,
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
    setRange: assign({
      range: ({ context, event }) => (event.type === 'booking.showRange' ? { dateFrom: event.dateFrom, dateTo: event.dateTo } : context.range),
    }),
    setSlot: assign({
      slot: ({ context, event }) => (event.type === 'booking.pickSlot' ? event.slot : context.slot),
      staff: ({ context, event }) => (event.type === 'booking.pickSlot' ? (event.slot.staff ?? null) : context.staff),
      conflicts: [],
    }),
    // The staff member clicked (or chosen) stays chosen: the free times listed are theirs, and a time
    // they are not free at cannot be continued with.
    setOffers: assign({
      offers: (_, params: { offers: Offer[] }) => params.offers,
      error: null,
    }),
    setStaff: assign({ staff: ({ context, event }) => (event.type === 'booking.selectStaff' ? event.staff : context.staff) }),
    // A count as typed is held to the contract's bounds (scheduling-rules.ts, the server's too).
    setSeries: assign({
      series: ({ context, event }) =>
        event.type === 'booking.setSeries' ? event.series && { ...event.series, count: clampSeriesCount(event.series.count) } : context.series,
    }),
    setNotes: assign({ notes: ({ context, event }) => (event.type === 'booking.setNotes' ? event.notes : context.notes) }),
    setResult: assign({ result: (_, params: { result: BookingResult }) => params.result, error: null, conflicts: [] }),
    setConflicts: assign({
      conflicts: (_, params: { error: unknown }) => conflictsOf(params.error),
      error: (_, params: { error: unknown }) => failureOf(params.error).message,
    }),
    setError: assign({ error: (_, params: { error: unknown }) => failureOf(params.error).message }),
    clearError: assign({ error: null }),
    // One key per booking asked for: a retry of the same booking is recognised by the server.
    keySubmission: assign(({ context }) => ({
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
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    zone: input?.zone ?? DEFAULT_TIME_ZONE,
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
        'booking.pickSlot': [
          { guard: 'isReadyAtPick', target: 'confirm', actions: 'setSlot' },
          { target: 'details', actions: 'setSlot' },
        ],
      },
      states: {
        choosing: {
          always: { guard: 'hasServiceAndRange', target: 'loading' },
        },
        loading: {
          tags: 'pending',
          invoke: {
            id: 'loadAvailability',
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
        // A free time picked from those listed; or another time typed in the dialog (the keyboard's
        // way to move the clicked slot), checked again.
        'booking.pickSlot': [
          { guard: 'isListedTime', actions: 'setSlot' },
          { target: '.checking', actions: 'setSlot' },
        ],
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
            id: 'loadAvailability',
            src: 'loadAvailability',
            // A start is an instant in UTC; its clinic day can be the UTC day before or after (a 01:00
            // start in Asia/Kolkata is 19:30Z the previous day), so ask from the day before; and the
            // days after, to name the next free day when this one is full.
            input: ({ context }) => ({
              service: context.service!,
              dateFrom: addDays(dayOf(context.slot!.start), -1),
              dateTo: addDays(dayOf(context.slot!.start), LOOKAHEAD_DAYS),
            }),
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
            id: 'searchClients',
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
        'booking.back': [{ guard: 'picksFromOffers', target: 'slot' }, { target: 'details' }],
        'booking.submit': {
          target: 'booking',
          actions: 'keySubmission',
        },
      },
    },
    booking: {
      tags: 'pending',
      entry: 'clearError',
      invoke: {
        id: 'book',
        src: 'book',
        input: ({ context }) => ({ ...context.submission!.draft, key: context.submission!.key }),
        onDone: { target: 'booked', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: { type: 'setConflicts', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    booked: { type: 'final' },
    // Something was in the way and nothing was booked: another time, or other details.
    conflict: {
      on: {
        'booking.back': [{ guard: 'picksFromOffers', target: 'slot' }, { target: 'details' }],
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

/**
 * The staff members the dialog lists for a service: everyone whose role delivers it, those with no
 * working hours set marked (availability cannot offer them, and they are not left out unseen).
 */
export function staffChoicesFor<T extends { id: number; role: string }>(
  service: { delivered_by: readonly string[] } | undefined,
  staff: readonly T[],
  withoutHours: ReadonlySet<number>,
): Array<T & { noHours: boolean }> {
  if (!service) return [];
  return staff.filter((s) => service.delivered_by.includes(s.role)).map((s) => ({ ...s, noHours: withoutHours.has(s.id) }));
}
