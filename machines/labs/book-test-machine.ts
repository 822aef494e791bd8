// The client's home-collection booking (/user/book-test/{clientId}): a pincode checked against the
// served list, the tests chosen from the catalogue, a slot picked and held for 15 minutes, the
// people and the address (prefilled from the profile), a review that says payment is at
// collection, then the order. The hold's expiry is a timer of this chart: when it runs out before
// the order is confirmed, the client is sent back to choose a slot again. An order already on its
// way when the hold runs out is waited for: the server may have taken it in time, so its answer
// decides (placed: done; refused: the hold is gone, back to the slots with the reason).
import { assign, fromPromise, setup, stateIn } from 'xstate';
import { PINCODE_PATTERN } from './lab-rules.ts';

export interface CatalogueItem {
  id: number;
  code: string;
  name: string;
  kind: 'test' | 'profile' | 'package';
  description: string;
  price_inr: number;
  fasting_hours: number;
  sample_type: string;
  report_hours: number;
  markers: { id: number; name: string; unit: string }[];
}

export interface BookingStart {
  catalogue: CatalogueItem[];
  address: string;
  pincode: string;
  /** The client's own profile has what a booking for themself needs (date of birth and sex). */
  selfReady: boolean;
}

export interface LabSlotOffer {
  start: string;
  places_left: number;
}

export interface Hold {
  id: number;
  start: string;
  expires_at: string;
  /** How long the hold lasts from when it was answered, in ms (the chart's timer). */
  ttl_ms: number;
}

export interface Person {
  self: boolean;
  name: string;
  age: string;
  sex: '' | 'M' | 'F';
}

export interface BookedOrder {
  id: number;
  start: string;
  total_inr: number;
}

export interface BookTestContext {
  clientId: string;
  catalogue: CatalogueItem[];
  selfReady: boolean;
  pincode: string;
  chosen: number[];
  slots: LabSlotOffer[];
  hold: Hold | null;
  /** The hold's time ran out while the order was being placed: a refusal then sends the client to the slots. */
  holdRanOut: boolean;
  people: Person[];
  address: string;
  order: BookedOrder | null;
  /** A §8 sentence or a rule's sentence for the step the client is on. */
  message: string | null;
}

export type BookTestEvent =
  | { type: 'book.retry' }
  | { type: 'book.pincode'; value: string }
  | { type: 'book.checkPincode' }
  | { type: 'book.toggle'; id: number }
  | { type: 'book.toSlots' }
  | { type: 'book.pick'; start: string }
  | { type: 'book.person'; index: number; field: 'name' | 'age' | 'sex'; value: string }
  | { type: 'book.addPerson' }
  | { type: 'book.removePerson'; index: number }
  | { type: 'book.address'; value: string }
  | { type: 'book.review' }
  | { type: 'book.confirm' }
  | { type: 'book.back' }
  | { type: 'book.again' };

export const BOOK_TEST_MESSAGES = {
  notServed: 'Home collection is not available at this pincode.',
  badPincode: 'Enter a 6-digit pincode.',
  holdExpired: 'Your slot was held for 15 minutes and has been released. Please choose a slot again.',
  peopleIncomplete: 'Give the name, age and sex of each person, and the collection address.',
} as const;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the people and the address are complete enough to review. */
export function peopleReady(people: Person[], address: string): boolean {
  if (people.length === 0 || !address.trim()) return false;
  return people.every((p) => p.self || (p.name.trim() !== '' && /^\d{1,3}$/.test(p.age) && Number(p.age) <= 120 && (p.sex === 'M' || p.sex === 'F')));
}

/** The first person of a booking: the client themself when their profile allows it, else a blank one. */
function firstPerson(self: boolean): Person {
  return { self, name: '', age: '', sex: '' };
}

/** What the order costs: every chosen item for every person. */
export function orderTotal(catalogue: CatalogueItem[], chosen: number[], people: number): number {
  return catalogue.filter((i) => chosen.includes(i.id)).reduce((sum, i) => sum + i.price_inr, 0) * people;
}

