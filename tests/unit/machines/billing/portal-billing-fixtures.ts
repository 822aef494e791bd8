// Documents and catalogue rows the billing page charts' models, tables and view tests share: an
// unpaid tax invoice with a CGST+SGST line and a ₹0 session from a package, and a paid one.
import type { Catalogue } from '../../../../machines/billing/billing-catalogue-machine.ts';
import type { InvoiceDetail, InvoiceSummary, OpenedInvoice } from '../../../../machines/billing/my-invoices-machine.ts';
import type { TaxSettings } from '../../../../machines/billing/tax-settings-machine.ts';

const line = (id: number, description: string, unit: number, rateBp: number, fromPackage: string | null = null) => {
  const tax = Math.round((unit * rateBp) / 20_000);
  return {
    id,
    description,
    code: '999722',
    quantity: 1,
    unit_price_paise: unit,
    discount_paise: 0,
    taxable_paise: unit,
    gst_rate_bp: rateBp,
    exempt: false,
    cgst_paise: tax,
    sgst_paise: tax,
    igst_paise: 0,
    total_paise: unit + 2 * tax,
    from_package: fromPackage,
  };
};

const TOTALS = {
  taxable_paise: 100_000,
  cgst_paise: 9_000,
  sgst_paise: 9_000,
  igst_paise: 0,
  round_off_paise: 0,
  total_paise: 118_000,
  total_in_words: 'Rupees One Thousand One Hundred Eighty Only',
};

export const DUE: InvoiceDetail = {
  id: 12,
  kind: 'invoice',
  status: 'issued',
  number: 'INV/26-27/00012',
  issued_on: '2026-11-20',
  total_paise: 118_000,
  balance_paise: 118_000,
  lines: [line(1, 'HBOT session', 100_000, 1800), line(2, 'Red light session', 0, 1800, 'Recovery 10')],
  totals: TOTALS,
  payments: [],
  paid_paise: 0,
  credited_paise: 0,
};

export const PAID: InvoiceDetail = {
  ...DUE,
  status: 'paid',
  balance_paise: 0,
  paid_paise: 118_000,
  payments: [{ id: 5, method: 'online', amount_paise: 118_000, reference: 'pay_Q1', received_at: '2026-11-20T06:30:00Z' }],
};

export const summaryOf = (d: InvoiceDetail): InvoiceSummary => ({
  id: d.id,
  kind: d.kind,
  status: d.status,
  number: d.number,
  issued_on: d.issued_on,
  total_paise: d.total_paise,
  balance_paise: d.balance_paise,
});

export const OLDER: InvoiceSummary = {
  id: 9,
  kind: 'bill_of_supply',
  status: 'paid',
  number: 'BOS/26-27/00003',
  issued_on: '2026-10-02',
  total_paise: 50_000,
  balance_paise: 0,
};

export const UPI = {
  uri: 'upi://pay?pa=clinic%40okicici&pn=Thrive%20Clinic&am=1180.00&cu=INR&tn=INV%2F26-27%2F00012',
  amount_paise: 118_000,
  payee_vpa: 'clinic@okicici',
  payee_name: 'Thrive Clinic',
  note: 'INV/26-27/00012',
};

export const OPEN_DUE: OpenedInvoice = { document: DUE, upi: UPI, online: true };
export const OPEN_PAID: OpenedInvoice = { document: PAID, upi: null, online: true };
export const OPEN_OFFLINE: OpenedInvoice = { document: DUE, upi: UPI, online: false };

export const SETTINGS: TaxSettings = {
  legal_name: 'Thrive Wellness Pvt Ltd',
  gstin: '27AAPFU0939F1ZV',
  state_code: '27',
  address: '12 Linking Road, Mumbai',
  series_prefixes: { invoice: 'INV', bill_of_supply: 'BOS', credit_note: 'CN', receipt: 'RV', refund_voucher: 'RF' },
  upi_vpa: 'clinic@okicici',
  upi_payee_name: 'Thrive Clinic',
  invoice_note: null,
  gst_rates_bp: [0, 500, 1800, 4000],
  configured: true,
};

export const CATALOGUE: Catalogue = {
  rates: [0, 500, 1800, 4000],
  items: [
    { item_kind: 'service', item_id: 3, name: 'HBOT session', price_paise: 100_000, code: '999722', gst_rate_bp: 1800, exempt: false, set: true },
    { item_kind: 'package_plan', item_id: 4, name: 'Recovery 10', price_paise: 900_000, code: null, gst_rate_bp: 0, exempt: false, set: false },
  ],
  products: [{ id: 7, name: 'Vitamin D3', code: '2106', unit_price_paise: 45_000, gst_rate_bp: 1800, exempt: false, active: true }],
};

/** The clinic's one till, as `GET /billing/tills` lists it (the Billing tab and the document page read it). */
export const TILLS = [{ id: 1, name: 'Front desk' }];
