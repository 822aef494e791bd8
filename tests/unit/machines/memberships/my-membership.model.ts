// The portal membership card's model: the memberships load or fail; the client stops the renewal
// of one that may stop renewing (active, renewal due), after a confirm step they may leave; the
// server stops it or refuses (409: stopped meanwhile at the desk). One already ending with its
// period offers nothing, and a SUPER_ADMIN reading the portal never stops a renewal.
import { myMembershipMachine } from '../../../../machines/memberships/my-membership-machine.ts';
import type { Membership } from '../../../../src/features/memberships/memberships-api.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const AS_SERVED = {
  period: 'monthly' as const,
  client: 21,
  plan: 2,
  fee_paise: 250_000,
  starts_on: '2026-11-10',
  ends_on: '2026-12-09',
  invoice: 31,
  renewal_invoice: null,
  included: [],
  discounts: [],
};

/** Membership 4 renews; 5 already ends with its period. As the server gives them, so the card's replay draws them. */
export const MEMBERSHIPS: Membership[] = [
  { ...AS_SERVED, id: 4, status: 'active', plan_name: 'Wellness monthly', auto_renew: true, renews_on: '2026-12-10' },
  { ...AS_SERVED, id: 5, status: 'cancelling', plan_name: 'Yoga monthly', auto_renew: false, renews_on: null },
];

const events = [
  { type: 'membership.retry' },
  { type: 'membership.stopRenewal', membership: 4 },
  { type: 'membership.stopRenewal', membership: 5 },
  { type: 'membership.keep' },
  { type: 'membership.confirmStop' },
];
const outcomes = {
  loadMemberships: [{ output: MEMBERSHIPS }, { error: new Error('offline') }],
  stopRenewal: [{ output: { id: 4, status: 'cancelling' } }, { error: Object.assign(new Error('Not allowed now.'), { status: 409 }) }],
};

export const model: MachineModel = {
  machine: myMembershipMachine,
  specs: [
    { name: 'the client', input: { clientId: 21, readOnly: false }, events, outcomes },
    { name: 'a SUPER_ADMIN reading', input: { clientId: 21, readOnly: true }, events, outcomes },
  ],
};
