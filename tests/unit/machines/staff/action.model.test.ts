// Every path of the staff action machine, replayed on the production machine. The notifyDone spy
// is cleared before each path, so "told once" is about that path alone.
import { expect } from 'vitest';
import { actionSelectors } from '../../../../machines/staff/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { answered, CREATED, model, notifyDone, REFUSAL, SUBJECT } from './action.model.ts';

describeModel('staff action', model, (snapshot, event) => {
  const { context } = snapshot;
  if (event.type === 'action.open') {
    expect(snapshot.value).toBe('open');
    // A dialog opens clean, whatever the last one left.
    expect(context).toEqual({ subject: SUBJECT, values: { role: 'NURSE' }, error: null, fieldErrors: {} });
  }
  if (event.type === 'action.submit') {
    expect(snapshot.hasTag('pending')).toBe(true);
    // Values sent with the submit replace the dialog's; a bare submit keeps them.
    if (event.values) expect(context.values).toEqual(event.values);
  }
  if (event.type.startsWith('xstate.done.actor.')) {
    answered();
    expect(snapshot.value).toBe('closed');
    expect(notifyDone.mock.lastCall?.[1]).toEqual({ subject: SUBJECT, output: CREATED });
  }
  // Told once per success of this path, never on a refusal or a cancel.
  expect(notifyDone).toHaveBeenCalledTimes(answered.mock.calls.length);
  if (event.type.startsWith('xstate.error.actor.')) {
    expect(snapshot.value).toBe('open');
    expect(context).toMatchObject({ subject: SUBJECT, error: REFUSAL.message, fieldErrors: REFUSAL.fieldErrors });
    expect(actionSelectors.error(snapshot)).toBe(REFUSAL.message);
    expect(actionSelectors.fieldErrors(snapshot)).toEqual(REFUSAL.fieldErrors);
  }
  // A closed dialog shows no refusal, whatever an earlier attempt left behind.
  if (snapshot.matches('closed')) expect([actionSelectors.error(snapshot), actionSelectors.fieldErrors(snapshot)]).toEqual([null, {}]);
});
