// Every path of the staff record machine, replayed on the production machine: a loaded record is
// kept while it reloads (a reload during a fetch fetches again), a failure keeps its message and status (404 told apart from the rest).
import { expect } from 'vitest';
import { recordSelectors } from '../../../../machines/staff/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { CLIENT, MISSING, model, NO_ANSWER } from './record.model.ts';

describeModel('staff record', model, (snapshot, event) => {
  if (event.type.startsWith('xstate.done.actor.')) {
    expect(recordSelectors.data(snapshot)).toEqual(CLIENT);
    expect(recordSelectors.error(snapshot)).toBeNull();
  }
  // A reload queued during the fetch starts another one, whatever the first answered.
  if (event.type.startsWith('xstate.error.actor.') && !recordSelectors.isLoading(snapshot)) {
    expect(recordSelectors.isFailed(snapshot)).toBe(true);
    const missing = (event as { type: string; error?: unknown }).error === MISSING;
    expect(recordSelectors.isMissing(snapshot)).toBe(missing);
    expect(recordSelectors.error(snapshot)).toBe(missing ? MISSING.message : NO_ANSWER.message);
  }
  if (event.type === 'record.reload' || event.type === 'record.retry') {
    expect(recordSelectors.isLoading(snapshot)).toBe(true);
  }
});
