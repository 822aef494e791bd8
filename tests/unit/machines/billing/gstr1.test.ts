// The GSTR-1 builder (machines/billing/gstr1.ts) against a month of a Maharashtra clinic's
// documents whose return is worked out by hand below (India reference §2). The documents are
// priced by the billing rules themselves (priceLine, creditLine, documentTotals), so they are what
// the clinic would have issued; every figure of the expected return is written out with its sum.
import { describe, expect, it } from 'vitest';
import type { BillingLine, GstState, IssuedBillingDocument } from '../../../../machines/billing/billing-document.ts';
import { buildGstr1, type Gstr1Period, gstr1FileName, GSTR1_PERIOD_TEXTS, monthPeriod, quarterPeriod } from '../../../../machines/billing/gstr1.ts';
import { creditLine, documentTotals, type LineInput, priceLine } from '../../../../machines/billing/tax.ts';

const MH: GstState = { code: '27', name: 'Maharashtra' };
const KA: GstState = { code: '29', name: 'Karnataka' };
const DL: GstState = { code: '07', name: 'Delhi' };
const GSTIN = '27AAPFU0939F1ZV';
const BUYER = '29AAGCB7383J1Z4';
const SUPPLIER = { legalName: 'Thrive Wellness Private Limited', address: 'Mumbai', gstin: GSTIN, state: MH };

const line = (description: string, code: string, quantity: number, unitRupees: number, rateBp: number, opts: Partial<LineInput> = {}): LineInput => ({
  description,
  code,
  quantity,
  unitPricePaise: unitRupees * 100,
  discountPaise: 0,
  rateBasisPoints: rateBp,
  exempt: false,
  fromPackage: null,
  ...opts,
});

function doc(
  kind: IssuedBillingDocument['kind'],
  number: string,
  issuedOn: string,
  to: { gstin?: string; pos: GstState },
  lines: (LineInput | BillingLine)[],
  references: IssuedBillingDocument['references'] = [],
): IssuedBillingDocument {
  const priced = lines.map((l) => ('taxablePaise' in l ? l : priceLine(l, { registered: true, intraState: to.pos.code === MH.code })));
  return {
    kind,
    number,
    issuedOn,
    financialYear: '2026-27',
    supplier: SUPPLIER,
    recipient: { name: 'Someone', address: null, gstin: to.gstin ?? null, state: to.pos },
    placeOfSupply: to.pos,
    reverseCharge: false,
    lines: priced,
    totals: documentTotals(priced, () => ''),
    references,
    payments: [],
    note: null,
  };
}
const NOTHING_CREDITED = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
const ref = (d: IssuedBillingDocument) => [{ kind: d.kind, number: d.number, issuedOn: d.issuedOn }];

