// Every path of the impact chart, replayed on the production machine: nothing is saved before the
// preview, and with impacted appointments nothing before the administrator's decision.
import { expect } from 'vitest';
import { impactSelectors } from '../../../../machines/appointments/impact-selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { answered, CHANGE, IMPACTED, model, notifySaved, REFUSAL } from './impact.model.ts';

describeModel('scheduling impact', model, (snapshot, event) => {
  const { context } = snapshot;
  if (event.type === 'change.save') {
    expect(snapshot.value).toBe('checking');
    expect(impactSelectors.isPending(snapshot)).toBe(true);
    expect(context).toMatchObject({ change: CHANGE, impact: null, reason: '', error: null });
  }
  if (snapshot.matches('deciding')) expect(impactSelectors.deciding(snapshot)).toEqual(IMPACTED);
  else expect(impactSelectors.deciding(snapshot)).toBeNull();
  if (event.type === 'impact.cancelAppointments') expect(context.reason).toBe('Dr Rao is away.');
  if (event.type === 'impact.keep') expect(context.reason).toBe('');
  if (event.type.startsWith('xstate.error.actor.')) {
    expect(impactSelectors.error(snapshot)).toBe(REFUSAL.message);
    expect(impactSelectors.fieldErrors(snapshot)).toEqual(REFUSAL.fieldErrors);
  }
  if (event.type.startsWith('xstate.done.actor.') && snapshot.matches('saved')) {
    answered();
    expect(notifySaved.mock.lastCall?.[1]).toEqual({ cancelled: context.reason ? 1 : 0 });
  }
  // Told once per save of this path, only once the change is in (and the appointments handled).
  expect(notifySaved).toHaveBeenCalledTimes(answered.mock.calls.length);
  if (event.type === 'impact.abandon') expect(snapshot.value).toBe('editing');
});
