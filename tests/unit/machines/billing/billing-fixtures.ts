// Billing documents as the staff pages read them (the contract's BillingDocument), for the page
// charts' models, tables and the view tests: a draft with a service line (₹1,000 at 18 %), the
// same issued and partly paid, and paid in full. Hand-computed: 1000.00 + 90.00 CGST + 90.00 SGST.
import type { BillingDoc, DocumentData } from '../../../../machines/billing/billing-document-machine.ts';

const line = {
  id: 1,
  origin: 'service' as const,
  description: 'IV therapy session',
  code: '999312',
  quantity: 1,
  unit_price_paise: 100_000,
  discount_paise: 0,
  taxable_paise: 100_000,
  gst_rate_bp: 1800,
  exempt: false,
  cgst_paise: 9_000,
  sgst_paise: 9_000,
  igst_paise: 0,
  total_paise: 118_000,
  from_package: null,
  product: null,
  credited_taxable_paise: 0,
};

export const DRAFT: BillingDoc = {
  id: 7,
  client: 21,
  client_name: 'Meera Iyer',
  kind: 'invoice',
  status: 'draft',
  number: null,
  issued_on: null,
  recipient: { name: 'Meera Iyer', address: '12 MG Road, Bengaluru', gstin: null, state_code: '29' },
  place_of_supply_state_code: '29',
  lines: [line],
  totals: {
    taxable_paise: 100_000,
    cgst_paise: 9_000,
    sgst_paise: 9_000,
    igst_paise: 0,
    round_off_paise: 0,
    total_paise: 118_000,
    total_in_words: 'Rupees One Thousand One Hundred Eighty Only',
  },
  paid_paise: 0,
  credited_paise: 0,
  refunded_paise: 0,
  balance_paise: 118_000,
  payments: [],
  refunds: [],
  credit_notes: [],
  credits: null,
  note: null,
};

export const ISSUED: BillingDoc = { ...DRAFT, status: 'issued', number: 'INV/26-27/00042', issued_on: '2026-11-27' };

export const PART_PAID: BillingDoc = {
  ...ISSUED,
  status: 'partially_paid',
  paid_paise: 50_000,
  balance_paise: 68_000,
  payments: [
    {
      id: 3,
      method: 'cash',
      amount_paise: 50_000,
      tendered_paise: 100_000,
      change_paise: 50_000,
      reference: null,
      till: 1,
      received_at: '2026-11-27T06:30:00Z',
    },
  ],
};

export const PAID: BillingDoc = {
  ...PART_PAID,
  status: 'paid',
  paid_paise: 118_000,
  balance_paise: 0,
  payments: [
    ...PART_PAID.payments,
    {
      id: 4,
      method: 'online',
      amount_paise: 68_000,
      tendered_paise: null,
      change_paise: null,
      reference: 'pay_29QQoUBi66xm2f',
      till: 2,
      received_at: '2026-11-27T06:40:00Z',
    },
  ],
};

export const PRODUCTS = [
  { id: 5, name: 'Ashwagandha 60 caps', code: '3004', unit_price_paise: 45_000, gst_rate_bp: 500, exempt: false, active: true },
  { id: 6, name: 'Old tonic', code: null, unit_price_paise: 10_000, gst_rate_bp: 1800, exempt: false, active: false },
];

export const RATES = [0, 500, 1800, 4000];

/** The clinic's tills: the Front desk it starts with, and a second one an administrator added. */
export const TILLS = [
  { id: 1, name: 'Front desk' },
  { id: 2, name: 'Spa counter' },
];

export const data = (document: BillingDoc, tills = TILLS.slice(0, 1)): DocumentData => ({ document, products: PRODUCTS, rates: RATES, tills });

/** Meera's advance receipts: one with ₹300 of ₹500 left, one used up. */
export const ADVANCES = [
  {
    id: 31,
    client: 21,
    number: 'RV/26-27/00004',
    issued_on: '2026-11-20',
    amount_paise: 50_000,
    applied_paise: 20_000,
    unused_paise: 30_000,
    method: 'upi' as const,
    reference: '412345678901',
  },
  {
    id: 30,
    client: 21,
    number: 'RV/26-27/00003',
    issued_on: '2026-11-02',
    amount_paise: 20_000,
    applied_paise: 20_000,
    unused_paise: 0,
    method: 'cash' as const,
    reference: null,
  },
];
