// The booking chart's model: a client with a ready profile, one test, one slot; every actor
// succeeding and failing, the pincode served or not, the hold running out (also while the order
// is being placed).
import type { AnyEventObject } from 'xstate';
import { bookTestMachine, type BookingStart } from '../../../../machines/labs/book-test-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const START: BookingStart = {
  catalogue: [
    {
      id: 1,
      code: 'FBS',
      name: 'Fasting blood sugar',
      kind: 'test',
      description: '',
      price_inr: 150,
      fasting_hours: 10,
      sample_type: 'Blood',
      report_hours: 12,
      markers: [],
    },
  ],
  address: '12 MG Road, Bengaluru',
  pincode: '560001',
  selfReady: true,
};
export const SLOT = '2030-01-02T01:30:00.000Z';
export const HOLD = { id: 9, start: SLOT, expires_at: '2030-01-01T00:15:00.000Z', ttl_ms: 900_000 };

const events: AnyEventObject[] = [
  { type: 'book.retry' },
  { type: 'book.pincode', value: '560001' },
  { type: 'book.pincode', value: '56' },
  { type: 'book.checkPincode' },
  { type: 'book.toggle', id: 1 },
  { type: 'book.toSlots' },
  { type: 'book.pick', start: SLOT },
  { type: 'book.address', value: '' },
  { type: 'book.addPerson' },
  { type: 'book.person', index: 1, field: 'name', value: 'Ravi Iyer' },
  { type: 'book.removePerson', index: 1 },
  { type: 'book.review' },
  { type: 'book.confirm' },
  { type: 'book.back' },
  { type: 'book.again' },
];

export const model: MachineModel = {
  machine: bookTestMachine,
  specs: [
    {
      input: { clientId: '7' },
      events,
      outcomes: {
        loadStart: [{ output: START }, { error: new Error('load failed') }],
        checkPincode: [{ output: true }, { output: false }, { error: new Error('offline') }],
        loadSlots: [{ output: [{ start: SLOT, places_left: 2 }] }, { error: new Error('offline') }],
        holdSlot: [{ output: HOLD }, { error: new Error('This slot is full. Please choose another.') }],
        placeOrder: [
          { output: { id: 3, start: SLOT, total_inr: 150 } },
          { error: new Error('The slot hold has expired or was used. Please choose the slot again.') },
        ],
      },
      // Context beyond the step (what was typed, the message) does not make a new vertex.
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.chosen.length,
          s.context.pincode.length,
          s.context.address.length > 0,
          s.context.people.length,
          s.context.people.map((p: { name: string }) => p.name).join('|'),
          s.context.hold?.id ?? null,
          s.context.holdRanOut,
          s.context.order?.id ?? null,
        ]),
      // At most one family member beside the client keeps the graph finite.
      filterEvents: (s, e) => e.type !== 'book.addPerson' || s.context.people.length < 2,
      limit: 5_000,
    },
  ],
};
