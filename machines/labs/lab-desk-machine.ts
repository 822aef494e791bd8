// The lab desk (back office Labs tab, and a client's Labs section): the orders queue, optionally
// for one client, with the catalogue (to know each order's markers) and the staff who can collect.
// Staff assign a collector, move an order one step of the order chart, or enter a marker's result;
// each act is one request, after which the queue is read again. A refusal is shown beside the queue;
// an act the server took (a result saved) is kept as `done` until the next one, so the desk says so.
// On the Labs tab the same acts keep the catalogue (tests with markers and ranges, profiles,
// packages) and the serviceable pincodes with their capacity per slot. While the order chart still
// allows it, staff cancel an order, or move it whole through the reschedule sub-chart the portal's
// "My orders" shares (machines/labs/reschedule-machine.ts: slots load, staff pick one, a hold for
// the client on it and the move are one actor; picks and Back are passed on to it).
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { nextSteps } from '../lifecycle/lifecycle.ts';
import type { CatalogueItem } from './book-test-machine.ts';
import { type RescheduleMove, type RescheduleOrder, type RescheduleOutcome, rescheduleMachine } from './reschedule-machine.ts';
import { type LabOrderStatus, labOrderLifecycle, orderChangeable } from './order-lifecycle.ts';

export interface DeskOrder {
  id: number;
  client: number;
  client_name: string;
  status: LabOrderStatus;
  start: string;
  address: string;
  pincode: string;
  items: { id: number; name: string }[];
  people: { id: number; self: boolean; name: string; age: number; sex: 'M' | 'F' }[];
  collector_name: string | null;
}

export interface DeskPincode {
  pincode: string;
  area: string;
  slot_capacity: number;
  active?: boolean;
}

export interface DeskRange {
  sex: 'M' | 'F' | null;
  age_min: number;
  age_max: number;
  low: number;
  high: number;
  critical_low: number | null;
  critical_high: number | null;
}

/** A new catalogue item as the server takes it: a test with markers, or a profile/package of tests. */
export interface DeskCatalogueItem {
  code: string;
  name: string;
  kind: 'test' | 'profile' | 'package';
  description?: string;
  price_inr: number;
  fasting_hours: number;
  sample_type: string;
  report_hours: number;
  markers?: { code: string; name: string; unit: string; ranges: DeskRange[] }[];
  tests?: number[];
}

/** A catalogue item as the desk keeps it: inactive ones too, with marker codes and ranges to edit. */
export interface DeskCatalogueEntry extends Omit<CatalogueItem, 'markers'> {
  active: boolean;
  tests: number[];
  markers: { id: number; code: string; name: string; unit: string; ranges: DeskRange[] }[];
}

/** An edit of a catalogue item: the fields that changed (docs/labs.md: PATCH labs/catalogue/{id}). */
export type DeskCatalogueEdit = Partial<
  Pick<DeskCatalogueItem, 'name' | 'description' | 'price_inr' | 'fasting_hours' | 'sample_type' | 'report_hours' | 'markers' | 'tests'>
> & { active?: boolean };

export interface DeskData {
  orders: DeskOrder[];
  catalogue: DeskCatalogueEntry[];
  collectors: { id: number; name: string }[];
  pincodes: DeskPincode[];
}

export type DeskAct =
  | { kind: 'move'; order: number; to: LabOrderStatus; collector?: number }
  | { kind: 'result'; order: number; person: number; marker: number; value: number }
  | { kind: 'pincode'; pincode: DeskPincode }
  | { kind: 'catalogue'; item: DeskCatalogueItem };

export interface DeskContext extends DeskData {
  client: number | null;
  message: string | null;
  /** The order being moved, while its new slot is chosen (the sub-chart `reschedule` holds the slots). */
  moving: DeskOrder | null;
  /** The act being sent now. */
  pending: DeskAct | null;
  /** The last act the server took (a result saved, an order moved): the desk says so until the next act. */
  done: DeskAct | null;
}

export type DeskEvent =
  | { type: 'desk.retry' }
  | { type: 'desk.reload' }
  | { type: 'desk.act'; act: DeskAct }
  | { type: 'desk.reschedule'; order: number }
  | { type: 'desk.pick'; start: string }
  | { type: 'desk.back' };

/** A desk move: the new slot is held for the order's client. */
export type DeskMove = RescheduleMove & { client: number };

