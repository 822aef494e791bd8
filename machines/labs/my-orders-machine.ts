// A client's lab orders on the portal ("My orders" on /user/book-test/{clientId}): the orders load;
// while the order chart still allows it (no sample taken), the client cancels an order, or moves the
// whole order to another slot through the reschedule sub-chart it shares with the lab desk
// (machines/labs/reschedule-machine.ts; picks and Back are passed on to it). After a change the
// list is read again; a refusal is shown beside the list.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { type RescheduleOrder, type RescheduleOutcome, rescheduleMachine } from './reschedule-machine.ts';
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
    // The reschedule dialog closed having moved the order: the list is read again.
    moved: (_, outcome: RescheduleOutcome) => outcome.moved,
  },
  actions: {
    showOrders: assign((_, params: { orders: ClientOrder[] }) => ({ orders: params.orders, moving: null })),
    clearMessage: assign({ message: null }),
    startMove: assign(({ context }, params: { order: number }) => ({ message: null, moving: orderOf(context, params.order) })),
    endMove: assign((_, outcome: RescheduleOutcome) => ({ moving: null, message: outcome.message })),
    passPick: sendTo('reschedule', (_, params: { start: string }) => ({ type: 'reschedule.pick' as const, start: params.start })),
    passBack: sendTo('reschedule', { type: 'reschedule.back' as const }),
    showError: assign((_, params: { error: unknown }) => ({ message: errorText(params.error) })),
  },
}).createMachine({
  id: 'myLabOrders',
  context: ({ input }) => ({ clientId: input.clientId, orders: [], moving: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'ready', actions: { type: 'showOrders', params: ({ event }) => ({ orders: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { 'orders.retry': 'loading' } },
    ready: {
      on: {
        'orders.cancel': { target: 'cancelling', guard: 'changeable', actions: 'clearMessage' },
        'orders.reschedule': { target: 'rescheduling', guard: 'changeable', actions: { type: 'startMove', params: ({ event }) => ({ order: event.order }) } },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ event }) => ({ order: (event as { order: number }).order }),
        onDone: 'loading',
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    rescheduling: {
      invoke: {
        id: 'reschedule',
        src: 'reschedule',
        input: ({ context }) => ({ order: toReschedule(context.moving!) }),
        onDone: [
          { guard: { type: 'moved', params: ({ event }) => event.output }, target: 'loading' },
          { target: 'ready', actions: { type: 'endMove', params: ({ event }) => event.output } },
        ],
      },
      on: {
        'orders.pick': { actions: { type: 'passPick', params: ({ event }) => ({ start: event.start }) } },
        'orders.back': { actions: 'passBack' },
      },
    },
  },
});
