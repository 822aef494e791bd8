// Every path of the portal membership card's chart replayed on the production machine: a renewal is
// stopped only by the client, only of a membership that may still stop renewing, only after the
// confirm step; what the card says afterwards matches what the server answered.
import { expect } from 'vitest';
import { mayStopRenewal } from '../../../../machines/memberships/my-membership-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './my-membership.model.ts';

describeModel('my membership card', model, (snapshot, event) => {
  const c = snapshot.context;
  if (snapshot.value === 'confirming' || snapshot.value === 'stopping') {
    expect(c.readOnly).toBe(false);
    expect(c.stopping).toBe(4);
    expect(mayStopRenewal(c, c.stopping)).toBe(true);
  } else expect(c.stopping).toBeNull();
  // Only the confirm step leads to the server.
  if (snapshot.value === 'stopping') expect(event.type).toBe('membership.confirmStop');
  if (c.readOnly) expect(c.message).toBeNull();
  if (c.message === 'renewalStopped' && event.type.startsWith('xstate.done.actor.stopRenewal')) expect(snapshot.value).toBe('loading');
});
