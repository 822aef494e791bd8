import { expect, vi } from 'vitest';
import { inactivityMachine } from '../../../machines/inactivity/inactivity-machine';
import { describeModel } from './model-suite';

const signOut = vi.fn();

describeModel(
  'inactivity',
  {
    machine: inactivityMachine,
    input: { timeoutMs: 15 * 60_000, warningMs: 60_000 },
    events: [{ type: 'user.activity' }],
    actions: { signOut },
  },
  (snapshot) => {
    if (snapshot.matches('signedOut')) expect(signOut).toHaveBeenCalled();
  },
);
