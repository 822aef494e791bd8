// What the desk may do with a membership (issue 35; docs/memberships.md "Who may"): RECEPTION and
// ADMIN sell one and cancel an unpaid sale or a renewal, each only where the lifecycle chart
// (membership-lifecycle.ts) allows that step now; SUPER_ADMIN and other staff read.
import { type MembershipStatus, renewalCancellable, saleCancellable } from './membership-lifecycle.ts';

export const MEMBERSHIP_SELLERS: readonly string[] = ['RECEPTION', 'ADMIN'];

export const maySell = (role: string | null | undefined): boolean => !!role && MEMBERSHIP_SELLERS.includes(role);

/** The desk's actions on one membership for this role. */
export function deskActions(status: MembershipStatus, role: string | null | undefined): { cancelSale: boolean; cancelRenewal: boolean } {
  const desk = maySell(role);
  return { cancelSale: desk && saleCancellable(status), cancelRenewal: desk && renewalCancellable(status) };
}
