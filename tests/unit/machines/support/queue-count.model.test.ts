// Every path of the nav item's queue count, replayed on the production machine: the number is the
// server's last answer, a failure leaves it as it was, and only a move to another path asks again
// (checked step by step below the model, where the count calls are counted).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { type QueueCountEvent, queueCountMachine } from '../../../../machines/support/queue-count-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, START } from './queue-count.model.ts';

describeModel('support queue count', model, (snapshot, event) => {
  if (event.type === 'queue.navigated') expect(snapshot.context.place).toBe(event.place);
  if (event.type.startsWith('xstate.done.actor.')) expect(snapshot.context.count).toBe(3);
  // Only a successful count ever sets the number: before one it is 0, after one it stays 3.
  expect([0, 3]).toContain(snapshot.context.count);
  expect([START, '/backoffice']).toContain(snapshot.context.place);
});

describe('support queue count, navigation by navigation', () => {
  function start(answers: Array<number | Error>) {
    let navigate: (place: string) => void = () => {};
    let calls = 0;
    const actor = createActor(
      queueCountMachine.provide({
        actors: {
          countTickets: fromPromise(async () => {
            const answer = answers[calls++];
            if (answer instanceof Error) throw answer;
            return answer;
          }),
          watchNavigation: fromCallback<QueueCountEvent>(({ sendBack }) => {
            navigate = (place) => sendBack({ type: 'queue.navigated', place });
          }),
        },
      }),
      { input: { place: START } },
    );
    actor.start();
    const settled = () => new Promise((r) => setTimeout(r, 0));
    return { actor, navigate: (place: string) => navigate(place), calls: () => calls, settled };
  }

  it('counts at start, again on a move to another page, not for the same page announced again', async () => {
    const q = start([2, 5, 9]);
    await q.settled();
    expect(q.actor.getSnapshot().context.count).toBe(2);
    q.navigate(START);
    await q.settled();
    expect(q.calls()).toBe(1);
    q.navigate('/backoffice');
    await q.settled();
    expect(q.calls()).toBe(2);
    expect(q.actor.getSnapshot().context.count).toBe(5);
    q.navigate('/backoffice');
    await q.settled();
    expect(q.calls()).toBe(2);
  });

  it('keeps the last count when a count fails', async () => {
    const q = start([4, new Error('offline')]);
    await q.settled();
    q.navigate('/users');
    await q.settled();
    expect(q.calls()).toBe(2);
    expect(q.actor.getSnapshot().context.count).toBe(4);
    expect(q.actor.getSnapshot().value).toBe('counted');
  });
});
