// Every string of the memberships screens (issue 35): the back office's Memberships tab, the desk's
// Memberships section on the client's record and the portal's card on My packages. Tests assert these.
import type { MembershipStatus } from './memberships-api.ts';

export const MEMBERSHIPS_TAB_LABEL = 'Memberships';

export const STATUS: Record<MembershipStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  active: 'Active',
  renewal_due: 'Renewal due',
  cancelling: 'Ends with this period',
  lapsed: 'Lapsed',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export const PERIOD = { monthly: 'Monthly', yearly: 'Yearly' } as const;
export const PER_PERIOD = { monthly: 'a month', yearly: 'a year' } as const;

/** The benefits as people say them. */
export const BENEFIT = {
  included: (sessions: number, service: string) => `${sessions} × ${service} included`,
  discount: (percent: number, service: string | null) => `${percent}% off ${service ?? 'every service'}`,
  left: (service: string, left: number, sessions: number) => `${service}: ${left} of ${sessions} left this period`,
};

export const PLANS_TEXT = {
  title: 'Membership plans',
  none: 'No membership plans yet.',
  table: 'Membership plans',
  plan: 'Plan',
  period: 'Period',
  fee: 'Fee (before tax)',
  benefits: 'Benefits',
  noBenefits: 'No benefits',
  inactive: 'Retired',
  renews: 'Renews',
  doesNotRenew: 'Does not renew',
  newPlan: 'New membership plan',
  editPlan: 'Edit membership plan',
  edit: (name: string) => `Edit ${name}`,
  save: 'Save plan',
  saving: 'Saving…',
  saved: (name: string) => `${name} saved.`,
  name: 'Name',
  feeRupees: 'Fee (₹, before tax)',
  periodLabel: 'Period',
  autoRenew: 'Renews automatically',
  active: 'Sold (active)',
  activeHint: 'A retired plan is no longer sold; memberships already sold keep running.',
  code: 'SAC code',
  rate: 'GST rate',
  exempt: 'Exempt from GST',
  benefitsTitle: 'Benefits',
  benefitsHint: 'A new fee is charged from the next renewal; benefits changed apply at once.',
  addIncluded: 'Add included sessions',
  addDiscount: 'Add a discount',
  kind: 'Benefit',
  kinds: { included: 'Sessions included', discount: 'Discount' },
  service: 'Service',
  everything: 'Every service',
  sessions: 'Sessions per period',
  percent: 'Percent off',
  remove: 'Remove this benefit',
  loadFailed: 'The membership plans could not be loaded.',
  retry: 'Retry',
  noRates: 'Set the clinic’s GST rates in the Billing tab first.',
};

export const SECTION_TEXT = {
  title: 'Memberships',
  list: 'Memberships',
  none: 'No memberships.',
  sell: 'Sell a membership',
  sellSubmit: 'Sell',
  selling: 'Selling…',
  sold: 'Membership sold: its invoice is issued.',
  planLabel: 'Membership plan',
  feeLine: (name: string, fee: string, period: 'monthly' | 'yearly') => `${name} · ${fee} ${PER_PERIOD[period]}`,
  planOption: (name: string, fee: string, period: 'monthly' | 'yearly') => `${name} — ${fee} ${PER_PERIOD[period]}`,
  noPlans: 'No membership plan is on sale yet.',
  definePlans: 'Define membership plans',
  askAdmin: 'An administrator defines membership plans in the back office.',
  startsWhenPaid: 'starts when its invoice is paid',
  invoice: 'Invoice',
  renewalInvoice: 'Renewal invoice',
  period: (from: string, to: string) => `${from} – ${to}`,
  renewsOn: (day: string) => `renews on ${day}`,
  endsOn: (day: string) => `ends on ${day}`,
  cancelSale: 'Cancel sale',
  cancelSaleTitle: 'Cancel this membership sale?',
  cancelSaleBody: 'It has not been paid: its invoice is credited in full and the membership is cancelled.',
  cancelSaleConfirm: 'Cancel the sale',
  saleCancelled: 'Membership sale cancelled; its invoice is credited.',
  cancelRenewal: 'Stop renewal',
  cancelRenewalTitle: 'Stop renewing this membership?',
  cancelRenewalBody: 'It runs to the end of the period it is in and then ends. A renewal invoice already issued and unpaid is credited.',
  cancelRenewalConfirm: 'Stop renewal',
  renewalCancelled: 'Renewal stopped: the membership ends with its current period.',
  keep: 'Keep it',
  loadFailed: 'The memberships could not be loaded.',
};

export const CARD_TEXT = {
  title: 'My membership',
  fee: (fee: string, period: 'monthly' | 'yearly') => `${fee} ${PER_PERIOD[period]}`,
  periodEnds: (day: string) => `This period ends on ${day}`,
  renewsOn: (day: string) => `Renews on ${day}`,
  endsOn: (day: string) => `Ends on ${day}`,
  startsWhenPaid: 'Starts when its invoice is paid.',
  benefitsLeft: 'Benefits left this period',
  loadFailed: 'Your membership could not be loaded.',
  retry: 'Load my membership again',
  stopRenewal: 'Stop renewal',
  stopTitle: 'Stop renewing your membership?',
  stopBody: (plan: string) =>
    `${plan} runs to the end of the period it is in and then ends; it is not charged again. A renewal invoice already issued and unpaid is cancelled.`,
  stopConfirm: 'Stop renewal',
  keep: 'Keep it',
  stopping: 'Stopping…',
  renewalStopped: 'Renewal stopped: your membership ends with this period.',
  stopFailed: 'The renewal could not be stopped. Your membership is shown as it stands now.',
};
