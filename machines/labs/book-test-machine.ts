// The client's home-collection booking (/user/book-test/{clientId}): a pincode checked against the
// served list, the tests chosen from the catalogue, a slot picked and held for 15 minutes, the
// people and the address (prefilled from the profile), a review that says payment is at
// collection, then the order. The hold's expiry is a timer of this chart: when it runs out before
// the order is confirmed, the client is sent back to choose a slot again.
import { assign, fromPromise, setup } from 'xstate';
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
    served: ({ event }) => (event as unknown as { output: boolean }).output === true,
    someChosen: ({ context }) => context.chosen.length > 0,
    peopleReady: ({ context }) => peopleReady(context.people, context.address),
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
    people: [],
    address: '',
    order: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadStart',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: {
          target: 'pincode',
          actions: assign(({ event }) => ({
            catalogue: event.output.catalogue,
            address: event.output.address,
            pincode: event.output.pincode,
            selfReady: event.output.selfReady,
            people: event.output.selfReady ? [{ self: true, name: '', age: '', sex: '' as const }] : [{ self: false, name: '', age: '', sex: '' as const }],
          })),
        },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'book.retry': 'loading' },
    },
    pincode: {
      on: {
        'book.pincode': { actions: assign(({ event }) => ({ pincode: event.value.trim(), message: null })) },
        'book.checkPincode': [{ guard: 'pincodeWellFormed', target: 'checkingPincode' }, { actions: assign({ message: BOOK_TEST_MESSAGES.badPincode }) }],
      },
    },
    checkingPincode: {
      invoke: {
        src: 'checkPincode',
        input: ({ context }) => ({ pincode: context.pincode }),
        onDone: [
          { guard: 'served', target: 'tests', actions: assign({ message: null }) },
          { target: 'pincode', actions: assign({ message: BOOK_TEST_MESSAGES.notServed }) },
        ],
        onError: { target: 'pincode', actions: assign({ message: ({ event }) => errorText(event.error) }) },
      },
    },
    tests: {
      on: {
        'book.toggle': {
          actions: assign({ chosen: ({ context, event }) => (context.chosen.includes(event.id) ? context.chosen.filter((i) => i !== event.id) : [...context.chosen, event.id]) }),
        },
        'book.toSlots': { guard: 'someChosen', target: 'loadingSlots' },
        'book.back': 'pincode',
      },
    },
    loadingSlots: {
      invoke: {
        src: 'loadSlots',
        input: ({ context }) => ({ pincode: context.pincode, items: context.chosen }),
        onDone: { target: 'slots', actions: assign({ slots: ({ event }) => event.output }) },
        onError: { target: 'tests', actions: assign({ message: ({ event }) => errorText(event.error) }) },
      },
    },
    slots: {
      on: {
        'book.pick': { target: 'holding', actions: assign({ message: null }) },
        'book.back': { target: 'tests', actions: assign({ message: null }) },
      },
    },
    holding: {
      invoke: {
        src: 'holdSlot',
        input: ({ context, event }) => ({ pincode: context.pincode, start: (event as { start: string }).start, items: context.chosen }),
        onDone: { target: 'held', actions: assign({ hold: ({ event }) => event.output }) },
        // A full slot (someone else took the last place): the list is read again with the reason shown.
        onError: { target: 'loadingSlots', actions: assign({ message: ({ event }) => errorText(event.error) }) },
      },
    },
    held: {
      after: {
        holdExpiry: { target: 'loadingSlots', actions: assign({ hold: null, message: BOOK_TEST_MESSAGES.holdExpired }) },
      },
      initial: 'people',
      states: {
        people: {
          on: {
            'book.person': {
              actions: assign({
                people: ({ context, event }) => context.people.map((p, i) => (i === event.index && !p.self ? { ...p, [event.field]: event.value } : p)),
              }),
            },
            'book.addPerson': { actions: assign({ people: ({ context }) => [...context.people, { self: false, name: '', age: '', sex: '' as const }] }) },
            'book.removePerson': { actions: assign({ people: ({ context, event }) => context.people.filter((_, i) => i !== event.index) }) },
            'book.address': { actions: assign({ address: ({ event }) => event.value }) },
            'book.review': [{ guard: 'peopleReady', target: 'review', actions: assign({ message: null }) }, { actions: assign({ message: BOOK_TEST_MESSAGES.peopleIncomplete }) }],
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
            src: 'placeOrder',
            input: ({ context }) => ({ hold: context.hold!.id, items: context.chosen, people: context.people, address: context.address }),
            onDone: { target: '#bookTest.done', actions: assign({ order: ({ event }) => event.output, hold: null }) },
            onError: { target: 'review', actions: assign({ message: ({ event }) => errorText(event.error) }) },
          },
        },
      },
      on: {
        'book.back': { target: 'slots', actions: assign({ hold: null }) },
      },
    },
    done: {
      on: {
        'book.again': {
          target: 'tests',
          actions: assign(({ context }) => ({ chosen: [], slots: [], order: null, message: null, people: context.selfReady ? [{ self: true, name: '', age: '', sex: '' as const }] : [{ self: false, name: '', age: '', sex: '' as const }] })),
        },
      },
    },
  },
});
