// A client's package of sessions (issue 35). Sold through billing, it waits for its invoice to be
// paid in full before its credits start; an invoice credited before payment cancels it. An active
// package can be frozen for up to the plan's freeze allowance (its expiry moves by the days
// actually frozen), refunded pro rata through a credit note, and given to another client by an
// ADMIN (it stays active: `package.transfer` changes the holder, not the status). It expires at
// its expiry date, whether active or frozen, and is used up when no credit is left; a booking
// cancelled in time gives a credit back, which makes a used-up package active again. Expired,
// refunded and cancelled are final. The guards read what the step carries: whether the freeze
// asked fits in the allowance left.
import { setup } from 'xstate';

export const PACKAGE_STATUSES = ['awaiting_payment', 'active', 'frozen', 'used_up', 'expired', 'refunded', 'cancelled'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** What a freeze carries: the days asked and the days of the plan's allowance still unused. */
export interface PackageExtras {
  days?: number;
  allowance_left?: number;
}

export type PackageEvent =
  | { type: 'package.pay' }
  | { type: 'package.cancel' }
  | ({ type: 'package.freeze' } & PackageExtras)
  | { type: 'package.unfreeze' }
  | { type: 'package.transfer' }
  | { type: 'package.use_up' }
  | { type: 'package.return_credit' }
  | { type: 'package.expire' }
  | { type: 'package.refund' };

const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : Number.NaN);

export const packageLifecycle = setup({
  types: {
    events: {} as PackageEvent,
  },
  guards: {
    withinAllowance: ({ event }) => {
      const e = event as PackageExtras;
      return whole(e.days) >= 1 && whole(e.days) <= whole(e.allowance_left);
    },
  },
}).createMachine({
  id: 'package',
  initial: 'awaiting_payment',
  states: {
    awaiting_payment: {
      on: {
        'package.pay': 'active',
        'package.cancel': 'cancelled',
      },
    },
    active: {
      on: {
        'package.freeze': { target: 'frozen', guard: 'withinAllowance' },
        'package.transfer': 'active',
        'package.use_up': 'used_up',
        'package.expire': 'expired',
        'package.refund': 'refunded',
      },
    },
    frozen: {
      on: {
        'package.unfreeze': 'active',
        'package.expire': 'expired',
        'package.refund': 'refunded',
      },
    },
    used_up: {
      on: {
        'package.return_credit': 'active',
        'package.expire': 'expired',
      },
    },
    expired: { type: 'final' },
    refunded: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

const verbsOf = (status: PackageStatus): readonly string[] => packageLifecycle.states[status]?.ownEvents ?? [];

/** Whether its credits may be booked or redeemed now (active only: never awaiting payment, frozen or finished). */
export const creditsUsable = (status: PackageStatus): boolean => verbsOf(status).includes('package.use_up');
export const freezable = (status: PackageStatus): boolean => verbsOf(status).includes('package.freeze');
export const unfreezable = (status: PackageStatus): boolean => verbsOf(status).includes('package.unfreeze');
export const transferable = (status: PackageStatus): boolean => verbsOf(status).includes('package.transfer');
export const refundable = (status: PackageStatus): boolean => verbsOf(status).includes('package.refund');
/** Whether it is over for good (expired, refunded, cancelled). */
export const finished = (status: PackageStatus): boolean => verbsOf(status).length === 0;

/**
 * The status a stored package shows on `today` (clinic-local dates): the stored one, except that a
 * freeze whose last day has passed is over (active again), an active or frozen package past its
 * expiry has expired, and an active one with no credit left is used up (a used-up one with a
 * credit given back is active). Read time decides these, so no job is needed; the stored status
 * catches up when the package is next written.
 */
export function packageStatusOn(
  p: { status: PackageStatus; expires_on: string | null; sessions_left: number; frozen_until: string | null },
  today: string,
): PackageStatus {
  let status = p.status;
  if (status === 'frozen' && p.frozen_until !== null && p.frozen_until < today) status = 'active';
  if ((status === 'active' || status === 'frozen' || status === 'used_up') && p.expires_on !== null && p.expires_on < today) return 'expired';
  if (status === 'active' && p.sessions_left <= 0) return 'used_up';
  if (status === 'used_up' && p.sessions_left > 0) return 'active';
  return status;
}