// 1. B2B, in the clinic (POS 27 for a Karnataka buyer, s.12(4)), two rates and a discount.
//    Yoga: 4 × 2,500.00 − 1,000.00 = 9,000.00; 2.5 % = 225.00 each head. Facial: 3,000.00; 9 % = 270.00 each.
//    Total 9,000 + 450 + 3,000 + 540 = 12,990.00 (no round-off).
const INV11 = doc('invoice', 'INV/26-27/00011', '2026-10-03', { gstin: BUYER, pos: MH }, [
  line('Corporate yoga workshop', '999723', 4, 2500, 500, { discountPaise: 100_000 }),
  line('Hydrafacial', '999722', 1, 3000, 1800),
]);
// 2. B2C within the State, invoice-cum-bill of supply: massage 1,999.00 at 5 % (2.5 % of 1,999.00 =
//    49.975 → 49.98 each head); an exempt consultation 800.00; a nil-rated (0 %, not exempt) sample
//    100.00; a ₹0 package session (taxed when the package was sold: in no table).
//    Total 1,999 + 99.96 + 800 + 100 = 2,998.96 → 2,999.00.
const INV12 = doc('invoice', 'INV/26-27/00012', '2026-10-10', { pos: MH }, [
  line('Abhyanga massage', '999722', 1, 1999, 500),
  line('Doctor consultation', '999312', 1, 800, 0, { exempt: true }),
  line('Herbal tea sample', '0902', 1, 100, 0),
  line('Physiotherapy session', '999314', 1, 0, 500, { fromPackage: 'Physio 10' }),
]);
// 3. B2C across States (an online session to a Karnataka client), small: 1,500.00, IGST 18 % = 270.00.
const INV13 = doc('invoice', 'INV/26-27/00013', '2026-10-15', { pos: KA }, [line('Online nutrition plan', '999319', 1, 1500, 1800)]);
// 4. B2C across States above ₹1,00,000 (b2cl): retreat 1,20,000.00 − 5,000.00 = 1,15,000.00, IGST 5 % =
//    5,750.00; Omega 3 2 × 599.00 = 1,198.00, IGST 18 % = 215.64. 1,22,163.64 → 1,22,164.00 (64 paise round up).
const INV14 = doc('invoice', 'INV/26-27/00014', '2026-10-20', { pos: DL }, [
  line('Wellness retreat, 5 days', '999723', 1, 120_000, 500, { discountPaise: 500_000 }),
  line('Omega 3 capsules', '2106', 2, 599, 1800),
]);
// 5, 6. Bills of supply (exempt only): physiotherapy 2 × 700.00 = 1,400.00 to a client; a health
//    check-up 5,000.00 to the Karnataka business (still POS 27).
const BOS5 = doc('bill_of_supply', 'BOS/26-27/00005', '2026-10-05', { pos: MH }, [line('Physiotherapy', '999314', 2, 700, 0, { exempt: true })]);
const BOS6 = doc('bill_of_supply', 'BOS/26-27/00006', '2026-10-06', { gstin: BUYER, pos: MH }, [
  line('Executive health check-up', '999312', 1, 5000, 0, { exempt: true }),
]);
// 7. Credit notes: 1,000.00 of the B2B yoga line (25.00 each head, 1,050.00); 999.00 of the B2C
//    massage (2.5 % of 999.00 = 24.975 → 24.98 each head, 1,048.96 → 1,049.00; netted into b2cs);
//    599.00 of the Omega 3 on the b2cl invoice (IGST 18 % = 107.82, 706.82 → 707.00; to cdnur).
const CN3 = doc('credit_note', 'CN/26-27/00003', '2026-10-25', { gstin: BUYER, pos: MH }, [creditLine(INV11.lines[0], NOTHING_CREDITED, 100_000)], ref(INV11));
const CN4 = doc('credit_note', 'CN/26-27/00004', '2026-10-26', { pos: MH }, [creditLine(INV12.lines[0], NOTHING_CREDITED, 99_900)], ref(INV12));
const CN5 = doc('credit_note', 'CN/26-27/00005', '2026-10-28', { pos: DL }, [creditLine(INV14.lines[1], NOTHING_CREDITED, 59_900)], ref(INV14));
// 8. An advance's receipt voucher: Table 13 only.
const RV2 = doc('receipt', 'RV/26-27/00002', '2026-10-12', { pos: MH }, [line('Advance for a retreat', '999723', 1, 5000, 1800)]);
// Outside October: the day before and the day after.
const INV10 = doc('invoice', 'INV/26-27/00010', '2026-09-30', { pos: MH }, [line('Hydrafacial', '999722', 1, 3000, 1800)]);
const INV15 = doc('invoice', 'INV/26-27/00015', '2026-11-01', { gstin: BUYER, pos: MH }, [line('Hydrafacial', '999722', 1, 3000, 1800)]);

const OCTOBER = monthPeriod('2026-10') as Gstr1Period;
const DOCUMENTS = [INV10, INV11, INV12, INV13, INV14, BOS5, BOS6, CN3, CN4, CN5, RV2, INV15];

