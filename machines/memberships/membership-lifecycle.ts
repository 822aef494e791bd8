// A membership (issue 35): sold at the desk with its first invoice (awaiting payment), active once
// that invoice is paid. Before a period ends the renewal job issues the next period's invoice
// (renewal due); paid, the membership is active again; unpaid when the period is over, it lapses.
// Renewal can be cancelled (by the client or the desk): the membership runs to the end of the
// period it is in and then ends. A membership without auto-renewal ends at its period's end too.
// An unpaid sale can be cancelled. The guard reads what the step carries: whether the current
// period is over.
import { setup } from 'xstate';

export const MEMBERSHIP_STATUSES = ['awaiting_payment', 'active', 'renewal_due', 'cancelling', 'lapsed', 'ended', 'cancelled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** What a step may carry: whether the period the membership is in has ended (clinic-local day after its last). */
export interface MembershipExtras {
  period_over?: boolean;
}

export type MembershipEvent =
  | ({ type: 'membership.pay' } & MembershipExtras)
  | ({ type: 'membership.cancel' } & MembershipExtras)
  | ({ type: 'membership.invoice_renewal' } & MembershipExtras)
  | ({ type: 'membership.cancel_renewal' } & MembershipExtras)
  | ({ type: 'membership.lapse' } & MembershipExtras)
  | ({ type: 'membership.end' } & MembershipExtras);

export const membershipLifecycle = setup({
  types: {
    events: {} as MembershipEvent,
  },
  guards: {
    periodOver: ({ event }) => event.period_over === true,
    periodRunning: ({ event }) => event.period_over === false,
  },
}).createMachine({
  id: 'membership',
  initial: 'awaiting_payment',
  states: {
    awaiting_payment: {
      on: {
        'membership.pay': 'active',
        'membership.cancel': 'cancelled',
      },
    },
    active: {
      on: {
        'membership.invoice_renewal': { target: 'renewal_due', guard: 'periodRunning' },
        'membership.cancel_renewal': 'cancelling',
        'membership.end': { target: 'ended', guard: 'periodOver' },
      },
    },
    renewal_due: {
      on: {
        'membership.pay': 'active',
        'membership.cancel_renewal': 'cancelling',
        'membership.lapse': { target: 'lapsed', guard: 'periodOver' },
      },
    },
    cancelling: {
      on: {
        'membership.end': { target: 'ended', guard: 'periodOver' },
      },
    },
    lapsed: { type: 'final' },
    ended: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

const verbsOf = (status: MembershipStatus): readonly string[] => membershipLifecycle.states[status]?.ownEvents ?? [];

/** Whether the membership's benefits apply (it is in a paid period). */
export const givesBenefits = (status: MembershipStatus): boolean => status === 'active' || status === 'renewal_due' || status === 'cancelling';
/** Whether renewal may still be cancelled now. */
export const renewalCancellable = (status: MembershipStatus): boolean => verbsOf(status).includes('membership.cancel_renewal');
/** Whether an unpaid sale may be cancelled now. */
export const saleCancellable = (status: MembershipStatus): boolean => verbsOf(status).includes('membership.cancel');
