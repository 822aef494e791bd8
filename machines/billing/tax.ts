// GST on a billing document's lines (India reference §1.8, §1.13, §1.14). Money is integer paise
// and rates are basis points (1800 = 18 %). Per line: taxable value = quantity × unit price −
// discount; within the clinic's State CGST and SGST, each at half the rate on the taxable value
// rounded to the paisa (half up) on its own; across States IGST at the full rate, rounded the same
// way; an exempt line (or any line of a clinic not registered for GST) carries no tax. The
// document's total is the lines' totals with a round-off line to the nearest rupee, in figures and
// in words (Indian numbering: lakh, crore, by the function the caller passes). Pure.
import type { BillingDocumentKind, BillingLine, BillingTotals, TaxHead } from './billing-document.ts';

export interface LineInput {
  description: string;
  code: string | null;
  quantity: number;
  unitPricePaise: number;
  discountPaise: number;
  rateBasisPoints: number;
  exempt: boolean;
  fromPackage: string | null;
}

/** Where the tax goes: whether the clinic charges GST at all, and whether the place of supply is its own State. */
export interface TaxRegime {
  registered: boolean;
  intraState: boolean;
}

/** `numerator / denominator` rounded to the nearest integer, halves up; both non-negative integers. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0 || denominator <= 0) throw new Error('roundHalfUp takes a non-negative numerator and a positive denominator');
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The tax on a taxable value at a rate in basis points, rounded to the paisa. */
export const taxAt = (taxablePaise: number, rateBasisPoints: number): number => roundHalfUp(taxablePaise * rateBasisPoints, 10_000);
/** Half the rate (CGST or SGST), rounded to the paisa: rate/2 of the value is value × rate / 20000. */
const halfTaxAt = (taxablePaise: number, rateBasisPoints: number): number => roundHalfUp(taxablePaise * rateBasisPoints, 20_000);

const head = (rateBasisPoints: number, amountPaise: number): TaxHead => ({ rateBasisPoints, amountPaise });

/** Why a line cannot be priced (for a 400), or null. */
export function lineProblem(input: Pick<LineInput, 'quantity' | 'unitPricePaise' | 'discountPaise' | 'rateBasisPoints'>): string | null {
  if (!Number.isInteger(input.quantity) || input.quantity < 1) return 'The quantity is a whole number of at least 1.';
  if (!Number.isInteger(input.unitPricePaise) || input.unitPricePaise < 0) return 'The unit price is whole paise, 0 or more.';
  if (!Number.isInteger(input.discountPaise) || input.discountPaise < 0) return 'The discount is whole paise, 0 or more.';
  if (input.discountPaise > input.quantity * input.unitPricePaise) return 'The discount is more than the line is worth.';
  if (!Number.isInteger(input.rateBasisPoints) || input.rateBasisPoints < 0 || input.rateBasisPoints > 10_000) return 'The rate is 0 to 10000 basis points.';
  return null;
}

/** Tax heads on a taxable value: CGST + SGST within the State, IGST across; none when the line is not taxed. */
export function taxHeads(taxablePaise: number, rateBasisPoints: number, taxed: boolean, intraState: boolean): Pick<BillingLine, 'cgst' | 'sgst' | 'igst'> {
  if (!taxed) return { cgst: null, sgst: null, igst: null };
  if (!intraState) return { cgst: null, sgst: null, igst: head(rateBasisPoints, taxAt(taxablePaise, rateBasisPoints)) };
  const half = halfTaxAt(taxablePaise, rateBasisPoints);
  return { cgst: head(rateBasisPoints / 2, half), sgst: head(rateBasisPoints / 2, half), igst: null };
}

const taxOf = (line: Pick<BillingLine, 'cgst' | 'sgst' | 'igst'>): number =>
  (line.cgst?.amountPaise ?? 0) + (line.sgst?.amountPaise ?? 0) + (line.igst?.amountPaise ?? 0);

