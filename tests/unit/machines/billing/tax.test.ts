// GST arithmetic on a fixture priced by hand (the arithmetic is in the comments): a Maharashtra
// clinic (27) billing within its State (CGST + SGST) and across States (IGST), with exempt and
// discounted lines, must match to the paisa.
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../../../server/api/billing/amount-in-words.ts';
import {
  advanceLine,
  creditLine,
  documentTitle,
  documentTotals,
  type LineInput,
  priceLine,
  refundLine,
  roundHalfUp,
  roundOffPaise,
  saleDocumentKind,
  taxAt,
} from '../../../../machines/billing/tax.ts';

const line = (over: Partial<LineInput>): LineInput => ({
  description: 'x',
  code: '999312',
  quantity: 1,
  unitPricePaise: 0,
  discountPaise: 0,
  rateBasisPoints: 0,
  exempt: false,
  fromPackage: null,
  ...over,
});
const INTRA = { registered: true, intraState: true };
const INTER = { registered: true, intraState: false };

describe('line tax', () => {
  it('rounds each head to the paisa, halves up', () => {
    expect(roundHalfUp(5, 10)).toBe(1); // 0.5 → 1
    expect(roundHalfUp(4, 10)).toBe(0); // 0.4 → 0
    expect(taxAt(4999, 500)).toBe(250); // 4999 × 5 % = 249.95 → 250
    // 100 paise at 1 %: CGST 0.5 % = 0.5 paisa → 1 each head.
    const tiny = priceLine(line({ unitPricePaise: 100, rateBasisPoints: 100 }), INTRA);
    expect([tiny.cgst?.amountPaise, tiny.sgst?.amountPaise, tiny.totalPaise]).toEqual([1, 1, 102]);
  });

  it('refuses a discount above the line and carries no tax on exempt lines or for an unregistered clinic', () => {
    expect(() => priceLine(line({ unitPricePaise: 100, discountPaise: 101 }), INTRA)).toThrow(/discount/);
    const exempt = priceLine(line({ unitPricePaise: 80000, rateBasisPoints: 1800, exempt: true }), INTRA);
    expect([exempt.cgst, exempt.sgst, exempt.igst, exempt.totalPaise]).toEqual([null, null, null, 80000]);
    const unregistered = priceLine(line({ unitPricePaise: 80000, rateBasisPoints: 1800 }), { registered: false, intraState: true });
    expect([unregistered.cgst, unregistered.igst, unregistered.totalPaise]).toEqual([null, null, 80000]);
  });
});

