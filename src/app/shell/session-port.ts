// Connects the API client's session middleware to the session machine: a rejected token becomes
// a `session.tokenRejected` event, and the answer is whatever the machine ends up with once no
// refresh is running (so concurrent rejections wait on the same refresh).
import { type Actor, waitFor } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session-machine';
import type { SessionPort } from '../../lib/api-client';

export function createSessionPort(actor: Actor<typeof sessionMachine>, readAccessToken: () => Promise<string | null>): SessionPort {
  return {
    accessToken: readAccessToken,
    async tokenRejected(token) {
      actor.send({ type: 'session.tokenRejected', token });
      const settled = await waitFor(actor, (s) => !s.matches('refreshing'));
      if (!settled.matches('active')) return null;
      return settled.context.accessToken ?? (await readAccessToken());
    },
  };
}
