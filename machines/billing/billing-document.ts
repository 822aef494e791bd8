// What an issued billing document says, frozen at the moment of issue. The server stores this
// snapshot beside the document and renders its PDF from it alone, so a PDF printed next year shows
// what was issued even after the clinic's address, a service's name or a tax rate has changed.
// Pure data: money is integer paise, GST rates are basis points (1800 = 18 %).

/** The five series a clinic numbers separately (CGST Rules 46, 49, 50, 51 and 53). */
export type BillingDocumentKind = 'invoice' | 'bill_of_supply' | 'credit_note' | 'receipt' | 'refund_voucher';

/** A party's State, by the two-digit GST State code ("27") and its name ("Maharashtra"). */
export interface GstState {
  code: string;
  name: string;
}

export interface Supplier {
  legalName: string;
  address: string;
  /** Null for a clinic not registered for GST: it issues bills of supply only. */
  gstin: string | null;
  state: GstState;
}

export interface Recipient {
  name: string;
  address: string | null;
  /** A business client's GSTIN makes the document B2B. */
  gstin: string | null;
  state: GstState | null;
}

/** One head of tax on a line: its rate and the tax it comes to, rounded to the paisa per line. */
export interface TaxHead {
  rateBasisPoints: number;
  amountPaise: number;
}

export interface BillingLine {
  description: string;
  /** SAC for a service, HSN for goods. */
  code: string | null;
  quantity: number;
  unitPricePaise: number;
  discountPaise: number;
  /** quantity × unit price − discount. */
  taxablePaise: number;
  exempt: boolean;
  /** Within the clinic's State: CGST + SGST at half the rate each; across States: IGST. */
  cgst: TaxHead | null;
  sgst: TaxHead | null;
  igst: TaxHead | null;
  /** Taxable value plus its tax. */
  totalPaise: number;
  /** Set when the line is a session drawn from a package: shown as ₹0 "from package …". */
  fromPackage: string | null;
}

export interface BillingTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** To the nearest rupee; may be negative. */
  roundOffPaise: number;
  totalPaise: number;
  /** Indian numbering: "Rupees One Lakh Twenty Thousand Only". */
  totalInWords: string;
}

/** The earlier document a credit note corrects, or the receipt voucher a refund voucher pays back. */
export interface DocumentReference {
  kind: BillingDocumentKind;
  number: string;
  issuedOn: string;
}

/** A payment shown on a receipt (or the money paid back on a credit note or refund voucher). */
export interface ReceivedPayment {
  method: 'cash' | 'card' | 'upi' | 'online';
  /** Terminal reference, UPI UTR or the gateway's payment id. */
  reference: string | null;
  amountPaise: number;
  receivedOn: string;
}

export interface IssuedBillingDocument {
  kind: BillingDocumentKind;
  /** At most 16 characters of letters, digits, '-' and '/', unique in its series for the financial year. */
  number: string;
  /** Clinic-local date of issue, YYYY-MM-DD. */
  issuedOn: string;
  /** "2026-27": April to March. */
  financialYear: string;
  supplier: Supplier;
  recipient: Recipient;
  placeOfSupply: GstState;
  /** Always false for a clinic's own services; printed because Rule 46(p) asks for it. */
  reverseCharge: boolean;
  lines: BillingLine[];
  totals: BillingTotals;
  references: DocumentReference[];
  payments: ReceivedPayment[];
  /** Free text the clinic prints at the foot (bank details, terms). */
  note: string | null;
  /**
   * The clinic's logo as it was at issue, by the SHA-256 of its bytes (the server keeps them under
   * it), so the PDF prints that one whatever the logo is now; null: there was none.
   */
  logoSha256?: string | null;
}
