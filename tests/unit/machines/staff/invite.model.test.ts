// Every path of the invite chart, replayed on the production machine: a staff member of a role
// that delivers services is asked for working hours right after the invitation (the clinic's
// opening hours to start from); only whole rows are saved; "later" leaves them without hours, said
// so; a role that delivers nothing is never asked.
import { expect } from 'vitest';
import { inviteSelectors } from '../../../../machines/staff/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { DESK, model, notifyHoursSaved, notifyInvited, notifyNoHours, NURSE, OPENING, REFUSAL } from './invite.model.ts';

describeModel('invite', model, (snapshot, event) => {
  const { context } = snapshot;
  if (event.type === 'invite.open')
    expect(context).toMatchObject({ user: null, weekly: [], error: null, deliveringRoles: ['NURSE', 'DOCTOR'], openingHours: OPENING });
  if (event.type.startsWith('xstate.done.actor') && snapshot.matches('askingHours')) {
    // Invited and told; now the hours, starting from the clinic's.
    expect(context.user).toEqual(NURSE);
    expect(context.weekly).toEqual(OPENING);
    expect(notifyInvited).toHaveBeenCalledWith(expect.anything(), { user: NURSE });
    expect(inviteSelectors.isAskingHours(snapshot)).toBe(true);
  }
  // A receptionist delivers no service: invited, and nothing more is asked.
  if (context.user?.id === DESK.id) expect(snapshot.matches('askingHours') || snapshot.matches('savingHours')).toBe(false);
  if (snapshot.matches('savingHours')) {
    expect(context.weekly.length).toBeGreaterThan(0);
    expect(context.weekly.every((w: { from: string; to: string }) => w.from < w.to)).toBe(true);
  }
  if (event.type === 'invite.later') expect(notifyNoHours).toHaveBeenCalledWith(expect.anything(), { user: NURSE });
  if (event.type.startsWith('xstate.done.actor') && snapshot.matches('closed') && context.user?.id === NURSE.id)
    expect(notifyHoursSaved).toHaveBeenCalledTimes(1);
  if (event.type.startsWith('xstate.error.actor') && snapshot.matches('editing')) {
    expect(inviteSelectors.error(snapshot)).toBe(REFUSAL.message);
    expect(inviteSelectors.fieldErrors(snapshot)).toEqual(REFUSAL.fieldErrors);
    expect(notifyInvited).not.toHaveBeenCalled();
  }
  expect(inviteSelectors.isPending(snapshot)).toBe(snapshot.matches('creating') || snapshot.matches('savingHours'));
  expect(inviteSelectors.canSaveHours(snapshot)).toBe(snapshot.can({ type: 'invite.saveHours' }));
});
