// Model-based test of the profile's passkeys chart (issue 39): every path to every edge replayed on
// a real actor with its calls answered or refused; the run fails unless every state and transition
// was covered.
import { expect } from 'vitest';
import { PASSKEY_TEXTS, PASSWORDLESS_TEXTS } from '../../../../machines/identity/texts.ts';
import { passkeysSelectors } from '../../../../machines/identity/passkeys-selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './passkeys.model.ts';

describeModel('profile passkeys', model, (snapshot, event) => {
  // A call in flight holds every action.
  expect(passkeysSelectors.isPending(snapshot)).toBe(['loading', 'adding', 'removing'].some((s) => snapshot.matches(s)));
  // Only a listed passkey is ever up for removal, and only while it is being confirmed or sent.
  const removing = passkeysSelectors.removing(snapshot);
  if (passkeysSelectors.isConfirming(snapshot)) expect(snapshot.context.passkeys).toContainEqual(removing);
  else expect(removing).toBeNull();
  // After an add or a removal the list is read again, with what happened said.
  if (event.type === 'xstate.done.actor.addPasskey') expect([snapshot.value, snapshot.context.notice]).toEqual(['loading', PASSKEY_TEXTS.added]);
  if (event.type === 'xstate.done.actor.removePasskey') expect([snapshot.value, snapshot.context.notice]).toEqual(['loading', PASSKEY_TEXTS.removed]);
  // A cancelled dialog and a browser without passkeys each say so plainly.
  if (event.type === 'xstate.error.actor.addPasskey') {
    expect([PASSKEY_TEXTS.addCancelled, PASSWORDLESS_TEXTS.passkeyUnsupported]).toContain(snapshot.context.message);
  }
  if (snapshot.matches('loadFailed')) expect(passkeysSelectors.mode(snapshot)).toBe('failed');
});
