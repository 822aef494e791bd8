// Every path of the reschedule sub-chart, replayed on the production machine; and the parents'
// picture of an order as the sub-chart takes it (a desk move holds for the client, a client's own
// move holds for themself).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { toReschedule as deskOrder } from '../../../../machines/labs/lab-desk-machine.ts';
import { toReschedule as clientOrder } from '../../../../machines/labs/my-orders-machine.ts';
import { type RescheduleMove, rescheduleMachine } from '../../../../machines/labs/reschedule-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { ORDER as DESK_ORDER } from './lab-desk.model.ts';
import { ORDERS } from './my-orders.model.ts';
import { model, ORDER, SLOTS } from './reschedule.model.ts';

describeModel('lab order reschedule', model, (snapshot) => {
  if (snapshot.value === 'choosing' || snapshot.value === 'moving') expect(snapshot.context.slots).toEqual(SLOTS);
  if (snapshot.status === 'done') {
    expect(snapshot.output.moved).toBe(snapshot.value === 'moved');
    // Only slots that could not be loaded end it with a reason.
    expect(snapshot.output.message).toBe(snapshot.value === 'unavailable' ? 'offline' : null);
  }
});

describe('the move the sub-chart makes', () => {
  it('holds the picked slot for the order, with its pincode and tests, and ends moved', async () => {
    const moves: RescheduleMove[] = [];
    const actor = createActor(
      rescheduleMachine.provide({
        actors: {
          loadSlots: fromPromise(async () => SLOTS),
          moveOrder: fromPromise(async ({ input }) => {
            moves.push(input);
          }),
        },
      }),
      { input: { order: ORDER } },
    ).start();
    await new Promise<void>((resolve) => actor.subscribe((s) => s.value === 'choosing' && resolve()));
    actor.send({ type: 'reschedule.pick', start: SLOTS[1].start });
    expect(await toPromise(actor)).toEqual({ moved: true, message: null });
    expect(moves).toEqual([{ order: 4, client: 7, pincode: '560001', start: SLOTS[1].start, items: [1] }]);
  });

  it('takes the order as each parent has it', () => {
    expect(deskOrder(DESK_ORDER)).toEqual({ id: 4, client: 7, pincode: '560001', start: DESK_ORDER.start, items: [1] });
    expect(clientOrder(ORDERS[0])).toEqual({ id: 4, pincode: '560034', start: ORDERS[0].start, items: [1] });
  });
});
