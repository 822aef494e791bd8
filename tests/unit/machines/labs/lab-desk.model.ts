// The lab desk chart's model: the queue loads or fails; an act succeeds (the queue is read again)
// or is refused (the reason shown), be it an order's step; a catalogue edit saved in its own dialog
// reads the desk again or a pincode for the catalogue; a booked
// order is moved through the reschedule sub-chart (it ends moved, or not: staff went back, or the
// slots could not be loaded), an order not in the queue is not. The sub-chart's own paths are in
// reschedule.model.ts.
import { labDeskMachine } from '../../../../machines/labs/lab-desk-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const ORDER = {
  id: 4,
  client: 7,
  client_name: 'Meera Iyer',
  status: 'booked' as const,
  start: '2026-12-01T01:30:00Z',
  address: 'Home',
  pincode: '560001',
  items: [{ id: 1, name: 'FBS' }],
  people: [{ id: 9, self: true, name: 'Meera Iyer', age: 41, sex: 'F' as const }],
  collector_name: null,
};

export const model: MachineModel = {
  machine: labDeskMachine,
  specs: [
    {
      input: { client: null },
      events: [
        { type: 'desk.retry' },
        { type: 'desk.reload' },
        { type: 'desk.act', act: { kind: 'move', order: 4, to: 'collector_assigned', collector: 2 } },
        { type: 'desk.act', act: { kind: 'result', order: 4, person: 9, marker: 3, value: 13.5 } },
        { type: 'desk.act', act: { kind: 'pincode', pincode: { pincode: '560035', area: 'HSR Layout', slot_capacity: 2 } } },
        { type: 'desk.reschedule', order: 4 },
        { type: 'desk.reschedule', order: 99 },
        { type: 'desk.pick', start: '2026-12-02T01:30:00Z' },
        { type: 'desk.back' },
      ],
      outcomes: {
        loadDesk: [
          {
            output: {
              orders: [ORDER],
              catalogue: [],
              collectors: [{ id: 2, name: 'Kavya Nair' }],
              pincodes: [{ pincode: '560034', area: 'Koramangala', slot_capacity: 3 }],
            },
          },
          { error: new Error('offline') },
        ],
        act: [{ output: undefined }, { error: new Error('This lab order cannot go from booked to collected.') }],
        reschedule: [{ output: { moved: true, message: null } }, { output: { moved: false, message: null } }, { output: { moved: false, message: 'offline' } }],
      },
    },
  ],
};
