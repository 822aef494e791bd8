// Every path of the battery machine, replayed on the production machine: answers keep their
// times (answered minus shown), a finished task is saved before the next one starts, the timed
// task ends when its limit runs out, a paused task starts again from its instructions, and the
// scores the server gives are what a finished run shows.
import { expect } from 'vitest';
import { describeModel } from '../../../support/model-paths.ts';
import { ANSWERED_AT, model, SCORES, SHOWN_AT } from './battery.model.ts';

describeModel('cognitive battery', model, (snapshot, event) => {
  const { context } = snapshot;
  for (const r of [...context.current, ...context.practice, ...context.records.flatMap((t: any) => t.responses)]) {
    expect([ANSWERED_AT - SHOWN_AT, 0]).toContain(r.rt_ms);
  }
  // Records are whole tasks, in battery order.
  expect(context.records.map((r: any) => r.task)).toEqual(context.battery.tasks.slice(0, context.records.length).map((t: any) => t.kind));
  if (snapshot.matches({ task: 'instructions' })) expect(context.current).toEqual([]);
  if (snapshot.matches({ task: 'saving' })) {
    expect(snapshot.hasTag('pending')).toBe(true);
    expect(context.records.length).toBe(context.taskIndex + 1);
  }
  if (event.type.startsWith('xstate.after.taskTimeLimit')) expect(context.records.at(-1)?.timed_out).toBe(true);
  if (snapshot.matches('paused')) expect(context.current).toEqual([]);
  if (snapshot.matches('finished')) expect(context.scores).toEqual(SCORES);
  if (event.type.startsWith('xstate.error.actor')) expect(context.failure?.message).toBe('offline');
});