describe('the hand-computed fixture', () => {
  it('within the State: CGST + SGST at half the rate each, a round-off line to the rupee', () => {
    const lines = [
      // A: 1 × 3,50,000 − 35,000 = 3,15,000 taxable; 9 % of it = 28,350 CGST and 28,350 SGST; total 3,71,700.
      priceLine(line({ description: 'Hydrafacial', code: '999722', unitPricePaise: 350000, discountPaise: 35000, rateBasisPoints: 1800 }), INTRA),
      // B: 2 × 1,24,999 = 2,49,998; 2.5 % = 6,249.95 → 6,250 each head; total 2,49,998 + 12,500 = 2,62,498.
      priceLine(line({ description: 'IV drip', quantity: 2, unitPricePaise: 124999, rateBasisPoints: 500 }), INTRA),
      // C: exempt consultation 80,000, no tax; total 80,000.
      priceLine(line({ description: 'Consultation', unitPricePaise: 80000, rateBasisPoints: 1800, exempt: true }), INTRA),
      // D: 3 × 33,333 = 99,999 − 1 = 99,998; 9 % = 8,999.82 → 9,000 each head; total 99,998 + 18,000 = 1,17,998.
      priceLine(line({ description: 'Multivitamin', code: '2106', quantity: 3, unitPricePaise: 33333, discountPaise: 1, rateBasisPoints: 1800 }), INTRA),
    ];
    expect(lines.map((l) => [l.taxablePaise, l.cgst?.amountPaise ?? 0, l.sgst?.amountPaise ?? 0, l.igst?.amountPaise ?? 0, l.totalPaise])).toEqual([
      [315000, 28350, 28350, 0, 371700],
      [249998, 6250, 6250, 0, 262498],
      [80000, 0, 0, 0, 80000],
      [99998, 9000, 9000, 0, 117998],
    ]);
    expect(lines[0].cgst?.rateBasisPoints).toBe(900);
    // Taxable 3,15,000 + 2,49,998 + 80,000 + 99,998 = 7,44,996; CGST 28,350 + 6,250 + 9,000 = 43,600 (SGST the same);
    // 7,44,996 + 87,200 = 8,32,196 paise = ₹8,321.96 → ₹8,322: round-off +4 paise, total 8,32,200.
    expect(documentTotals(lines, amountInWords)).toEqual({
      taxablePaise: 744996,
      cgstPaise: 43600,
      sgstPaise: 43600,
      igstPaise: 0,
      roundOffPaise: 4,
      totalPaise: 832200,
      totalInWords: 'Eight Thousand Three Hundred Twenty Two Rupees Only',
    });
  });

  it('across States: IGST at the full rate, the round-off may be negative', () => {
    const lines = [
      // E: 1,99,900 − 9,900 = 1,90,000; 18 % = 34,200 IGST; total 2,24,200.
      priceLine(line({ unitPricePaise: 199900, discountPaise: 9900, rateBasisPoints: 1800 }), INTER),
      // F: 4,999 at 5 % = 249.95 → 250; total 5,249.
      priceLine(line({ unitPricePaise: 4999, rateBasisPoints: 500 }), INTER),
      // G: exempt 50,000.
      priceLine(line({ unitPricePaise: 50000, exempt: true }), INTER),
    ];
    expect(lines.map((l) => [l.cgst, l.igst?.amountPaise ?? 0, l.totalPaise])).toEqual([
      [null, 34200, 224200],
      [null, 250, 5249],
      [null, 0, 50000],
    ]);
    // Taxable 1,90,000 + 4,999 + 50,000 = 2,44,999; IGST 34,200 + 250 = 34,450.
    // 2,24,200 + 5,249 + 50,000 = 2,79,449 paise = ₹2,794.49 → ₹2,794: round-off −49, total 2,79,400.
    expect(documentTotals(lines, amountInWords)).toMatchObject({
      taxablePaise: 244999,
      cgstPaise: 0,
      igstPaise: 34450,
      roundOffPaise: -49,
      totalPaise: 279400,
      totalInWords: 'Two Thousand Seven Hundred Ninety Four Rupees Only',
    });
  });

  it('rounds 50 paise up and 49 down', () => {
    expect(roundOffPaise(150)).toBe(50);
    expect(roundOffPaise(149)).toBe(-49);
    expect(roundOffPaise(0)).toBe(0);
  });
});

describe('amounts in words', () => {
  it('use lakh and crore', () => {
    expect(amountInWords(12000000)).toBe('One Lakh Twenty Thousand Rupees Only');
    expect(amountInWords(1234567800)).toBe('One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees Only');
    expect(amountInWords(123456)).toBe('One Thousand Two Hundred Thirty Four Rupees And Fifty Six Paise Only');
  });
});

