// An advance taken at the front desk (issue 34, "Advance receipts: money taken before the service,
// adjusted against a later invoice"): the amount received (GST included), how it was paid, and the
// GST in it: the clinic's rate when the service is known, 18 % when it is not (Rule 50 proviso,
// the server's default, sent as no rate), or none when the service is exempt. Pure rules the
// client's billing chart and its form share.
import { rupeesToPaise } from './billing-document-machine.ts';
import { UPI_UTR } from './upi.ts';

/** An advance receipt as the contract's BillingAdvance: what is left of it is `unused_paise`. */
export interface BillingAdvance {
  id: number;
  client: number;
  number: string;
  issued_on: string;
  amount_paise: number;
  applied_paise: number;
  unused_paise: number;
  method: 'cash' | 'card' | 'upi';
  reference: string | null;
}

export type AdvanceMethod = 'cash' | 'card' | 'upi';
export const ADVANCE_METHODS: readonly AdvanceMethod[] = ['cash', 'card', 'upi'];

/** The GST in the amount: '' the server's 18 % (rate not yet known), a rate in basis points, or 'exempt'. */
export type AdvanceGst = '' | 'exempt' | `${number}`;

export interface AdvanceForm {
  amount: string;
  method: AdvanceMethod;
  tendered: string;
  reference: string;
  gst: AdvanceGst;
}

export const EMPTY_ADVANCE: AdvanceForm = { amount: '', method: 'cash', tendered: '', reference: '', gst: '' };

/** The contract's BillingAdvanceCreate. */
export interface AdvanceInput {
  client: number;
  amount_paise: number;
  method: AdvanceMethod;
  tendered_paise?: number;
  reference?: string;
  gst_rate_bp?: number;
  exempt?: boolean;
}

/** Why the advance cannot be sent as typed, or null. `rates`: the GST rates the clinic offers. */
export function advanceProblem(form: AdvanceForm, rates: number[]): 'amount' | 'tendered' | 'reference' | 'gst' | null {
  const amount = rupeesToPaise(form.amount);
  if (amount === null || amount < 1) return 'amount';
  if (form.method === 'cash' && form.tendered.trim() !== '') {
    const tendered = rupeesToPaise(form.tendered);
    if (tendered === null || tendered < amount) return 'tendered';
  }
  if (form.method === 'card' && !/^[!-~]{1,100}$/.test(form.reference.trim())) return 'reference';
  if (form.method === 'upi' && !UPI_UTR.test(form.reference.trim())) return 'reference';
  if (form.gst !== '' && form.gst !== 'exempt' && !rates.includes(Number(form.gst))) return 'gst';
  return null;
}

export function advanceInput(client: number, form: AdvanceForm): AdvanceInput {
  const amount_paise = rupeesToPaise(form.amount)!;
  const gst = form.gst === 'exempt' ? { exempt: true } : form.gst === '' ? {} : { gst_rate_bp: Number(form.gst) };
  const how = form.method === 'cash' ? (form.tendered.trim() ? { tendered_paise: rupeesToPaise(form.tendered)! } : {}) : { reference: form.reference.trim() };
  return { client, amount_paise, method: form.method, ...how, ...gst };
}

/** The advances with something left to use. */
export const unusedAdvances = (advances: BillingAdvance[]): BillingAdvance[] => advances.filter((a) => a.unused_paise > 0);
