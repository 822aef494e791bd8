// What the passkeys card reads from the chart: what to show, never a state name.
import type { SnapshotFrom } from 'xstate';
import type { passkeysMachine } from './passkeys-machine.ts';

type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;

export const passkeysSelectors = {
  /** 'empty': read, and the user has none (adding one is offered all the same). */
  mode: (s: PasskeysSnapshot): 'loading' | 'failed' | 'empty' | 'list' =>
    s.matches('loadFailed') ? 'failed' : s.matches('loading') && s.context.passkeys.length === 0 ? 'loading' : s.context.passkeys.length ? 'list' : 'empty',
  passkeys: (s: PasskeysSnapshot) => s.context.passkeys,
  /** The passkey whose removal is being confirmed or sent. */
  removing: (s: PasskeysSnapshot) => (s.matches('confirmingRemoval') || s.matches('removing') ? s.context.selected : null),
  isConfirming: (s: PasskeysSnapshot) => s.matches('confirmingRemoval') || s.matches('removing'),
  isAdding: (s: PasskeysSnapshot) => s.matches('adding'),
  message: (s: PasskeysSnapshot) => s.context.message,
  notice: (s: PasskeysSnapshot) => s.context.notice,
  isPending: (s: PasskeysSnapshot) => s.hasTag('pending'),
};
