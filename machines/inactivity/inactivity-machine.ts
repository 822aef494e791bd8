// Automatic logoff (HIPAA 164.312(a)(2)(iii)): sign out after a period without input, with a
// warning one minute before that any input dismisses. Both durations come from input so a
// clinic (and the tests) can configure them.
import { setup } from 'xstate';

export const INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;
export const INACTIVITY_WARNING_MS = 60 * 1000;

export interface InactivityInput {
  timeoutMs: number;
  warningMs: number;
}

export const inactivityMachine = setup({
  types: {
    context: {} as InactivityInput,
    input: {} as InactivityInput,
    events: {} as { type: 'user.activity' },
  },
  delays: {
    untilWarning: ({ context }) => Math.max(0, context.timeoutMs - context.warningMs),
    warningPeriod: ({ context }) => Math.min(context.warningMs, context.timeoutMs),
  },
  actions: {
    signOut: () => {},
  },
}).createMachine({
  id: 'inactivity',
  context: ({ input }) => ({ ...input }),
  initial: 'active',
  states: {
    active: {
      after: { untilWarning: 'warning' },
      // Re-entering restarts the countdown.
      on: { 'user.activity': { target: 'active', reenter: true } },
    },
    warning: {
      after: { warningPeriod: 'signedOut' },
      on: { 'user.activity': 'active' },
    },
    signedOut: {
      type: 'final',
      entry: 'signOut',
    },
  },
});
