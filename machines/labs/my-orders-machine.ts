// A client's lab orders on the portal ("My orders" on /user/book-test/{clientId}): the orders load;
// while the order chart still allows it (no sample taken), the client cancels an order, or moves the
// whole order to another slot through the reschedule sub-chart it shares with the lab desk
// (machines/labs/reschedule-machine.ts; picks and Back are passed on to it). After a change the
// list is read again; a refusal is shown beside the list.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { type RescheduleOrder, rescheduleMachine } from './reschedule-machine.ts';
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
  /** The order being moved, while its slots are chosen (the sub-chart `reschedule` holds them). */
  moving: ClientOrder | null;
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

/** What the reschedule sub-chart needs of a client's order (the client holds the new slot for themself). */
export const toReschedule = (o: ClientOrder): RescheduleOrder => ({ id: o.id, pincode: o.pincode, start: o.start, items: o.items.map((i) => i.id) });

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
    reschedule: rescheduleMachine,
  },
  guards: {
    changeable: ({ context, event }) => {
      const order = 'order' in event ? orderOf(context, event.order) : null;
      return order !== null && orderChangeable(order.status);
    },
  },
}).createMachine({
  id: 'myLabOrders',
  context: ({ input }) => ({ clientId: input.clientId, orders: [], moving: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOrders',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'ready', actions: assign({ orders: ({ event }) => event.output, moving: null }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'orders.retry': 'loading' } },
    ready: {
      on: {
        'orders.cancel': { target: 'cancelling', guard: 'changeable', actions: assign({ message: null }) },
        'orders.reschedule': { target: 'rescheduling', guard: 'changeable', actions: assign({ message: null, moving: ({ context, event }) => orderOf(context, event.order) }) },
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
    rescheduling: {
      invoke: {
        id: 'reschedule',
        src: 'reschedule',
        input: ({ context }) => ({ order: toReschedule(context.moving!) }),
        onDone: [
          { guard: ({ event }) => event.output.moved, target: 'loading' },
          { target: 'ready', actions: assign({ moving: null, message: ({ event }) => event.output.message }) },
        ],
      },
      on: {
        'orders.pick': { actions: sendTo('reschedule', ({ event }) => ({ type: 'reschedule.pick' as const, start: event.start })) },
        'orders.back': { actions: sendTo('reschedule', { type: 'reschedule.back' as const }) },
      },
    },
  },
});
