import { expect, vi } from 'vitest';
import { sessionMachine } from '../../../machines/session/session-machine';
import { describeModel } from './model-suite';

const alertSessionExpired = vi.fn();
const endSession = vi.fn();
const goToLogin = vi.fn();

describeModel(
  'session',
  {
    machine: sessionMachine,
    events: [{ type: 'session.tokenRejected', token: 'old' }, { type: 'session.tokenRejected', token: 'new' }, { type: 'session.started' }],
    outcomes: { refreshSession: [{ output: 'new' }, { error: new Error('refresh token revoked') }] },
    actions: { alertSessionExpired, endSession, goToLogin },
  },
  (snapshot) => {
    if (snapshot.matches('expired')) {
      expect(alertSessionExpired).toHaveBeenCalled();
      expect(endSession).toHaveBeenCalled();
      expect(goToLogin).toHaveBeenCalled();
      expect(snapshot.context.accessToken).toBeNull();
    }
    if (snapshot.matches('refreshing')) expect(snapshot.hasTag('pending')).toBe(true);
  },
);
