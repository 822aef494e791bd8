// Issued billing documents with hand-computed totals, for the PDF tests (and any test that needs a
// snapshot): an intra-State tax invoice with a discount, a product and a package session, and an
// inter-State credit note against it. The arithmetic is written out beside each figure. Also the
// clinic's tax settings as PUT /billing/settings takes them, for the API and end-to-end tests.
import type { IssuedBillingDocument } from '../../machines/billing/billing-document.ts';

/** A Maharashtra clinic registered for GST, as the back office saves it (PUT /billing/settings). */
export const CLINIC_TAX_SETTINGS = {
  legal_name: 'Thrive Wellness Private Limited',
  gstin: '27AAPFU0939F1ZV',
  state_code: '27',
  address: '1 Linking Road, Bandra West, Mumbai 400050',
  series_prefixes: { invoice: 'INV', bill_of_supply: 'BOS', credit_note: 'CN', receipt: 'RV' },
  upi_vpa: 'thrive@okicici',
  upi_payee_name: 'Thrive Wellness',
  invoice_note: 'Thank you.',
};

const MAHARASHTRA = { code: '27', name: 'Maharashtra' };
const KARNATAKA = { code: '29', name: 'Karnataka' };

export const SUPPLIER = {
  legalName: 'Thrive Wellness Private Limited',
  address: '4th floor, Lotus Park, Linking Road, Bandra West, Mumbai 400050',
  gstin: '27AAPFU0939F1ZV',
  state: MAHARASHTRA,
};

/** Intra-State: CGST + SGST at 2.5 % each. */
export const TAX_INVOICE: IssuedBillingDocument = {
  kind: 'invoice',
  number: 'TC/26-27/00042',
  issuedOn: '2026-11-27',
  financialYear: '2026-27',
  supplier: SUPPLIER,
  recipient: { name: 'Asha Kulkarni', address: '12 Shanti Nagar, Pune 411001', gstin: null, state: MAHARASHTRA },
  placeOfSupply: MAHARASHTRA,
  reverseCharge: false,
  lines: [
    {
      // 1 × 1,50,000.00 − 10,000.00 = 1,40,000.00; 2.5 % = 3,500.00 each head; 1,47,000.00
      description: 'Ayurveda wellness retreat, 7 days',
      code: '999723',
      quantity: 1,
      unitPricePaise: 15_000_000,
      discountPaise: 1_000_000,
      taxablePaise: 14_000_000,
      exempt: false,
      cgst: { rateBasisPoints: 250, amountPaise: 350_000 },
      sgst: { rateBasisPoints: 250, amountPaise: 350_000 },
      igst: null,
      totalPaise: 14_700_000,
      fromPackage: null,
    },
    {
      // 2 × 449.00 = 898.00; 2.5 % = 22.45 each head; 942.90
      description: 'Ashwagandha capsules, 60',
      code: '3004',
      quantity: 2,
      unitPricePaise: 44_900,
      discountPaise: 0,
      taxablePaise: 89_800,
      exempt: false,
      cgst: { rateBasisPoints: 250, amountPaise: 2_245 },
      sgst: { rateBasisPoints: 250, amountPaise: 2_245 },
      igst: null,
      totalPaise: 94_290,
      fromPackage: null,
    },
    {
      description: 'Physiotherapy session',
      code: '999314',
      quantity: 1,
      unitPricePaise: 0,
      discountPaise: 0,
      taxablePaise: 0,
      exempt: false,
      cgst: { rateBasisPoints: 250, amountPaise: 0 },
      sgst: { rateBasisPoints: 250, amountPaise: 0 },
      igst: null,
      totalPaise: 0,
      fromPackage: 'Physio 10 sessions',
    },
  ],
  // 1,40,898.00 + 3,522.45 + 3,522.45 = 1,47,942.90; rounded to 1,47,943.00 (+0.10)
  totals: {
    taxablePaise: 14_089_800,
    cgstPaise: 352_245,
    sgstPaise: 352_245,
    igstPaise: 0,
    roundOffPaise: 10,
    totalPaise: 14_794_300,
    totalInWords: 'Rupees One Lakh Forty Seven Thousand Nine Hundred Forty Three Only',
  },
  references: [],
  payments: [
    { method: 'cash', reference: null, amountPaise: 5_000_000, receivedOn: '2026-11-27' },
    { method: 'upi', reference: 'UTR 633112345678', amountPaise: 9_794_300, receivedOn: '2026-11-27' },
  ],
  note: 'Bank: HDFC Bank, A/c 50200012345678, IFSC HDFC0000123',
};

/** Inter-State, to a registered business (B2B): IGST at 18 %, and an exempt line. */
export const CREDIT_NOTE: IssuedBillingDocument = {
  kind: 'credit_note',
  number: 'CN/26-27/0007',
  issuedOn: '2026-12-02',
  financialYear: '2026-27',
  supplier: SUPPLIER,
  recipient: { name: 'Bengaluru Corporate Wellness LLP', address: '88 MG Road, Bengaluru 560001', gstin: '29AAGCB7383J1Z4', state: KARNATAKA },
  placeOfSupply: KARNATAKA,
  reverseCharge: false,
  lines: [
    {
      // 3 × 1,250.50 − 100.00 = 3,651.50; 18 % = 657.27; 4,308.77
      description: 'Corporate yoga workshop (seat)',
      code: '999723',
      quantity: 3,
      unitPricePaise: 125_050,
      discountPaise: 10_000,
      taxablePaise: 365_150,
      exempt: false,
      cgst: null,
      sgst: null,
      igst: { rateBasisPoints: 1800, amountPaise: 65_727 },
      totalPaise: 430_877,
      fromPackage: null,
    },
    {
      description: 'Doctor consultation',
      code: '999312',
      quantity: 1,
      unitPricePaise: 80_000,
      discountPaise: 0,
      taxablePaise: 80_000,
      exempt: true,
      cgst: null,
      sgst: null,
      igst: null,
      totalPaise: 80_000,
      fromPackage: null,
    },
  ],
  // 4,451.50 + 657.27 = 5,108.77; rounded to 5,109.00 (+0.23)
  totals: {
    taxablePaise: 445_150,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 65_727,
    roundOffPaise: 23,
    totalPaise: 510_900,
    totalInWords: 'Rupees Five Thousand One Hundred Nine Only',
  },
  references: [{ kind: 'invoice', number: 'TC/26-27/00031', issuedOn: '2026-11-20' }],
  payments: [],
  note: null,
};