describe('GSTR-1 of October 2026 from the fixture', () => {
  const ret = buildGstr1({ gstin: GSTIN, period: OCTOBER, documents: DOCUMENTS, originals: [INV11, INV12, INV14] });

  it('the fixture is what the clinic would have issued (totals as the comments say)', () => {
    expect([INV11, INV12, INV13, INV14, CN3, CN4, CN5].map((d) => d.totals.totalPaise)).toEqual([
      1_299_000, 299_900, 177_000, 12_216_400, 105_000, 104_900, 70_700,
    ]);
  });

  it('header: the GSTIN, fp MMYYYY, the tool version and the hash placeholder', () => {
    expect({ gstin: ret.gstin, fp: ret.fp, version: ret.version, hash: ret.hash }).toEqual({ gstin: GSTIN, fp: '102026', version: 'GST3.2.3', hash: 'hash' });
  });

  it('b2b: the invoice to the GSTIN, one item per rate, CGST and SGST (not the bill of supply, not November)', () => {
    expect(ret.b2b).toEqual([
      {
        ctin: BUYER,
        inv: [
          {
            inum: 'INV/26-27/00011',
            idt: '03-10-2026',
            val: 12990,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1, itm_det: { rt: 5, txval: 9000, iamt: 0, camt: 225, samt: 225, csamt: 0 } },
              { num: 2, itm_det: { rt: 18, txval: 3000, iamt: 0, camt: 270, samt: 270, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
  });

  it('b2cl: the inter-State B2C invoice above ₹1,00,000, IGST only', () => {
    expect(ret.b2cl).toEqual([
      {
        pos: '07',
        inv: [
          {
            inum: 'INV/26-27/00014',
            idt: '20-10-2026',
            val: 122164,
            itms: [
              { num: 1, itm_det: { rt: 5, txval: 115000, iamt: 5750, csamt: 0 } },
              { num: 2, itm_det: { rt: 18, txval: 1198, iamt: 215.64, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
  });

  it('b2cs: by place of supply and rate, net of the B2C credit note', () => {
    // (27, 5 %): 1,999.00 − 999.00 = 1,000.00; 49.98 − 24.98 = 25.00 each head. (29, 18 %): 1,500.00, IGST 270.00.
    expect(ret.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 5, txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 },
      { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 1500, iamt: 270, camt: 0, samt: 0, csamt: 0 },
    ]);
  });

  it('nil: exempt lines as expt_amt, 0 % lines as nil_amt, by B2B/B2C within the State', () => {
    // INTRAB2B: the check-up 5,000.00. INTRAB2C: consultation 800.00 + physiotherapy 1,400.00 = 2,200.00 exempt; the sample 100.00 nil.
    expect(ret.nil).toEqual({
      inv: [
        { sply_ty: 'INTRAB2B', expt_amt: 5000, nil_amt: 0, ngsup_amt: 0 },
        { sply_ty: 'INTRAB2C', expt_amt: 2200, nil_amt: 100, ngsup_amt: 0 },
      ],
    });
  });

  it('cdnr: the credit note to the GSTIN, unsigned', () => {
    expect(ret.cdnr).toEqual([
      {
        ctin: BUYER,
        nt: [
          {
            ntty: 'C',
            nt_num: 'CN/26-27/00003',
            nt_dt: '25-10-2026',
            val: 1050,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 5, txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 } }],
          },
        ],
      },
    ]);
  });

  it('cdnur: the credit note against the b2cl invoice (706.82 → 707.00)', () => {
    expect(ret.cdnur).toEqual([
      {
        ntty: 'C',
        nt_num: 'CN/26-27/00005',
        nt_dt: '28-10-2026',
        val: 707,
        typ: 'B2CL',
        pos: '07',
        itms: [{ num: 1, itm_det: { rt: 18, txval: 599, iamt: 107.82, csamt: 0 } }],
      },
    ]);
  });

  it('hsn: split B2B / B2C, by code and rate, net of credit notes, exempt at rate 0, SAC without units', () => {
    expect(ret.hsn?.hsn_b2b).toEqual([
      // the check-up 5,000.00 (exempt)
      { num: 1, hsn_sc: '999312', desc: 'Executive health check-up', uqc: 'NA', qty: 0, rt: 0, txval: 5000, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { num: 2, hsn_sc: '999722', desc: 'Hydrafacial', uqc: 'NA', qty: 0, rt: 18, txval: 3000, iamt: 0, camt: 270, samt: 270, csamt: 0 },
      // 9,000.00 − 1,000.00 = 8,000.00; 225.00 − 25.00 = 200.00 each head
      { num: 3, hsn_sc: '999723', desc: 'Corporate yoga workshop', uqc: 'NA', qty: 0, rt: 5, txval: 8000, iamt: 0, camt: 200, samt: 200, csamt: 0 },
    ]);
    expect(ret.hsn?.hsn_b2c).toEqual([
      { num: 1, hsn_sc: '0902', desc: 'Herbal tea sample', uqc: 'NOS', qty: 1, rt: 0, txval: 100, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      // 1,198.00 − 599.00 = 599.00; 215.64 − 107.82 = 107.82; 2 units sold (a credit takes value back, not units)
      { num: 2, hsn_sc: '2106', desc: 'Omega 3 capsules', uqc: 'NOS', qty: 2, rt: 18, txval: 599, iamt: 107.82, camt: 0, samt: 0, csamt: 0 },
      { num: 3, hsn_sc: '999312', desc: 'Doctor consultation', uqc: 'NA', qty: 0, rt: 0, txval: 800, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      // physiotherapy 1,400.00; the ₹0 package session adds nothing
      { num: 4, hsn_sc: '999314', desc: 'Physiotherapy', uqc: 'NA', qty: 0, rt: 0, txval: 1400, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { num: 5, hsn_sc: '999319', desc: 'Online nutrition plan', uqc: 'NA', qty: 0, rt: 18, txval: 1500, iamt: 270, camt: 0, samt: 0, csamt: 0 },
      // 1,999.00 − 999.00 = 1,000.00; 49.98 − 24.98 = 25.00 each head
      { num: 6, hsn_sc: '999722', desc: 'Abhyanga massage', uqc: 'NA', qty: 0, rt: 5, txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 },
      { num: 7, hsn_sc: '999723', desc: 'Wellness retreat, 5 days', uqc: 'NA', qty: 0, rt: 5, txval: 115000, iamt: 5750, camt: 0, samt: 0, csamt: 0 },
    ]);
  });

  it('doc_issue: per kind and series, first and last number, none cancelled', () => {
    expect(ret.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          docs: [
            { num: 1, from: 'BOS/26-27/00005', to: 'BOS/26-27/00006', totnum: 2, cancel: 0, net_issue: 2 },
            // 00011 to 00014: 00010 was September's, 00015 November's
            { num: 2, from: 'INV/26-27/00011', to: 'INV/26-27/00014', totnum: 4, cancel: 0, net_issue: 4 },
          ],
        },
        { doc_num: 5, docs: [{ num: 1, from: 'CN/26-27/00003', to: 'CN/26-27/00005', totnum: 3, cancel: 0, net_issue: 3 }] },
        { doc_num: 6, docs: [{ num: 1, from: 'RV/26-27/00002', to: 'RV/26-27/00002', totnum: 1, cancel: 0, net_issue: 1 }] },
      ],
    });
  });

  it('has no other table', () => {
    expect(Object.keys(ret).sort()).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'doc_issue', 'fp', 'gstin', 'hash', 'hsn', 'nil', 'version']);
  });
});

describe('GSTR-1 edges', () => {
  it('sums paise, not rupees: three ₹0.10 sales are 0.3 in the JSON, not 0.30000000000000004', () => {
    const tiny = [1, 2, 3].map((n) =>
      doc('invoice', `INV/26-27/0000${n}`, '2026-10-01', { pos: MH }, [line('Sample', '999722', 1, 0, 1800, { unitPricePaise: 10 })]),
    );
    const ret = buildGstr1({ gstin: GSTIN, period: OCTOBER, documents: tiny, originals: [] });
    // 18 % of 0.10 = 0.018: 0.009 each head → 0.01 each (half up); three of them 0.03.
    expect(JSON.stringify(ret.b2cs)).toBe('[{"sply_ty":"INTRA","pos":"27","typ":"OE","rt":18,"txval":0.3,"iamt":0,"camt":0.03,"samt":0.03,"csamt":0}]');
  });

  it('a number missing between the first and the last of a series is reported cancelled', () => {
    const ret = buildGstr1({ gstin: GSTIN, period: OCTOBER, documents: [INV11, INV13], originals: [] });
    expect(ret.doc_issue?.doc_det[0].docs).toEqual([{ num: 1, from: 'INV/26-27/00011', to: 'INV/26-27/00013', totnum: 3, cancel: 1, net_issue: 2 }]);
  });

  it('a month with nothing issued has the header only', () => {
    expect(buildGstr1({ gstin: GSTIN, period: monthPeriod('2026-12') as Gstr1Period, documents: DOCUMENTS, originals: [] })).toEqual({
      gstin: GSTIN,
      fp: '122026',
      version: 'GST3.2.3',
      hash: 'hash',
    });
  });

  it('a quarter takes its three months and files as its last month', () => {
    const q3 = quarterPeriod('2026-27-Q3') as Gstr1Period;
    expect(q3).toEqual({ from: '2026-10-01', to: '2026-12-31', fp: '122026' });
    const ret = buildGstr1({ gstin: GSTIN, period: q3, documents: DOCUMENTS, originals: [INV11, INV12, INV14] });
    // October's 11 documents and INV/26-27/00015 of 1 November: INV 00011–00015.
    expect(ret.doc_issue?.doc_det[0].docs[1]).toMatchObject({ from: 'INV/26-27/00011', to: 'INV/26-27/00015', totnum: 5 });
  });
});

describe('GSTR-1 periods', () => {
  it('months', () => {
    expect(monthPeriod('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28', fp: '022027' });
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29', fp: '022028' });
    for (const bad of ['2026-13', '2026-00', '2026-4', '26-04', '2026-04-01', '']) expect(monthPeriod(bad), bad).toEqual({ problem: GSTR1_PERIOD_TEXTS.month });
  });
  it('quarters of the financial year', () => {
    expect(quarterPeriod('2026-27-Q1')).toEqual({ from: '2026-04-01', to: '2026-06-30', fp: '062026' });
    expect(quarterPeriod('2026-27-Q4')).toEqual({ from: '2027-01-01', to: '2027-03-31', fp: '032027' });
    expect(quarterPeriod('1999-00-Q2')).toEqual({ from: '1999-07-01', to: '1999-09-30', fp: '091999' });
    for (const bad of ['2026-28-Q1', '2026-27-Q5', '2026-Q1', '2026-27']) expect(quarterPeriod(bad), bad).toEqual({ problem: GSTR1_PERIOD_TEXTS.quarter });
  });
  it('the file name', () => {
    expect(gstr1FileName(GSTIN, '102026')).toBe('GSTR1_27AAPFU0939F1ZV_102026.json');
  });
});
