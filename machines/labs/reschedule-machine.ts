// Moving a whole lab order to another slot: the sub-chart the lab desk (back office) and "My
// orders" (portal) both invoke. The slots for the order's pincode and tests load; the person picks
// one, and the move (a hold on the new slot, then the order moved onto it) is one actor. A refused
// move stays in the choice with the reason shown; going back ends it with nothing moved. It ends
// with what happened: moved, or not (with the reason when the slots could not be loaded), and the
// invoking chart reads its list again after a move.
import { assign, fromPromise, setup } from 'xstate';
import type { LabSlotOffer } from './book-test-machine.ts';

/** The order being moved: what its slots and its move need. */
export interface RescheduleOrder {
  id: number;
  /** The client whose hold the new slot is (staff hold for them; a client holds for themself). */
  client?: number;
  pincode: string;
  start: string;
  items: number[];
}

export interface RescheduleMove {
  order: number;
  client?: number;
  pincode: string;
  start: string;
  items: number[];
}

export interface RescheduleContext {
  order: RescheduleOrder;
  slots: LabSlotOffer[];
  message: string | null;
  moved: boolean;
}

export type RescheduleEvent = { type: 'reschedule.pick'; start: string } | { type: 'reschedule.back' };

/** How it ended: moved, or not (and why, when the slots could not be loaded). */
export interface RescheduleOutcome {
  moved: boolean;
  message: string | null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const rescheduleMachine = setup({
  types: {
    context: {} as RescheduleContext,
    events: {} as RescheduleEvent,
    input: {} as { order: RescheduleOrder },
    output: {} as RescheduleOutcome,
  },
  actors: {
    loadSlots: fromPromise<LabSlotOffer[], { pincode: string; items: number[] }>(async () => {
      throw new Error('loadSlots not provided');
    }),
    moveOrder: fromPromise<void, RescheduleMove>(async () => {
      throw new Error('moveOrder not provided');
    }),
  },
  guards: {
    // The slot it is in now is no move; a full slot cannot be taken.
    anotherSlot: ({ context, event }) =>
      event.type === 'reschedule.pick' && event.start !== context.order.start && context.slots.some((s) => s.start === event.start && s.places_left > 0),
  },
  actions: {
    setSlots: assign((_, params: { slots: LabSlotOffer[] }) => ({ slots: params.slots })),
    clearMessage: assign({ message: null }),
    showError: assign((_, params: { error: unknown }) => ({ message: errorText(params.error) })),
    markMoved: assign({ moved: true, message: null }),
  },
}).createMachine({
  id: 'labReschedule',
  context: ({ input }) => ({ order: input.order, slots: [], message: null, moved: false }),
  initial: 'loadingSlots',
  states: {
    loadingSlots: {
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => ({ pincode: context.order.pincode, items: context.order.items }),
        onDone: { target: 'choosing', actions: { type: 'setSlots', params: ({ event }) => ({ slots: event.output }) } },
        onError: { target: 'unavailable', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    choosing: {
      on: {
        'reschedule.pick': { target: 'moving', guard: 'anotherSlot', actions: 'clearMessage' },
        'reschedule.back': { target: 'closed', actions: 'clearMessage' },
      },
    },
    moving: {
      invoke: {
        id: 'moveOrder',
        src: 'moveOrder',
        input: ({ context, event }) => ({
          order: context.order.id,
          ...(context.order.client !== undefined ? { client: context.order.client } : {}),
          pincode: context.order.pincode,
          start: (event as { start: string }).start,
          items: context.order.items,
        }),
        onDone: { target: 'moved', actions: 'markMoved' },
        onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    moved: { type: 'final' },
    closed: { type: 'final' },
    unavailable: { type: 'final' },
  },
  output: ({ context }) => ({ moved: context.moved, message: context.message }),
});
