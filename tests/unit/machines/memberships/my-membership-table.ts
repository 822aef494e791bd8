// The portal membership card's transition table, written by hand from issue 35 ("memberships ...
// renewal"; docs/memberships.md: renewal can be cancelled by the client or the desk, the membership
// runs to the end of its period) and the pkg35 brief (the client stops the renewal of their own
// membership from the portal, with a confirm): the card loads (or fails and is tried again); only
// the client, only a membership active or with its renewal due, goes to the confirm step; keeping it
// goes back; confirming stops it, and the card reads the memberships afresh saying it is done, or
// that it was refused.
import { myMembershipMachine } from '../../../../machines/memberships/my-membership-machine.ts';
import type { TransitionTable } from '../../../support/transition-table.ts';
import { MEMBERSHIPS } from './my-membership.model.ts';

const CLIENT = { clientId: 21, readOnly: false, memberships: MEMBERSHIPS, stopping: 4, message: null };

const steps = (stops: boolean) => ({
  loading: { 'xstate.done.actor.loadMemberships': 'shown / show', 'xstate.error.actor.loadMemberships': 'failed' },
  failed: { 'membership.retry': 'loading' },
  shown: (stops ? { 'membership.stopRenewal': 'confirming / choose' } : {}) as Record<string, string>,
  confirming: { 'membership.keep': 'shown / forget', 'membership.confirmStop': 'stopping' },
  stopping: { 'xstate.done.actor.stopRenewal': 'loading / stopped', 'xstate.error.actor.stopRenewal': 'loading / stopFailed' },
});

export const myMembershipTable: TransitionTable = {
  chart: myMembershipMachine,
  source: 'issue 35 (memberships: renewal stopped by the client or the desk) and the pkg35 brief (the portal card stops renewal)',
  statuses: ['loading', 'failed', 'shown', 'confirming', 'stopping'],
  verbs: [
    'membership.retry',
    'membership.stopRenewal',
    'membership.keep',
    'membership.confirmStop',
    'xstate.done.actor.loadMemberships',
    'xstate.error.actor.loadMemberships',
    'xstate.done.actor.stopRenewal',
    'xstate.error.actor.stopRenewal',
  ],
  cases: [
    { name: 'the client, an active membership', context: CLIENT, extras: { membership: 4, output: MEMBERSHIPS }, start: 'loading', steps: steps(true) },
    {
      name: 'the client, a renewal due',
      context: { ...CLIENT, memberships: [{ id: 4, status: 'renewal_due' }] },
      extras: { membership: 4, output: MEMBERSHIPS },
      steps: steps(true),
    },
    { name: 'a membership already ending with its period', context: CLIENT, extras: { membership: 5, output: MEMBERSHIPS }, steps: steps(false) },
    {
      name: 'a membership awaiting its first payment (cancelled at the desk, not stopped)',
      context: { ...CLIENT, memberships: [{ id: 4, status: 'awaiting_payment' }] },
      extras: { membership: 4, output: MEMBERSHIPS },
      steps: steps(false),
    },
    { name: 'a membership not on the card', context: CLIENT, extras: { membership: 99, output: MEMBERSHIPS }, steps: steps(false) },
    { name: 'a SUPER_ADMIN reading the portal', context: { ...CLIENT, readOnly: true }, extras: { membership: 4, output: MEMBERSHIPS }, steps: steps(false) },
  ],
};
