// The reschedule sub-chart's model (shared by the lab desk and "My orders"): the slots load or
// fail; a pick of another free slot moves the order (the move succeeds or is refused, and a refused
// move can be picked again), the current or a full slot is no pick; Back leaves it unmoved.
import { rescheduleMachine } from '../../../../machines/labs/reschedule-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const ORDER = { id: 4, client: 7, pincode: '560001', start: '2026-12-01T01:30:00Z', items: [1] };
export const SLOTS = [
  { start: '2026-12-01T01:30:00Z', places_left: 1 },
  { start: '2026-12-02T01:30:00Z', places_left: 2 },
  { start: '2026-12-03T01:30:00Z', places_left: 0 },
];

export const model: MachineModel = {
  machine: rescheduleMachine,
  specs: [
    {
      input: { order: ORDER },
      events: [
        { type: 'reschedule.pick', start: '2026-12-02T01:30:00Z' },
        { type: 'reschedule.pick', start: '2026-12-01T01:30:00Z' },
        { type: 'reschedule.pick', start: '2026-12-03T01:30:00Z' },
        { type: 'reschedule.back' },
      ],
      outcomes: {
        loadSlots: [{ output: SLOTS }, { error: new Error('offline') }],
        moveOrder: [{ output: undefined }, { error: new Error('This slot is full. Please choose another.') }],
      },
    },
  ],
};