/** What the reschedule sub-chart needs of an order on the desk. */
export const toReschedule = (o: DeskOrder): RescheduleOrder => ({
  id: o.id,
  client: o.client,
  pincode: o.pincode,
  start: o.start,
  items: o.items.map((i) => i.id),
});

/** The moves the chart offers staff for an order now (a desk never cancels for the client here). */
export function deskMoves(status: LabOrderStatus): LabOrderStatus[] {
  // Releasing in part or in full both stay on offer; the server counts the results and decides.
  const some = nextSteps(labOrderLifecycle, status, { extras: { collector_id: 1, resulted: 1, expected: 2 } });
  const all = nextSteps(labOrderLifecycle, status, { extras: { collector_id: 1, resulted: 2, expected: 2 } });
  return [...new Set([...some, ...all].map((s) => s.to as LabOrderStatus))].filter((to) => to !== 'cancelled');
}

/** Whether staff may still cancel or move this order: the order chart's answer. */
export const deskCanCancel = orderChangeable;

/** Every marker an order measures (profiles and packages through their tests). */
export function orderMarkers(order: DeskOrder, catalogue: Pick<CatalogueItem, 'id' | 'markers'>[]): { id: number; name: string; unit: string }[] {
  const seen = new Map<number, { id: number; name: string; unit: string }>();
  for (const item of order.items) for (const m of catalogue.find((c) => c.id === item.id)?.markers ?? []) seen.set(m.id, m);
  return [...seen.values()];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const labDeskMachine = setup({
  types: {
    context: {} as DeskContext,
    events: {} as DeskEvent,
    input: {} as { client: number | null },
  },
  actors: {
    loadDesk: fromPromise<DeskData, { client: number | null }>(async () => {
      throw new Error('loadDesk not provided');
    }),
    act: fromPromise<void, DeskAct>(async () => {
      throw new Error('act not provided');
    }),
    reschedule: rescheduleMachine,
  },
  guards: {
    movable: ({ context, event }) => {
      const order = event.type === 'desk.reschedule' ? context.orders.find((o) => o.id === event.order) : undefined;
      return order !== undefined && deskCanCancel(order.status);
    },
    // The reschedule dialog closed having moved the order: the desk reads everything again.
    moved: (_, outcome: RescheduleOutcome) => outcome.moved,
  },
  actions: {
    showDesk: assign((_, data: DeskData) => ({ ...data, moving: null })),
    startAct: assign((_, params: { act: DeskAct }) => ({ message: null, done: null, pending: params.act })),
    startMove: assign(({ context }, params: { order: number }) => ({
      message: null,
      done: null,
      moving: context.orders.find((o) => o.id === params.order) ?? null,
    })),
    endMove: assign((_, outcome: RescheduleOutcome) => ({ moving: null, message: outcome.message })),
    passPick: sendTo('reschedule', (_, params: { start: string }) => ({ type: 'reschedule.pick' as const, start: params.start })),
    passBack: sendTo('reschedule', { type: 'reschedule.back' as const }),
    markDone: assign(({ context }) => ({ done: context.pending, pending: null })),
    showError: assign((_, params: { error: unknown }) => ({ pending: null, message: errorText(params.error) })),
  },
}).createMachine({
  id: 'labDesk',
  context: ({ input }) => ({
    client: input.client,
    orders: [],
    catalogue: [],
    collectors: [],
    pincodes: [],
    message: null,
    moving: null,
    pending: null,
    done: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDesk',
        src: 'loadDesk',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'ready', actions: { type: 'showDesk', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { 'desk.retry': 'loading' } },
    ready: {
      on: {
        // A catalogue edit saved in its own dialog: the desk reads everything again.
        'desk.reload': 'loading',
        'desk.act': { target: 'acting', actions: { type: 'startAct', params: ({ event }) => ({ act: event.act }) } },
        'desk.reschedule': { target: 'rescheduling', guard: 'movable', actions: { type: 'startMove', params: ({ event }) => ({ order: event.order }) } },
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
        'desk.pick': { actions: { type: 'passPick', params: ({ event }) => ({ start: event.start }) } },
        'desk.back': { actions: 'passBack' },
      },
    },
    acting: {
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ event }) => (event as { act: DeskAct }).act,
        onDone: { target: 'loading', actions: 'markDone' },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
