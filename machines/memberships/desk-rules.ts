// What the desk may do with a membership (issue 35; docs/memberships.md "Who may"): RECEPTION and
// ADMIN sell one and cancel an unpaid sale or a renewal, each only where the lifecycle chart
// (membership-lifecycle.ts) allows that step now; SUPER_ADMIN reads; other staff see no memberships.
import { billsClients, readsBilling } from '../billing/billing-roles.ts';
import { type MembershipStatus, renewalCancellable, saleCancellable } from './membership-lifecycle.ts';

/** Who reads a client's memberships on the desk's side: billing's readers (RECEPTION, ADMIN, SUPER_ADMIN). */
export const readsMemberships = (role: string | null | undefined): boolean => !!role && readsBilling(role);

/** Who sells one and cancels an unpaid sale or a renewal: billing's (RECEPTION, ADMIN). */
export const maySell = (role: string | null | undefined): boolean => !!role && billsClients(role);

/** The desk's actions on one membership for this role. */
export function deskActions(status: MembershipStatus, role: string | null | undefined): { cancelSale: boolean; cancelRenewal: boolean } {
  const desk = maySell(role);
  return { cancelSale: desk && saleCancellable(status), cancelRenewal: desk && renewalCancellable(status) };
}
