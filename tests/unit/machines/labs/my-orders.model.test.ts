// Every path of the client's "My orders" chart, replayed on the production machine; and which
// orders it lets the client change, read from the order chart itself.
import { describe, expect, it } from 'vitest';
import { orderChangeable } from '../../../../machines/labs/my-orders-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './my-orders.model.ts';

describeModel('my lab orders', model, (snapshot) => {
  if (snapshot.value === 'ready' && snapshot.context.message === null) expect(snapshot.context.orders).toHaveLength(2);
  // Only a booked order is ever being moved: the collected one never passes the guard.
  if (snapshot.value === 'rescheduling') expect(snapshot.context.moving?.id).toBe(4);
  // A move that could not start says why; one the client left says nothing.
  if (snapshot.value === 'ready' && snapshot.context.moving === null && snapshot.context.message !== null)
    expect(['offline', 'This order can no longer be changed: the sample has been collected.']).toContain(snapshot.context.message);
});

describe('changeable orders', () => {
  it('are those the order chart can still cancel (no sample taken)', () => {
    expect(['booked', 'collector_assigned', 'collected', 'processing', 'partial', 'ready', 'cancelled'].map((s) => orderChangeable(s as 'booked'))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