export const bookTestMachine = setup({
  types: {
    context: {} as BookTestContext,
    events: {} as BookTestEvent,
    input: {} as { clientId: string },
  },
  actors: {
    loadStart: fromPromise<BookingStart, { clientId: string }>(async () => {
      throw new Error('loadStart not provided');
    }),
    checkPincode: fromPromise<boolean, { pincode: string }>(async () => {
      throw new Error('checkPincode not provided');
    }),
    loadSlots: fromPromise<LabSlotOffer[], { pincode: string; items: number[] }>(async () => {
      throw new Error('loadSlots not provided');
    }),
    holdSlot: fromPromise<Hold, { pincode: string; start: string; items: number[] }>(async () => {
      throw new Error('holdSlot not provided');
    }),
    placeOrder: fromPromise<BookedOrder, { hold: number; items: number[]; people: Person[]; address: string }>(async () => {
      throw new Error('placeOrder not provided');
    }),
  },
  guards: {
    pincodeWellFormed: ({ context }) => PINCODE_PATTERN.test(context.pincode),
    served: (_, params: { served: boolean }) => params.served === true,
    someChosen: ({ context }) => context.chosen.length > 0,
    peopleReady: ({ context }) => peopleReady(context.people, context.address),
    placingOrder: stateIn({ held: 'confirming' }),
    holdRanOut: ({ context }) => context.holdRanOut,
  },
  actions: {
    showStart: assign((_, start: BookingStart) => ({
      catalogue: start.catalogue,
      address: start.address,
      pincode: start.pincode,
      selfReady: start.selfReady,
      people: [firstPerson(start.selfReady)],
    })),
    setPincode: assign((_, params: { value: string }) => ({ pincode: params.value.trim(), message: null })),
    clearMessage: assign({ message: null }),
    sayBadPincode: assign({ message: BOOK_TEST_MESSAGES.badPincode }),
    sayNotServed: assign({ message: BOOK_TEST_MESSAGES.notServed }),
    sayPeopleIncomplete: assign({ message: BOOK_TEST_MESSAGES.peopleIncomplete }),
    showError: assign((_, params: { error: unknown }) => ({ message: errorText(params.error) })),
    toggleTest: assign(({ context }, params: { id: number }) => ({
      chosen: context.chosen.includes(params.id) ? context.chosen.filter((i) => i !== params.id) : [...context.chosen, params.id],
    })),
    setSlots: assign((_, params: { slots: LabSlotOffer[] }) => ({ slots: params.slots })),
    setHold: assign((_, params: { hold: Hold }) => ({ hold: params.hold, holdRanOut: false })),
    dropHold: assign({ hold: null }),
    // The hold ran out before the order was confirmed: the client chooses a slot again.
    expireHold: assign({ hold: null, holdRanOut: false, message: BOOK_TEST_MESSAGES.holdExpired }),
    // The hold ran out with the order on its way: its answer decides where the client goes.
    noteHoldRanOut: assign({ holdRanOut: true }),
    // Only the people the client adds are edited here; the client themself comes from the profile.
    editPerson: assign(({ context }, params: { index: number; field: 'name' | 'age' | 'sex'; value: string }) => ({
      people: context.people.map((p, i) => (i === params.index && !p.self ? { ...p, [params.field]: params.value } : p)),
    })),
    addPerson: assign(({ context }) => ({ people: [...context.people, firstPerson(false)] })),
    removePerson: assign(({ context }, params: { index: number }) => ({ people: context.people.filter((_, i) => i !== params.index) })),
    setAddress: assign((_, params: { value: string }) => ({ address: params.value })),
    setOrder: assign((_, params: { order: BookedOrder }) => ({ order: params.order, hold: null })),
    startAgain: assign(({ context }) => ({ chosen: [], slots: [], order: null, message: null, people: [firstPerson(context.selfReady)] })),
  },
  delays: {
    holdExpiry: ({ context }) => Math.max(0, context.hold?.ttl_ms ?? 0),
  },
}).createMachine({
  id: 'bookTest',
  context: ({ input }) => ({
    clientId: input.clientId,
    catalogue: [],
    selfReady: false,
    pincode: '',
    chosen: [],
    slots: [],
    hold: null,
    holdRanOut: false,
    people: [],
    address: '',
    order: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStart',
        src: 'loadStart',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: {
          target: 'pincode',
          actions: { type: 'showStart', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'book.retry': 'loading' },
    },
    pincode: {
      on: {
        'book.pincode': { actions: { type: 'setPincode', params: ({ event }) => ({ value: event.value }) } },
        'book.checkPincode': [{ guard: 'pincodeWellFormed', target: 'checkingPincode' }, { actions: 'sayBadPincode' }],
      },
    },
    checkingPincode: {
      invoke: {
        id: 'checkPincode',
        src: 'checkPincode',
        input: ({ context }) => ({ pincode: context.pincode }),
        onDone: [
          { guard: { type: 'served', params: ({ event }) => ({ served: event.output }) }, target: 'tests', actions: 'clearMessage' },
          { target: 'pincode', actions: 'sayNotServed' },
        ],
        onError: { target: 'pincode', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    tests: {
      on: {
        'book.toggle': {
          actions: { type: 'toggleTest', params: ({ event }) => ({ id: event.id }) },
        },
        'book.toSlots': { guard: 'someChosen', target: 'loadingSlots' },
        'book.back': 'pincode',
      },
    },
    loadingSlots: {
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => ({ pincode: context.pincode, items: context.chosen }),
        onDone: { target: 'slots', actions: { type: 'setSlots', params: ({ event }) => ({ slots: event.output }) } },
        onError: { target: 'tests', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    slots: {
      on: {
        'book.pick': { target: 'holding', actions: 'clearMessage' },
        'book.back': { target: 'tests', actions: 'clearMessage' },
      },
    },
    holding: {
      invoke: {
        id: 'holdSlot',
        src: 'holdSlot',
        input: ({ context, event }) => ({ pincode: context.pincode, start: (event as { start: string }).start, items: context.chosen }),
        onDone: { target: 'held', actions: { type: 'setHold', params: ({ event }) => ({ hold: event.output }) } },
        // A full slot (someone else took the last place): the list is read again with the reason shown.
        onError: { target: 'loadingSlots', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    held: {
      after: {
        holdExpiry: [
          { guard: 'placingOrder', actions: 'noteHoldRanOut' },
          { target: 'loadingSlots', actions: 'expireHold' },
        ],
      },
      initial: 'people',
      states: {
        people: {
          on: {
            'book.person': { actions: { type: 'editPerson', params: ({ event }) => ({ index: event.index, field: event.field, value: event.value }) } },
            'book.addPerson': { actions: 'addPerson' },
            'book.removePerson': { actions: { type: 'removePerson', params: ({ event }) => ({ index: event.index }) } },
            'book.address': { actions: { type: 'setAddress', params: ({ event }) => ({ value: event.value }) } },
            'book.review': [{ guard: 'peopleReady', target: 'review', actions: 'clearMessage' }, { actions: 'sayPeopleIncomplete' }],
            // Back to the slots gives up the hold; not while the order is being placed (confirming).
            'book.back': { target: '#bookTest.slots', actions: 'dropHold' },
          },
        },
        review: {
          on: {
            'book.confirm': 'confirming',
            'book.back': 'people',
          },
        },
        confirming: {
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => ({ hold: context.hold!.id, items: context.chosen, people: context.people, address: context.address }),
            onDone: { target: '#bookTest.done', actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) } },
            onError: [
              // Refused after the hold ran out: the slot is no longer the client's.
              { guard: 'holdRanOut', target: '#bookTest.loadingSlots', actions: 'expireHold' },
              { target: 'review', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    done: {
      on: {
        'book.again': { target: 'tests', actions: 'startAgain' },
      },
    },
  },
});
