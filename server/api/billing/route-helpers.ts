// What the billing route modules share: the contract's types, the audit actions, whose record a
// caller reaches, and the words of billing's refusals.
import type { components } from '../../../openapi/generated/api.ts';
import type { ScopeRule } from '../client-scope.ts';
import type { AuditAction } from '../audit/data.ts';
import { badRequest } from '../../http/errors.ts';
import { gstStateName } from '../../../machines/billing/gstin.ts';

export type S = components['schemas'];

/** Whose documents, advances and balance: a client only their own (others 404, audited); staff any client's. */
export const CLIENT_RECORD: ScopeRule = { clients: 'own', staffName: 'client' };

export type BillingAction = Extract<AuditAction, `billing.${string}`>;
export const act = (action: BillingAction): AuditAction => action;

export const BILLING_TEXTS = {
  notConfigured: 'Billing is not set up yet: an ADMIN saves the tax settings (legal name, State, address, series) first.',
  issuedNeverChanges: 'An issued document never changes: correct it with a credit note.',
  notDraft: 'Only a draft can be issued.',
  noLines: 'A document needs at least one line.',
  mixedToRegistered: 'Taxable and exempt lines go on one document only for an unregistered recipient (Rule 46A): bill the exempt lines on their own draft.',
  bigB2cNeedsAddress: 'A taxable value of ₹50,000 or more to an unregistered recipient needs their address and State (Rule 46(e)).',
  alreadyBilled: 'This is already on a billing document (delete its draft, or credit the issued one, to bill it again).',
  appointmentNotArrived: 'Only a checked-in or completed appointment can be billed.',
  labOrderCancelled: 'A cancelled lab order is not billed.',
  packageNotSold: 'This package was not sold from a plan, so it has no price to bill.',
  sourceForManual: 'A manual draft has no source.',
  sourceRequired: 'Name the appointment, lab order or sold package.',
  clientRequired: 'A manual draft names its client.',
  notAClient: 'Not a client of the clinic.',
  rateNotOffered: (rates: readonly number[]) => `Not one of the clinic's GST rates (${rates.join(', ')} basis points).`,
  lineNotOnDraft: 'Not a line of this draft.',
  lineTaxFromItem: "This line's code, rate and exemption come from its item's tax data.",
  freeLineNeeds: 'A line without a product needs a description, a unit price and a GST rate.',
  productUnknown: 'No such active product.',
  productInUse: 'This product is on billing documents: retire it (active false) instead.',
  discountTooLarge: 'The discount is more than the line is worth.',
  unknownState: 'Not a GST State code.',
  gstinStateMismatch: "The GSTIN's first two digits are its State code.",
  prefixesRepeat: 'Each series needs its own prefix.',
  rateInUse: (rate: number) => `${rate} basis points is still used by an item's tax data or a product.`,
  itemUnknown: 'No such item.',
  noPayments: 'This document takes no payments now (a draft, a paid or credited one, a credit note or a receipt).',
  tooMuch: (due: number) => `At most ${due} paise is due.`,
  tenderedShort: 'The cash handed over is less than the amount.',
  tenderedNotCash: 'Only a cash payment has cash handed over.',
  referenceRequired: 'A card payment needs its terminal reference and a UPI payment its UTR.',
  utrShape: 'A UPI UTR is 12 digits.',
  utrTaken: 'This UTR is already recorded.',
  advanceRequired: 'A payment from an advance names the receipt voucher.',
  advanceNotForMethod: 'Only a payment from an advance names a receipt voucher.',
  advanceUnknown: "No such receipt voucher of this client's.",
  advanceShort: (left: number) => `Only ${left} paise of this advance is unused.`,
  refundAdvanceTooMuch: (left: number) => `Only ${left} paise of this advance is unused, so at most that is refunded.`,
  notCreditable: 'Only an issued invoice or bill of supply that is not yet credited in full can be credited.',
  creditLineUnknown: 'Not a line of the document credited.',
  creditLineTwice: 'Each line once per credit note.',
  creditTooMuch: (left: number) => `At most ${left} paise of this line's taxable value is left to credit.`,
  nothingToCredit: 'Nothing is left to credit on this document.',
  refundTooMuch: (max: number) => `At most ${max} paise was paid beyond what is now due, so at most that is refunded.`,
  nothingDue: 'Nothing is due on this document.',
  noUpi: "The clinic's UPI id and payee name are not set (tax settings).",
  // The day's close (issue 35).
  tillUnknown: 'No such till.',
  noTill: 'The clinic has no till: an ADMIN adds one in the billing settings.',
  tillNameTaken: 'Another till already has this name.',
  dayClosed: (till: string, day: string) =>
    `The ${till} till's day ${day} is closed, so nothing more is recorded on it: record it on the next open day, or at another till.`,
  dayNotBegun: 'This day has not begun yet, so it cannot be counted or closed.',
  dayUnknown: 'A business day is a date written YYYY-MM-DD.',
  countReasonRequired: 'The counted cash differs from what is expected: say why.',
} as const;

/** A 400 naming the field, from a problem the pure rules describe (null: none). */
export function refuseIf(field: string, problem: string | null): void {
  if (problem) throw badRequest(field, problem);
}

/** A place of supply named on a draft or an advance must be a GST State (400 naming the field). */
export function checkedPlace(code: string | undefined): void {
  if (code !== undefined && !gstStateName(code)) throw badRequest('place_of_supply_state_code', BILLING_TEXTS.unknownState);
}
