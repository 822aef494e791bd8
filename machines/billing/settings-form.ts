// What the back office's billing forms check as the administrator types (issue 34): the tax
// settings (legal name, GSTIN with its check character and its State, address, series prefixes,
// UPI id and payee name), an item's SAC/HSN code and GST rate, a product. The same rules the
// server applies (machines/billing/gstin.ts, numbering.ts; the contract's patterns), so a form
// that passes here is one the server takes; the server refuses the rest all the same. Pure.
import { gstinProblem, gstStateName } from './gstin.ts';
import { prefixProblem } from './numbering.ts';

export const SERIES = ['invoice', 'bill_of_supply', 'credit_note', 'receipt', 'refund_voucher'] as const;
export type Series = (typeof SERIES)[number];

/** The tax settings as the form holds them: text fields, empty for "none". */
export interface TaxSettingsForm {
  legal_name: string;
  gstin: string;
  state_code: string;
  address: string;
  prefixes: Record<Series, string>;
  upi_vpa: string;
  upi_payee_name: string;
  invoice_note: string;
}

export type TaxSettingsField = Exclude<keyof TaxSettingsForm, 'prefixes'> | `prefix.${Series}`;

const UPI_VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
const SAC_HSN = /^[0-9]{4,8}$/;

/** Each field's problem, in words for the field's helper text; a field without one is absent. */
export function taxSettingsProblems(form: TaxSettingsForm): Partial<Record<TaxSettingsField, string>> {
  const out: Partial<Record<TaxSettingsField, string>> = {};
  if (!form.legal_name.trim()) out.legal_name = "Enter the clinic's legal name.";
  else if (form.legal_name.length > 200) out.legal_name = 'At most 200 characters.';
  if (!gstStateName(form.state_code)) out.state_code = "Choose the clinic's State.";
  const gstin = form.gstin.trim();
  if (gstin) {
    const problem = gstinProblem(gstin);
    if (problem) out.gstin = problem;
    else if (!out.state_code && gstin.slice(0, 2) !== form.state_code)
      out.gstin = `This GSTIN is registered in ${gstStateName(gstin.slice(0, 2))}, not ${gstStateName(form.state_code)}.`;
  }
  if (!form.address.trim()) out.address = "Enter the clinic's address.";
  else if (form.address.length > 1000) out.address = 'At most 1000 characters.';
  for (const series of SERIES) {
    const prefix = form.prefixes[series];
    const problem = prefix ? prefixProblem(prefix) : 'Enter a prefix.';
    if (problem) out[`prefix.${series}`] = problem;
  }
  const vpa = form.upi_vpa.trim();
  if (vpa && !UPI_VPA.test(vpa)) out.upi_vpa = 'A UPI id looks like clinic@okicici.';
  if (vpa && !form.upi_payee_name.trim()) out.upi_payee_name = 'Enter the name a payer sees for this UPI id.';
  if (form.upi_payee_name.length > 100) out.upi_payee_name = 'At most 100 characters.';
  if (form.invoice_note.length > 1000) out.invoice_note = 'At most 1000 characters.';
  return out;
}

export const taxSettingsValid = (form: TaxSettingsForm): boolean => Object.keys(taxSettingsProblems(form)).length === 0;

/** Tax data as a form holds it: the code as typed, the rate in basis points, exempt or taxable. */
export interface ItemTaxForm {
  code: string;
  gst_rate_bp: number;
  exempt: boolean;
}

/** Why a SAC/HSN code is refused, or null (empty: no code). */
export function codeProblem(code: string): string | null {
  return code.trim() === '' || SAC_HSN.test(code.trim()) ? null : 'A SAC or HSN code is 4 to 8 digits.';
}

/** Why a rate is refused: only the clinic's own rates may be chosen. */
export function rateProblem(rateBp: number, rates: readonly number[]): string | null {
  return rates.includes(rateBp) ? null : "Choose one of the clinic's GST rates.";
}

export const itemTaxValid = (form: ItemTaxForm, rates: readonly number[]): boolean =>
  codeProblem(form.code) === null && rateProblem(form.gst_rate_bp, rates) === null;

/** A product as the form holds it; the price typed in rupees ("1180.50"). */
export interface ProductForm extends ItemTaxForm {
  name: string;
  price: string;
  active: boolean;
}

const RUPEES = /^[0-9]{1,8}(\.[0-9]{1,2})?$/;

/** "1180.5" → 118050 paise; null when it is not an amount in rupees and paise. */
export function rupeesToPaise(text: string): number | null {
  const t = text.trim();
  if (!RUPEES.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 118050 → "1180.50"; whole rupees without paise ("1180"). */
export function paiseToRupees(paise: number): string {
  const fraction = paise % 100;
  return fraction === 0 ? String(Math.floor(paise / 100)) : `${Math.floor(paise / 100)}.${String(fraction).padStart(2, '0')}`;
}

export function productProblems(form: ProductForm, rates: readonly number[]): Partial<Record<'name' | 'price' | 'code' | 'gst_rate_bp', string>> {
  const out: Partial<Record<'name' | 'price' | 'code' | 'gst_rate_bp', string>> = {};
  if (!form.name.trim()) out.name = "Enter the product's name.";
  else if (form.name.length > 200) out.name = 'At most 200 characters.';
  if (rupeesToPaise(form.price) === null) out.price = 'Enter the price in rupees, e.g. 450 or 450.50.';
  const code = codeProblem(form.code);
  if (code) out.code = code;
  const rate = rateProblem(form.gst_rate_bp, rates);
  if (rate) out.gst_rate_bp = rate;
  return out;
}

export const productValid = (form: ProductForm, rates: readonly number[]): boolean => Object.keys(productProblems(form, rates)).length === 0;
