// The client's "My orders" chart's model: the list loads or fails; a booked order is cancelled or
// moved through the reschedule sub-chart (it ends moved, or not: the client went back, or the slots
// could not be loaded); a collected order offers neither (the guard reads the order chart).
import { myOrdersMachine } from '../../../../machines/labs/my-orders-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const order = (id: number, status: 'booked' | 'collected') => ({
  id,
  status,
  start: '2026-12-01T01:30:00Z',
  pincode: '560034',
  address: 'Home',
  total_inr: 150,
  items: [{ id: 1, name: 'FBS' }],
  people: [{ name: 'Meera Iyer' }],
  collector_name: null,
  collector_phone: null,
});
export const ORDERS = [order(4, 'booked'), order(5, 'collected')];

export const model: MachineModel = {
  machine: myOrdersMachine,
  specs: [
    {
      input: { clientId: '7' },
      events: [
        { type: 'orders.retry' },
        { type: 'orders.cancel', order: 4 },
        { type: 'orders.cancel', order: 5 },
        { type: 'orders.reschedule', order: 4 },
        { type: 'orders.reschedule', order: 5 },
        { type: 'orders.pick', start: '2026-12-02T01:30:00Z' },
        { type: 'orders.back' },
      ],
      outcomes: {
        loadOrders: [{ output: ORDERS }, { error: new Error('offline') }],
        cancelOrder: [{ output: undefined }, { error: new Error('This order can no longer be changed: the sample has been collected.') }],
        reschedule: [{ output: { moved: true, message: null } }, { output: { moved: false, message: null } }, { output: { moved: false, message: 'offline' } }],
      },
    },
  ],
};
