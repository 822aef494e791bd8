// Access guard (spec §4): a 150 ms spinner, then no role -> /login remembering the origin,
// an allowed role -> the child route, otherwise -> /unauthorized (replacing history, origin
// remembered). Navigation is an action the view provides.
import { assign, setup } from 'xstate';
import { type Role, roleIsAllowed } from './roles.ts';

export const GUARD_DELAY_MS = 150;

export interface GuardInput {
  role: Role | null;
  allowedRoles: readonly Role[];
  /** The path (with query) the visitor asked for, remembered for after sign-in. */
  origin: string;
}

export const guardMachine = setup({
  types: {
    context: {} as GuardInput,
    input: {} as GuardInput,
    events: {} as { type: 'guard.roleChanged'; role: Role | null },
  },
  delays: { guardDelay: GUARD_DELAY_MS },
  guards: {
    hasNoRole: ({ context }) => context.role === null,
    isAllowed: ({ context }) => roleIsAllowed(context.role, context.allowedRoles),
  },
  actions: {
    setRole: assign({ role: ({ event }) => event.role }),
    redirectToLogin: (_, _params: { origin: string }) => {},
    redirectToUnauthorized: (_, _params: { origin: string }) => {},
  },
}).createMachine({
  id: 'guard',
  context: ({ input }) => ({ ...input }),
  initial: 'waiting',
  states: {
    waiting: {
      tags: 'pending',
      after: { guardDelay: 'deciding' },
      on: { 'guard.roleChanged': { actions: 'setRole' } },
    },
    deciding: {
      always: [{ guard: 'hasNoRole', target: 'toLogin' }, { guard: 'isAllowed', target: 'allowed' }, { target: 'toUnauthorized' }],
    },
    allowed: {
      on: { 'guard.roleChanged': { target: 'deciding', actions: 'setRole' } },
    },
    toLogin: {
      type: 'final',
      entry: { type: 'redirectToLogin', params: ({ context }) => ({ origin: context.origin }) },
    },
    toUnauthorized: {
      type: 'final',
      entry: { type: 'redirectToUnauthorized', params: ({ context }) => ({ origin: context.origin }) },
    },
  },
});
