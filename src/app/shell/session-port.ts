// Connects the API client's session middleware to the session machine: a rejected token becomes
// a `session.tokenRejected` event, and the answer is whatever the machine ends up with once no
// refresh is running (so concurrent rejections wait on the same refresh). A disabled account is
// one event: the machine ends the session.
import { type ActorRefFrom, waitFor } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session-machine.ts';
import { isSessionActive, isSessionSettled } from '../../../machines/app/shell-selectors.ts';
import type { SessionPort } from '../../lib/api-client.ts';

/** `session` gives the running session actor (the app machine's child), or undefined when there is none. */
export function createSessionPort(session: () => ActorRefFrom<typeof sessionMachine> | undefined, readAccessToken: () => Promise<string | null>): SessionPort {
  return {
    accessToken: readAccessToken,
    async tokenRejected(token) {
      const actor = session();
      if (!actor) return null;
      actor.send({ type: 'session.tokenRejected', token });
      const settled = await waitFor(actor, isSessionSettled);
      if (!isSessionActive(settled)) return null;
      return settled.context.accessToken ?? (await readAccessToken());
    },
    accountDisabled() {
      session()?.send({ type: 'session.accountDisabled' });
    },
  };
}
