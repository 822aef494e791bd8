// Every path of the lab desk chart, replayed on the production machine; and the moves it offers,
// read from the order chart itself.
import { describe, expect, it } from 'vitest';
import { deskCanCancel, deskMoves } from '../../../../machines/labs/lab-desk-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './lab-desk.model.ts';

describeModel('lab desk', model, (snapshot, event) => {
  if (snapshot.value === 'ready' && snapshot.context.message === null) expect(snapshot.context.orders).toHaveLength(1);
  // A refused act says why and nothing was done; one the server took is kept to be confirmed (issue 32: "saving a result says it saved").
  if (snapshot.context.message !== null) expect(snapshot.context.done).toBeNull();
  if (snapshot.value === 'acting') expect(snapshot.context.pending).toEqual((event as { act?: unknown }).act);
  if (snapshot.value === 'rescheduling') expect(snapshot.context.moving?.id).toBe(4);
});

describe('a saved result', () => {
  it('is kept as done until the next act, through the reload of the queue', async () => {
    const { createActor, fromPromise, waitFor } = await import('xstate');
    const { labDeskMachine } = await import('../../../../machines/labs/lab-desk-machine.ts');
    const { ORDER } = await import('./lab-desk.model.ts');
    type Desk = import('../../../../machines/labs/lab-desk-machine.ts').DeskData;
    const actor = createActor(
      labDeskMachine.provide({
        actors: {
          loadDesk: fromPromise(async (): Promise<Desk> => ({ orders: [ORDER], catalogue: [], collectors: [], pincodes: [] })),
          act: fromPromise(async (): Promise<void> => {}),
        },
      }),
      { input: { client: null } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const act = { kind: 'result' as const, order: 4, person: 9, marker: 3, value: 13.5 };
    actor.send({ type: 'desk.act', act });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.done).toEqual(act);
    actor.send({ type: 'desk.reschedule', order: 4 });
    expect(actor.getSnapshot().context.done).toBeNull();
  });
});

describe('desk moves', () => {
  it("are the chart's next steps for staff", () => {
    expect(deskMoves('booked')).toEqual(['collector_assigned']);
    expect(deskMoves('collector_assigned')).toEqual(['collected']);
    expect(deskMoves('processing')).toEqual(['partial', 'ready']);
    expect(deskMoves('partial')).toEqual(['ready']);
    expect(deskMoves('ready')).toEqual([]);
  });
});

describe('desk cancel', () => {
  it('is offered only while the order chart allows cancelling (no sample taken yet)', () => {
    expect(['booked', 'collector_assigned'].map((s) => deskCanCancel(s as 'booked'))).toEqual([true, true]);
    expect(['collected', 'processing', 'partial', 'ready', 'cancelled'].map((s) => deskCanCancel(s as 'booked'))).toEqual([false, false, false, false, false]);
  });
});
