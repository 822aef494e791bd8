// Every path of the cognitive page machine, replayed on the production machine: the battery is
// taken only on a run the server gave (started or the open one), read-only never takes one, and
// a finished battery loads the results again.
import { expect } from 'vitest';
import { describeModel } from '../../../support/model-paths.ts';
import { model, OPEN, RUN } from './cognitive-page.model.ts';

describeModel('cognitive page', model, (snapshot, event) => {
  if (snapshot.context.readOnly) expect(['loading', 'loadFailed', 'reading'].some((s) => snapshot.matches(s))).toBe(true);
  if (snapshot.matches('taking')) expect([RUN.id, OPEN.runs[0].id]).toContain(snapshot.context.run?.id);
  if (event.type === 'page.resume' && snapshot.matches('taking')) expect(snapshot.context.run?.status).toBe('paused');
  if (event.type === 'xstate.done.actor.battery') expect(snapshot.matches('loading')).toBe(true);
  if (snapshot.matches('ready') && event.type.startsWith('xstate.error.actor')) expect(snapshot.context.failure?.message).toBe('offline');
});
