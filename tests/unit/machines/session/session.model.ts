// The session machine's model (tests/support/model-paths.ts): rejected tokens (stale or current),
// a disabled account, a new sign-in, and a refresh that succeeds or fails.
import { vi } from 'vitest';
import { sessionMachine } from '../../../../machines/session/session-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const spies = { alertSessionExpired: vi.fn(), endSession: vi.fn(), goToLogin: vi.fn() };

export const model: MachineModel = {
  machine: sessionMachine,
  specs: [
    {
      events: [
        { type: 'session.tokenRejected', token: 'old' },
        { type: 'session.tokenRejected', token: 'new' },
        { type: 'session.accountDisabled' },
        { type: 'session.started' },
      ],
      outcomes: { refreshSession: [{ output: 'new' }, { error: new Error('refresh token revoked') }] },
      actions: spies,
    },
  ],
};
