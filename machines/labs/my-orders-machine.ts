// A client's lab orders on the portal ("My orders" on /user/book-test/{clientId}): the orders load;
// while the order chart still allows it (no sample taken), the client cancels an order, or moves the
// whole order to another slot: the slots for its pincode and tests load, the client picks one, and
// the move (a hold on the new slot, then the order moved onto it) is one actor. After a change the
// list is read again; a refusal is shown beside the list.
import { assign, fromPromise, setup } from 'xstate';
import type { LabSlotOffer } from './book-test-machine.ts';
import { type LabOrderStatus, orderChangeable } from './order-lifecycle.ts';

export { orderChangeable };

export interface ClientOrder {
  id: number;
  status: LabOrderStatus;
  start: string;
  pincode: string;
  address: string;
  total_inr: number;
  items: { id: number; name: string }[];
  people: { name: string }[];
  collector_name: string | null;
  collector_phone: string | null;
}

export interface MyOrdersContext {
  clientId: string;
  orders: ClientOrder[];
  /** The order being moved, while its slots are chosen. */
  moving: ClientOrder | null;
  slots: LabSlotOffer[];
  message: string | null;
}

export type MyOrdersEvent =
  | { type: 'orders.retry' }
  | { type: 'orders.cancel'; order: number }
  | { type: 'orders.reschedule'; order: number }
  | { type: 'orders.pick'; start: string }
  | { type: 'orders.back' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const orderOf = (context: MyOrdersContext, id: number) => context.orders.find((o) => o.id === id) ?? null;

export const myOrdersMachine = setup({
  types: {
    context: {} as MyOrdersContext,
    events: {} as MyOrdersEvent,
    input: {} as { clientId: string },
  },
  actors: {
    loadOrders: fromPromise<ClientOrder[], { clientId: string }>(async () => {
      throw new Error('loadOrders not provided');
    }),
    cancelOrder: fromPromise<void, { order: number }>(async () => {
      throw new Error('cancelOrder not provided');
    }),
    loadSlots: fromPromise<LabSlotOffer[], { pincode: string; items: number[] }>(async () => {
      throw new Error('loadSlots not provided');
    }),
    moveOrder: fromPromise<void, { order: number; pincode: string; start: string; items: number[] }>(async () => {
      throw new Error('moveOrder not provided');
    }),
  },
  guards: {
    changeable: ({ context, event }) => {
      const order = 'order' in event ? orderOf(context, event.order) : null;
      return order !== null && orderChangeable(order.status);
    },
  },
}).createMachine({
  id: 'myLabOrders',
  context: ({ input }) => ({ clientId: input.clientId, orders: [], moving: null, slots: [], message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOrders',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output, moving: null, slots: [] }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'orders.retry': 'loading' } },
    ready: {
      on: {
        'orders.cancel': { target: 'cancelling', guard: 'changeable', actions: assign({ message: null }) },
        'orders.reschedule': { target: 'loadingSlots', guard: 'changeable', actions: assign({ message: null, moving: ({ context, event }) => orderOf(context, event.order) }) },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancelOrder',
        input: ({ event }) => ({ order: (event as { order: number }).order }),
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ message: ({ event }) => errorText(event.error) }) },
      },
    },
    loadingSlots: {
      invoke: {
        src: 'loadSlots',
        input: ({ context }) => ({ pincode: context.moving!.pincode, items: context.moving!.items.map((i) => i.id) }),
        onDone: { target: 'choosing', actions: assign({ slots: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ moving: null, message: ({ event }) => errorText(event.error) }) },
      },
    },
    choosing: {
      on: {
        'orders.pick': { target: 'moving', actions: assign({ message: null }) },
        'orders.back': { target: 'ready', actions: assign({ moving: null, slots: [] }) },
      },
    },
    moving: {
      invoke: {
        src: 'moveOrder',
        input: ({ context, event }) => ({ order: context.moving!.id, pincode: context.moving!.pincode, start: (event as { start: string }).start, items: context.moving!.items.map((i) => i.id) }),
        onDone: 'loading',
        onError: { target: 'choosing', actions: assign({ message: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
