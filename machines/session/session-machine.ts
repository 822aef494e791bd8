// Session (spec §4, §8): an API answer saying the access token expired or is invalid triggers
// one refresh; every request rejected meanwhile waits for that same refresh. If the refresh
// fails the user is told and sent to /login. An answer saying the account is disabled ends the
// session at once, without a refresh (refreshing a disabled account cannot help). The transport
// (src/lib/api-client.ts) only sends events here; alerting, signing out and navigating are
// actions the view provides.
import { assign, fromPromise, setup } from 'xstate';

export type SessionEvent = { type: 'session.tokenRejected'; token: string | null } | { type: 'session.accountDisabled' } | { type: 'session.started' };

export const sessionMachine = setup({
  types: {
    context: {} as { accessToken: string | null },
    events: {} as SessionEvent,
  },
  actors: {
    // Provided by the view: fetchAuthSession({ forceRefresh: true }), resolving to the new access token.
    refreshSession: fromPromise<string>(async () => {
      throw new Error('refreshSession not provided');
    }),
  },
  guards: {
    // The rejected request used an older token than the one the last refresh produced: retry with that.
    isStaleToken: ({ context, event }) => event.type === 'session.tokenRejected' && context.accessToken !== null && event.token !== context.accessToken,
  },
  actions: {
    storeToken: assign({ accessToken: (_, params: { token: string }) => params.token }),
    forgetToken: assign({ accessToken: null }),
    alertSessionExpired: () => {},
    endSession: () => {},
    goToLogin: () => {},
  },
}).createMachine({
  id: 'session',
  context: { accessToken: null },
  initial: 'active',
  states: {
    active: {
      on: {
        'session.tokenRejected': [{ guard: 'isStaleToken' }, { target: 'refreshing' }],
        'session.accountDisabled': 'disabled',
      },
    },
    refreshing: {
      tags: 'pending',
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: { target: 'active', actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output }) } },
        onError: 'expired',
      },
      // Further rejections while refreshing share this refresh (no transition).
      on: { 'session.accountDisabled': 'disabled' },
    },
    expired: {
      tags: 'ended',
      entry: ['forgetToken', 'alertSessionExpired', 'endSession', 'goToLogin'],
      on: { 'session.started': 'active' },
    },
    disabled: {
      tags: 'ended',
      entry: ['forgetToken', 'endSession', 'goToLogin'],
      on: { 'session.started': 'active' },
    },
  },
});
