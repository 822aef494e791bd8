// aws-amplify Hub 'auth' channel events the authenticator reacts to, as machine events (§4 "Authenticated").
import type { AuthEvent } from './types.ts';

export function hubEventToMachineEvent(hubEvent: string): AuthEvent | null {
  switch (hubEvent) {
    case 'tokenRefresh':
      return { type: 'hub.tokenRefresh' };
    case 'tokenRefresh_failure':
      return { type: 'hub.tokenRefreshFailure' };
    case 'signedOut':
      return { type: 'hub.signedOut' };
    case 'signInWithRedirect':
      return { type: 'hub.signInWithRedirect' };
    default:
      return null;
  }
}
