// A home-collection lab order: booked by the client, a collector assigned, the sample collected and
// sent for processing, then results released in part and finally in full. Only an order whose
// sample has not been taken can be cancelled; once collected, the lab owes the client a report.
// The guards read what the step carries: assigning names a collector, and releasing counts the
// markers resulted against those ordered, so "ready" can never be claimed with results missing;
// partial results go out once at least one is entered (issue 32: a one-marker order resulted in
// full could not be released in part from processing).
import { setup } from 'xstate';
import { nextSteps } from '../lifecycle/lifecycle.ts';

export const LAB_ORDER_STATUSES = ['booked', 'collector_assigned', 'collected', 'processing', 'partial', 'ready', 'cancelled'] as const;
export type LabOrderStatus = (typeof LAB_ORDER_STATUSES)[number];

/** The statuses in which a client may still cancel or reschedule (no sample taken yet). */
export const CANCELLABLE_STATUSES: readonly LabOrderStatus[] = ['booked', 'collector_assigned'];

/** What a step may carry: the collector assigned (or a partner lab that sends its own), how many markers have a result of how many ordered. */
export interface LabOrderExtras {
  collector_id?: number;
  /** The order is booked with a partner lab, whose own collector comes (docs/labs.md). */
  by_partner?: boolean;
  resulted?: number;
  expected?: number;
}

export type LabOrderEvent =
  | ({ type: 'lab_order.assign' } & LabOrderExtras)
  | ({ type: 'lab_order.collect' } & LabOrderExtras)
  | ({ type: 'lab_order.process' } & LabOrderExtras)
  | ({ type: 'lab_order.release_partial' } & LabOrderExtras)
  | ({ type: 'lab_order.release' } & LabOrderExtras)
  | ({ type: 'lab_order.cancel' } & LabOrderExtras);

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : -1);

export const labOrderLifecycle = setup({
  types: {
    events: {} as LabOrderEvent,
  },
  guards: {
    hasCollector: ({ event }) =>
      event.by_partner === true || (typeof event.collector_id === 'number' && Number.isInteger(event.collector_id) && event.collector_id > 0),
    // Partial results are whatever is entered so far, one marker or all of them: releasing them
    // needs only one (a one-marker test resulted in full may still go out as partial first).
    someResulted: ({ event }) => count(event.resulted) > 0,
    allResulted: ({ event }) => count(event.expected) > 0 && count(event.resulted) >= count(event.expected),
  },
}).createMachine({
  id: 'labOrder',
  initial: 'booked',
  states: {
    booked: {
      on: {
        'lab_order.assign': { target: 'collector_assigned', guard: 'hasCollector' },
        'lab_order.cancel': 'cancelled',
      },
    },
    collector_assigned: {
      on: {
        'lab_order.collect': 'collected',
        'lab_order.cancel': 'cancelled',
      },
    },
    collected: {
      on: {
        'lab_order.process': 'processing',
      },
    },
    processing: {
      on: {
        'lab_order.release_partial': { target: 'partial', guard: 'someResulted' },
        'lab_order.release': { target: 'ready', guard: 'allResulted' },
      },
    },
    partial: {
      on: {
        'lab_order.release': { target: 'ready', guard: 'allResulted' },
      },
    },
    ready: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** Whether the chart still lets this order be cancelled or moved (no sample taken yet): the portal and the desk both ask. */
export function orderChangeable(status: LabOrderStatus): boolean {
  return nextSteps(labOrderLifecycle, status).some((step) => step.to === 'cancelled');
}