describe('advances and credit notes', () => {
  it('takes the tax out of an advance received', () => {
    // ₹118 at 18 %: 11,800 × 10000 / 11800 = 10,000 taxable, 1,800 tax, 900 + 900.
    const even = advanceLine('Advance', null, 11800, 1800, false, INTRA);
    expect([even.taxablePaise, even.cgst?.amountPaise, even.sgst?.amountPaise, even.totalPaise]).toEqual([10000, 900, 900, 11800]);
    // ₹100 at 18 %: 10,000 × 10000 / 11800 = 8,474.58 → 8,475; tax 1,525 → CGST 763 (the odd paisa), SGST 762.
    const odd = advanceLine('Advance', null, 10000, 1800, false, INTRA);
    expect([odd.taxablePaise, odd.cgst?.amountPaise, odd.sgst?.amountPaise]).toEqual([8475, 763, 762]);
    expect(advanceLine('Advance', null, 10000, 1800, false, INTER).igst).toEqual({ rateBasisPoints: 1800, amountPaise: 1525 });
    expect(advanceLine('Advance', null, 10000, 1800, true, INTRA).taxablePaise).toBe(10000);
  });

  it('refunds an advance in parts whose tax reconciles to the paisa (Rule 51)', () => {
    const receipt = advanceLine('Advance', '999722', 118000, 1800, false, INTRA); // 1,00,000 + 9,000 + 9,000
    const none = { totalPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
    // 50,001 with 18 % in it: 500,010,000 / 11,800 = 42,373.73 → 42,374; tax 7,627 → 3,814 + 3,813.
    const first = refundLine(receipt, none, 50001, 'Refund');
    expect([first.taxablePaise, first.cgst?.amountPaise, first.sgst?.amountPaise, first.igst, first.totalPaise, first.code]).toEqual([
      42374,
      3814,
      3813,
      null,
      50001,
      '999722',
    ]);
    // The rest, 67,999: the tax left, 9,000 − 3,814 = 5,186 and 9,000 − 3,813 = 5,187 (pro rata would give 5,187 + 5,186).
    const rest = refundLine(receipt, { totalPaise: 50001, taxablePaise: 42374, cgstPaise: 3814, sgstPaise: 3813, igstPaise: 0 }, 67999, 'Refund');
    expect([rest.taxablePaise, rest.cgst?.amountPaise, rest.sgst?.amountPaise, rest.totalPaise]).toEqual([57626, 5186, 5187, 67999]);
    expect(first.taxablePaise + rest.taxablePaise).toBe(receipt.taxablePaise);
    expect(() => refundLine(receipt, { totalPaise: 50001, taxablePaise: 42374, cgstPaise: 3814, sgstPaise: 3813, igstPaise: 0 }, 68000, 'Refund')).toThrow(
      /67999/,
    );
    // Across States the refund is IGST at the receipt's rate; an exempt advance's refund carries no tax.
    expect(refundLine(advanceLine('Advance', null, 10000, 1800, false, INTER), none, 5000, 'Refund').igst).toEqual({ rateBasisPoints: 1800, amountPaise: 763 });
    const exempt = refundLine(advanceLine('Advance', null, 10000, 0, true, INTRA), none, 4000, 'Refund');
    expect([exempt.taxablePaise, exempt.cgst, exempt.igst, exempt.exempt]).toEqual([4000, null, null, true]);
  });

  it('credits a line in parts that reconcile to the paisa', () => {
    const original = priceLine(line({ unitPricePaise: 350000, discountPaise: 35000, rateBasisPoints: 1800 }), INTRA); // 3,15,000 + 28,350 + 28,350
    // 1,00,001 at 9 % = 9,000.09 → 9,000 each head.
    const first = creditLine(original, { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }, 100001);
    expect([first.taxablePaise, first.cgst?.amountPaise, first.sgst?.amountPaise, first.totalPaise]).toEqual([100001, 9000, 9000, 118001]);
    // What is left: 2,14,999 taxable and 28,350 − 9,000 = 19,350 each head, whatever 9 % of it rounds to.
    const rest = creditLine(original, { taxablePaise: 100001, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0 }, null);
    expect([rest.taxablePaise, rest.cgst?.amountPaise, rest.sgst?.amountPaise]).toEqual([214999, 19350, 19350]);
    expect(() => creditLine(original, { taxablePaise: 100001, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0 }, 215000)).toThrow(/214999/);
  });
});

describe('which document', () => {
  const taxable = { exempt: false };
  const exempt = { exempt: true };
  it('follows the lines, the clinic and the recipient', () => {
    expect(saleDocumentKind([taxable], false, false)).toMatchObject({ kind: 'bill_of_supply' });
    expect(saleDocumentKind([exempt, exempt], true, true)).toMatchObject({ kind: 'bill_of_supply' });
    expect(saleDocumentKind([taxable], true, true)).toEqual({ kind: 'invoice', title: 'Tax Invoice' });
    expect(saleDocumentKind([taxable, exempt], true, false)).toEqual({ kind: 'invoice', title: 'Invoice-cum-Bill of Supply' });
    expect(saleDocumentKind([taxable, exempt], true, true)).toHaveProperty('refused');
    expect(documentTitle('invoice', [taxable, exempt])).toBe('Invoice-cum-Bill of Supply');
    expect(documentTitle('credit_note', [taxable])).toBe('Credit Note');
  });
});