/** One priced line. Throws on a line lineProblem refuses (the server asks it first). */
export function priceLine(input: LineInput, regime: TaxRegime): BillingLine {
  const problem = lineProblem(input);
  if (problem) throw new Error(problem);
  const taxablePaise = input.quantity * input.unitPricePaise - input.discountPaise;
  const heads = taxHeads(taxablePaise, input.rateBasisPoints, regime.registered && !input.exempt, regime.intraState);
  return {
    description: input.description,
    code: input.code,
    quantity: input.quantity,
    unitPricePaise: input.unitPricePaise,
    discountPaise: input.discountPaise,
    taxablePaise,
    exempt: input.exempt,
    ...heads,
    totalPaise: taxablePaise + taxOf(heads),
    fromPackage: input.fromPackage,
  };
}

/** The round-off that takes a total in paise to the nearest rupee (50 paise and more up): −49 to +50. */
export function roundOffPaise(totalPaise: number): number {
  const rupees = Math.floor((totalPaise + 50) / 100);
  return rupees * 100 - totalPaise;
}

/** Paise in words with Indian numbering (server/api/billing/amount-in-words.ts; machines/ imports no word library). */
export type InWords = (paise: number) => string;

/** The document's totals: the sums of its lines, the round-off to the rupee and the total in words. */
export function documentTotals(lines: readonly BillingLine[], inWords: InWords): BillingTotals {
  const sum = (pick: (line: BillingLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const beforeRounding = sum((line) => line.totalPaise);
  const roundOff = roundOffPaise(beforeRounding);
  const totalPaise = beforeRounding + roundOff;
  return {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgst?.amountPaise ?? 0),
    sgstPaise: sum((line) => line.sgst?.amountPaise ?? 0),
    igstPaise: sum((line) => line.igst?.amountPaise ?? 0),
    roundOffPaise: roundOff,
    totalPaise,
    totalInWords: inWords(totalPaise),
  };
}

/**
 * An advance received, GST included (Rule 50): the taxable value is the amount less the tax in it
 * (amount × 10000 / (10000 + rate), rounded half up), the tax is what is left, split CGST/SGST
 * with the odd paisa on CGST. An exempt advance, or one to a clinic not registered, is all value.
 */
export function advanceLine(
  description: string,
  code: string | null,
  amountPaise: number,
  rateBasisPoints: number,
  exempt: boolean,
  regime: TaxRegime,
): BillingLine {
  const taxed = regime.registered && !exempt;
  const taxablePaise = taxed ? roundHalfUp(amountPaise * 10_000, 10_000 + rateBasisPoints) : amountPaise;
  const tax = amountPaise - taxablePaise;
  const cgst = Math.ceil(tax / 2);
  const heads = !taxed
    ? { cgst: null, sgst: null, igst: null }
    : regime.intraState
      ? { cgst: head(rateBasisPoints / 2, cgst), sgst: head(rateBasisPoints / 2, tax - cgst), igst: null }
      : { cgst: null, sgst: null, igst: head(rateBasisPoints, tax) };
  return {
    description,
    code,
    quantity: 1,
    unitPricePaise: taxablePaise,
    discountPaise: 0,
    taxablePaise,
    exempt,
    ...heads,
    totalPaise: amountPaise,
    fromPackage: null,
  };
}

/** What credit notes have already taken back from one line: its taxable value and tax per head. */
export interface CreditedSoFar {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

const rest = (original: TaxHead | null, credited: number): TaxHead | null =>
  original ? head(original.rateBasisPoints, original.amountPaise - credited) : null;

/**
 * A credit note's line against one line of the original: `taxablePaise` of its value (all that is
 * left when null), the tax at the line's own rate. Crediting what is left takes back exactly the
 * tax left, so a line credited in parts reconciles to the paisa. Throws beyond what is left.
 */
export function creditLine(original: BillingLine, credited: CreditedSoFar, taxablePaise: number | null): BillingLine {
  const left = original.taxablePaise - credited.taxablePaise;
  const amount = taxablePaise ?? left;
  if (!Number.isInteger(amount) || amount < 1 || amount > left) throw new Error(`At most ${left} paise of this line is left to credit.`);
  let heads: Pick<BillingLine, 'cgst' | 'sgst' | 'igst'>;
  if (amount === left) {
    heads = { cgst: rest(original.cgst, credited.cgstPaise), sgst: rest(original.sgst, credited.sgstPaise), igst: rest(original.igst, credited.igstPaise) };
  } else {
    const rate = original.igst?.rateBasisPoints ?? (original.cgst ? original.cgst.rateBasisPoints * 2 : 0);
    heads = taxHeads(amount, rate, original.cgst !== null || original.igst !== null, original.igst === null);
  }
  return {
    description: original.description,
    code: original.code,
    quantity: 1,
    unitPricePaise: amount,
    discountPaise: 0,
    taxablePaise: amount,
    exempt: original.exempt,
    ...heads,
    totalPaise: amount + taxOf(heads),
    fromPackage: original.fromPackage,
  };
}

/**
 * A refund voucher's line (Rule 51) for `amountPaise` paid back from an advance: the tax in it at
 * the receipt voucher's own rate, in its own heads (CGST + SGST, or IGST, as the receipt had them).
 * Refunding all the receipt's amount that earlier refunds left takes back exactly the tax left, so
 * an advance refunded in parts reconciles to the paisa. `refunded` is what earlier refund vouchers
 * of the same receipt took: their total and tax per head. Throws beyond the receipt's amount.
 */
export function refundLine(receipt: BillingLine, refunded: CreditedSoFar & { totalPaise: number }, amountPaise: number, description: string): BillingLine {
  const left = receipt.totalPaise - refunded.totalPaise;
  if (!Number.isInteger(amountPaise) || amountPaise < 1 || amountPaise > left) throw new Error(`At most ${left} paise of this advance is left to refund.`);
  const rate = receipt.igst?.rateBasisPoints ?? (receipt.cgst ? receipt.cgst.rateBasisPoints * 2 : 0);
  const taxed = receipt.cgst !== null || receipt.igst !== null;
  const line =
    amountPaise === left
      ? (() => {
          const heads = {
            cgst: rest(receipt.cgst, refunded.cgstPaise),
            sgst: rest(receipt.sgst, refunded.sgstPaise),
            igst: rest(receipt.igst, refunded.igstPaise),
          };
          const taxablePaise = amountPaise - taxOf(heads);
          return { ...heads, taxablePaise };
        })()
      : advanceLine(description, receipt.code, amountPaise, rate, receipt.exempt, { registered: taxed, intraState: receipt.igst === null });
  return {
    description,
    code: receipt.code,
    quantity: 1,
    unitPricePaise: line.taxablePaise,
    discountPaise: 0,
    taxablePaise: line.taxablePaise,
    exempt: receipt.exempt,
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
    totalPaise: amountPaise,
    fromPackage: null,
  };
}

export type KindDecision = { kind: BillingDocumentKind; title: string } | { refused: string };

/**
 * Which document a sale's lines make (§1.1): a clinic without a GSTIN issues bills of supply only;
 * every line exempt makes a bill of supply; every line taxable a tax invoice. Taxable and exempt
 * lines together make one "Invoice-cum-Bill of Supply" (Rule 46A proviso), numbered in the invoice
 * series, only for an unregistered recipient; a registered one gets them on separate documents,
 * so issuing such a draft is refused. Credit notes and receipts are their own kinds.
 */
export function saleDocumentKind(lines: readonly { exempt: boolean }[], supplierRegistered: boolean, recipientRegistered: boolean): KindDecision {
  if (!supplierRegistered) return { kind: 'bill_of_supply', title: 'Bill of Supply' };
  const exempt = lines.filter((line) => line.exempt).length;
  if (exempt === lines.length) return { kind: 'bill_of_supply', title: 'Bill of Supply' };
  if (exempt === 0) return { kind: 'invoice', title: 'Tax Invoice' };
  if (recipientRegistered)
    return { refused: 'Taxable and exempt lines go on one document only for an unregistered recipient (Rule 46A): bill the exempt lines separately.' };
  return { kind: 'invoice', title: 'Invoice-cum-Bill of Supply' };
}

/** The title printed on a document: a tax invoice with exempt lines is an invoice-cum-bill of supply. */
export function documentTitle(kind: BillingDocumentKind, lines: readonly { exempt: boolean }[]): string {
  if (kind === 'credit_note') return 'Credit Note';
  if (kind === 'receipt') return 'Receipt Voucher';
  if (kind === 'refund_voucher') return 'Refund Voucher';
  if (kind === 'bill_of_supply') return 'Bill of Supply';
  return lines.some((line) => line.exempt) ? 'Invoice-cum-Bill of Supply' : 'Tax Invoice';
}
