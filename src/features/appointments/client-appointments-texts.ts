// Strings of the client record's Appointments section that tests assert.
export const SECTION_APPOINTMENTS = 'Appointments';
export const UPCOMING = 'Upcoming';
export const PAST = 'Past';
export const CANCELLED = 'Cancelled';
export const PACKAGE_BALANCE = 'Package balance';
export const NO_APPOINTMENTS = 'None.';
export const NO_PACKAGES = 'No packages.';
export const SELL_PACKAGE = 'Sell a package';
export const PACKAGE_SOLD = 'Package sold.';
export const SESSIONS_LEFT = (left: number, total: number) => `${left} of ${total} sessions left`;
export const SESSIONS_HELD = (held: number) => `${held} booked`;
export const EXPIRES = (date: string) => `valid until ${date}`;
/** A package sold through billing (issue 35): its credits start when this invoice is paid. */
export const AWAITING_INVOICE = (number: string) => `credits start when ${number} is paid`;
/** Selling a package when none is defined (issue 32): the button says why, and ADMIN is shown where packages are defined. */
export const NO_PACKAGES_DEFINED = 'No package is defined yet, so there is none to sell.';
export const ASK_ADMIN_FOR_PACKAGES = 'An administrator defines packages in the back office.';
export const DEFINE_PACKAGES = 'Define packages';

// A package's steps at the desk and the client's family (issue 35, docs/packages.md).
export const PACKAGE_TEXT = {
  /** The balance's line for a frozen package and for a refunded one (its credit note linked). */
  frozenUntil: (date: string) => `frozen until ${date}`,
  refundedOn: (number: string) => `refunded on ${number}`,
  sharedBy: (name: string) => `shared by ${name}`,
  actionsOf: (therapy: string) => `${therapy} package`,
  freeze: 'Freeze',
  unfreeze: 'Unfreeze',
  transfer: 'Transfer',
  refund: 'Refund',
  freezeTitle: 'Freeze the package',
  freezeUntil: 'Frozen until (last day)',
  freezeAllowance: (left: number, total: number) => `${left} of ${total} freeze days left.`,
  freezeTakes: (days: number, left: number) =>
    `${days} day${days === 1 ? '' : 's'} from today${days > left ? `: more than the ${left} left` : ''}. The expiry moves by as many days.`,
  freezeSubmit: 'Freeze',
  freezePending: 'Freezing…',
  frozen: 'Package frozen.',
  unfreezeTitle: 'Unfreeze the package',
  unfreezeBody: (date: string) =>
    `It is frozen until ${date}. Unfrozen today, its credits can be used again, and the days not frozen after all go back to the allowance.`,
  unfreezeSubmit: 'Unfreeze',
  unfrozen: 'Package unfrozen.',
  transferTitle: 'Transfer the package',
  transferTo: 'To client',
  noClients: 'No client matches.',
  reason: 'Reason',
  transferSubmit: 'Transfer',
  transferPending: 'Transferring…',
  transferred: (name: string) => `Package transferred to ${name}.`,
  refundTitle: 'Refund the package',
  refundWhat: (left: number, total: number, amount: string) =>
    `The ${left} unused of ${total} sessions: about ${amount} with tax, credited on a credit note and paid back.`,
  refundMethod: 'Paid back by',
  refundReference: 'Reference (optional)',
  refundSubmit: 'Refund',
  refundPending: 'Refunding…',
  refunded: 'Package refunded.',
  family: 'Family',
  noFamily: 'Not in a family.',
  familyMembers: 'Family members',
  joinFamily: 'Link to a family',
  joinTitle: 'Link to a family',
  joinWith: 'A client of the family',
  joinHint: "This client joins that client's family; packages shared within a family can be used by its members.",
  joinSubmit: 'Link',
  joinPending: 'Linking…',
  joined: 'Linked to the family.',
  leaveFamily: 'Unlink from the family',
  leaveTitle: 'Unlink from the family',
  leaveBody: "This client leaves the family and can no longer use its members' shared packages.",
  leaveSubmit: 'Unlink',
  left: 'Unlinked from the family.',
} as const;
