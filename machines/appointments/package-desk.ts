// What the desk may do with a package on the client record (issue 35), pure: which steps its status
// allows (the lifecycle chart's own events and guard, machines/appointments/package-lifecycle.ts)
// for the role at the desk, how much of the freeze allowance is left and whether a freeze until a
// day fits in it, what a pro-rata refund comes to, and which of a family's packages this client
// may use. Dates are clinic-local 'YYYY-MM-DD'.
import { billsClients } from '../billing/billing-roles.ts';
import { ADMIN_ROLES, type Role } from '../guard/roles.ts';
import { isBookingRole } from './delivery-roles.ts';
import { freezable, type PackageStatus, packageLifecycle, refundable, transferable, unfreezable, creditsUsable } from './package-lifecycle.ts';
import { freezeDays, proRataTaxablePaise } from './package-rules.ts';

interface DeskPackage {
  status: PackageStatus;
  freeze_allowance_days: number;
  frozen_days_used: number;
  /** The invoice it was sold on; none for sessions given by hand or a free plan, so nothing to refund. */
  invoice: object | null;
}

/** The days of the plan's freeze allowance not used yet. */
export const allowanceLeft = (p: Pick<DeskPackage, 'freeze_allowance_days' | 'frozen_days_used'>): number =>
  Math.max(0, p.freeze_allowance_days - p.frozen_days_used);

/**
 * The steps offered on a package: those its status allows, to a role the server lets take them
 * (the booking roles freeze and unfreeze, ADMIN and SUPER_ADMIN transfer, the billing roles refund
 * one sold on an invoice).
 */
export function packageSteps(p: DeskPackage, role: Role | null) {
  const books = role !== null && isBookingRole(role);
  return {
    freeze: freezable(p.status) && allowanceLeft(p) > 0 && books,
    unfreeze: unfreezable(p.status) && books,
    transfer: transferable(p.status) && role !== null && ADMIN_ROLES.includes(role),
    refund: refundable(p.status) && p.invoice !== null && role !== null && billsClients(role),
  };
}

/** Who may put a client in a family or take them out (the booking roles). */
export const keepsFamilies = (role: Role | null): boolean => role !== null && isBookingRole(role);

/**
 * A freeze from `today` through `until` (its last day): the days it takes, and whether the chart
 * takes it (an active package, at least a day, no more than the allowance left).
 */
export function freezeUntil(today: string, until: string, left: number): { days: number; fits: boolean } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || until < today) return { days: 0, fits: false };
  const days = freezeDays(today, { until });
  const fits = packageLifecycle.resolveState({ value: 'active', context: {} }).can({ type: 'package.freeze', days, allowance_left: left });
  return { days, fits };
}

/**
 * What a refund of the unused credits comes to, with tax, in paise: the invoice's total × credits
 * left ÷ credits sold (the server splits the taxable value and the tax the same way, so it may
 * differ by a paisa of rounding; the credit note says the exact amount).
 */
export const refundEstimatePaise = (p: { sessions_left: number; sessions_total: number; invoice: { total_paise: number } | null }): number =>
  p.invoice ? proRataTaxablePaise(p.invoice.total_paise, p.sessions_left, p.sessions_total) : 0;

/** A family member's package this client may draw a session from: shared within the family and usable now. */
export interface SharedPackage<P> {
  holder: string;
  pkg: P;
}

export function sharedWith<P extends { status: PackageStatus; shareable_in_family: boolean; sessions_left: number }>(
  client: number,
  members: Array<{ id: number; name: string; packages: P[] }>,
): SharedPackage<P>[] {
  return members
    .filter((m) => m.id !== client)
    .flatMap((m) => m.packages.filter((p) => p.shareable_in_family && creditsUsable(p.status) && p.sessions_left > 0).map((pkg) => ({ holder: m.name, pkg })));
}
