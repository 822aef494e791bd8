// Every generated path of the session machine; the spies are cleared per path, so each check
// sees only what that path did.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { describeModel } from '../../../support/model-paths.ts';
import { model, spies } from './session.model.ts';

const order = (spy: { mock: { invocationCallOrder: number[] } }, fromEnd = 1) => spy.mock.invocationCallOrder.at(-fromEnd);

function check(snapshot: any, event: AnyEventObject) {
  // Every ended session signed out and went to /login exactly once.
  expect(spies.goToLogin).toHaveBeenCalledTimes(spies.endSession.mock.calls.length);
  if (snapshot.matches('expired') || snapshot.matches('disabled')) {
    expect(spies.endSession).toHaveBeenCalled();
    expect(snapshot.context.accessToken).toBeNull();
    expect(snapshot.hasTag('ended')).toBe(true);
  }
  // A failed refresh alerts just before it ends the session.
  if (event.type.startsWith('xstate.error.actor')) {
    expect(snapshot.value).toBe('expired');
    expect(order(spies.alertSessionExpired)).toBeGreaterThan(order(spies.endSession, 2) ?? 0);
    expect(order(spies.alertSessionExpired)).toBeLessThan(order(spies.endSession)!);
  }
  // A disabled account ends the session without a refresh and without the expiry alert.
  if (event.type === 'session.accountDisabled' && snapshot.matches('disabled')) {
    expect(order(spies.alertSessionExpired) ?? 0).toBeLessThan(order(spies.endSession, 2) ?? 1);
  }
  if (snapshot.matches('refreshing')) expect(snapshot.hasTag('pending')).toBe(true);
  // Only a session that ended ever alerted.
  expect(spies.alertSessionExpired.mock.calls.length).toBeLessThanOrEqual(spies.endSession.mock.calls.length);
}

describeModel('session', model, check);
