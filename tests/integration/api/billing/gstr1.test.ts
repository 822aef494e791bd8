// The GSTR-1 export on each engine (issue 35): the unit fixture's month (tests/unit/machines/billing/
// gstr1.test.ts, where every figure is worked out by hand) issued through the API — a B2B invoice
// with two rates and a discount, an invoice-cum-bill of supply with exempt and nil-rated lines, a
// small and a large inter-State B2C invoice, two bills of supply, three credit notes and an
// advance — and the download compared table by table with the same figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { auditCount, issuedManual, setUpBilling } from './fixtures.ts';

const BUYER = '29AAGCB7383J1Z4';
const BUSINESS = { name: 'Bengaluru Corporate Wellness LLP', address: '88 MG Road, Bengaluru 560001', gstin: BUYER, state_code: '29' };
const free = (description: string, code: string, quantity: number, unit_price_paise: number, gst_rate_bp: number, more: object = {}) => ({
  description,
  code,
  quantity,
  unit_price_paise,
  gst_rate_bp,
  ...more,
});

describe.each(engines)('GSTR-1 export on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    client = await addUser(t, 'CLIENT', { profile: { address_line_1: '4 Hill Road', city: 'Mumbai', zipcode: '400050' } });
  }, 180_000);
  afterAll(() => t.close());

  const download = (who: Actor, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/billing/returns/gstr1?${query}`, headers: { authorization: `Bearer ${who.accessToken}` } });

  it('is refused until billing is set up (409), and checks the period (400 naming the field)', async () => {
    expect((await download(admin, 'period=2026-10')).statusCode).toBe(409);
    const both = await download(admin, 'period=2026-10&quarter=2026-27-Q3');
    expect(both.statusCode).toBe(400);
    expect(Object.keys(JSON.parse(both.body).errors)).toEqual(['quarter']);
  });

  it("returns the month's documents in every table, as the hand-computed fixture says", async () => {
    await setUpBilling(t, admin);
    const doc = (lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => issuedManual(t, reception, client.id, lines, extra);
    const inv1 = await doc(
      [free('Corporate yoga workshop', '999723', 4, 250_000, 500, { discount_paise: 100_000 }), free('Hydrafacial', '999722', 1, 300_000, 1800)],
      { recipient: BUSINESS },
    );
    const inv2 = await doc([
      free('Abhyanga massage', '999722', 1, 199_900, 500),
      free('Doctor consultation', '999312', 1, 80_000, 0, { exempt: true }),
      free('Herbal tea sample', '0902', 1, 10_000, 0),
    ]);
    const inv3 = await doc([free('Online nutrition plan', '999319', 1, 150_000, 1800)], { place_of_supply_state_code: '29' });
    const inv4 = await doc(
      [free('Wellness retreat, 5 days', '999723', 1, 12_000_000, 500, { discount_paise: 500_000 }), free('Omega 3 capsules', '2106', 2, 59_900, 1800)],
      { place_of_supply_state_code: '07', recipient: { name: 'Asha Kulkarni', address: '12 Hauz Khas, New Delhi 110016', state_code: '07' } },
    );
    const bos1 = await doc([free('Physiotherapy', '999314', 2, 70_000, 0, { exempt: true })]);
    const bos2 = await doc([free('Executive health check-up', '999312', 1, 500_000, 0, { exempt: true })], { recipient: BUSINESS });
    const credit = async (of: { id: number; lines: { id: number }[] }, line: number, taxable: number) => {
      const res = await api(t, reception, 'POST', `/billing/documents/${of.id}/credit-notes`, {
        reason: 'Part refund',
        lines: [{ line: of.lines[line].id, taxable_paise: taxable }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const cn1 = await credit(inv1, 0, 100_000);
    const cn2 = await credit(inv2, 0, 99_900);
    const cn3 = await credit(inv4, 1, 59_900);
    const rv = await api(t, reception, 'POST', '/billing/advances', { client: client.id, amount_paise: 590_000, method: 'card', reference: 'TID-9' });
    expect(rv.status).toBe(201);
    expect([inv1, inv2, inv3, inv4].map((d) => d.totals.total_paise)).toEqual([1_299_000, 299_900, 177_000, 12_216_400]);

    const issuedOn: string = inv1.issued_on;
    const month = issuedOn.slice(0, 7);
    const fp = `${issuedOn.slice(5, 7)}${issuedOn.slice(0, 4)}`;
    const idt = `${issuedOn.slice(8, 10)}-${issuedOn.slice(5, 7)}-${issuedOn.slice(0, 4)}`;
    const n = (d: { number: string }) => d.number;
    const cnNumber = (d: { number?: string }) => d.number!;
    const auditsBefore = await auditCount(t, 'billing.gstr1.export', null);

    const res = await download(admin, `period=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR1_27AAPFU0939F1ZV_${fp}.json"`);
    expect(await auditCount(t, 'billing.gstr1.export', null)).toBe(auditsBefore + 1);
    const ret = JSON.parse(res.body);
    const series = (d: { number: string }) => d.number.slice(0, d.number.lastIndexOf('/'));

    expect(ret).toEqual({
      gstin: '27AAPFU0939F1ZV',
      fp,
      version: 'GST3.2.3',
      hash: 'hash',
      b2b: [
        {
          ctin: BUYER,
          inv: [
            {
              inum: n(inv1),
              idt,
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
      ],
      b2cl: [
        {
          pos: '07',
          inv: [
            {
              inum: n(inv4),
              idt,
              val: 122164,
              itms: [
                { num: 1, itm_det: { rt: 5, txval: 115000, iamt: 5750, csamt: 0 } },
                { num: 2, itm_det: { rt: 18, txval: 1198, iamt: 215.64, csamt: 0 } },
              ],
            },
          ],
        },
      ],
      b2cs: [
        { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 5, txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 },
        { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 1500, iamt: 270, camt: 0, samt: 0, csamt: 0 },
      ],
      nil: {
        inv: [
          { sply_ty: 'INTRAB2B', expt_amt: 5000, nil_amt: 0, ngsup_amt: 0 },
          { sply_ty: 'INTRAB2C', expt_amt: 2200, nil_amt: 100, ngsup_amt: 0 },
        ],
      },
      cdnr: [
        {
          ctin: BUYER,
          nt: [
            {
              ntty: 'C',
              nt_num: cnNumber(cn1),
              nt_dt: idt,
              val: 1050,
              pos: '27',
              rchrg: 'N',
              inv_typ: 'R',
              itms: [{ num: 1, itm_det: { rt: 5, txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 } }],
            },
          ],
        },
      ],
      cdnur: [
        {
          ntty: 'C',
          nt_num: cnNumber(cn3),
          nt_dt: idt,
          val: 707,
          typ: 'B2CL',
          pos: '07',
          itms: [{ num: 1, itm_det: { rt: 18, txval: 599, iamt: 107.82, csamt: 0 } }],
        },
      ],
      hsn: {
        hsn_b2b: [
          { num: 1, hsn_sc: '999312', desc: 'Executive health check-up', uqc: 'NA', qty: 0, rt: 0, txval: 5000, iamt: 0, camt: 0, samt: 0, csamt: 0 },
          { num: 2, hsn_sc: '999722', desc: 'Hydrafacial', uqc: 'NA', qty: 0, rt: 18, txval: 3000, iamt: 0, camt: 270, samt: 270, csamt: 0 },
          { num: 3, hsn_sc: '999723', desc: 'Corporate yoga workshop', uqc: 'NA', qty: 0, rt: 5, txval: 8000, iamt: 0, camt: 200, samt: 200, csamt: 0 },
        ],
        hsn_b2c: [
          { num: 1, hsn_sc: '0902', desc: 'Herbal tea sample', uqc: 'NOS', qty: 1, rt: 0, txval: 100, iamt: 0, camt: 0, samt: 0, csamt: 0 },
          { num: 2, hsn_sc: '2106', desc: 'Omega 3 capsules', uqc: 'NOS', qty: 2, rt: 18, txval: 599, iamt: 107.82, camt: 0, samt: 0, csamt: 0 },
          { num: 3, hsn_sc: '999312', desc: 'Doctor consultation', uqc: 'NA', qty: 0, rt: 0, txval: 800, iamt: 0, camt: 0, samt: 0, csamt: 0 },
          { num: 4, hsn_sc: '999314', desc: 'Physiotherapy', uqc: 'NA', qty: 0, rt: 0, txval: 1400, iamt: 0, camt: 0, samt: 0, csamt: 0 },
          { num: 5, hsn_sc: '999319', desc: 'Online nutrition plan', uqc: 'NA', qty: 0, rt: 18, txval: 1500, iamt: 270, camt: 0, samt: 0, csamt: 0 },
          { num: 6, hsn_sc: '999722', desc: 'Abhyanga massage', uqc: 'NA', qty: 0, rt: 5, txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 },
          { num: 7, hsn_sc: '999723', desc: 'Wellness retreat, 5 days', uqc: 'NA', qty: 0, rt: 5, txval: 115000, iamt: 5750, camt: 0, samt: 0, csamt: 0 },
        ],
      },
      doc_issue: {
        doc_det: [
          {
            doc_num: 1,
            docs: [
              { num: 1, from: n(bos1), to: n(bos2), totnum: 2, cancel: 0, net_issue: 2 },
              { num: 2, from: n(inv1), to: n(inv4), totnum: 4, cancel: 0, net_issue: 4 },
            ],
          },
          { doc_num: 5, docs: [{ num: 1, from: cnNumber(cn1), to: cnNumber(cn3), totnum: 3, cancel: 0, net_issue: 3 }] },
          { doc_num: 6, docs: [{ num: 1, from: rv.body.number, to: rv.body.number, totnum: 1, cancel: 0, net_issue: 1 }] },
        ],
      },
    });
    expect([series(inv1), series(bos1), series(cn1), series(rv.body)].map((s) => s.split('/')[0])).toEqual(['INV', 'BOS', 'CN', 'RV']);
    expect(cnNumber(cn2)).not.toBe(cnNumber(cn1));

    // The quarter holding the month gives the same tables; another month has the header only.
    const y = Number(issuedOn.slice(0, 4));
    const m = Number(issuedOn.slice(5, 7));
    const fyStart = m >= 4 ? y : y - 1;
    const q = m >= 4 ? Math.floor((m - 4) / 3) + 1 : 4;
    const quarter = await download(admin, `quarter=${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}-Q${q}`);
    expect(quarter.statusCode).toBe(200);
    expect({ ...JSON.parse(quarter.body), fp: undefined }).toEqual({ ...ret, fp: undefined });
    const empty = await download(admin, 'period=2020-01');
    expect(JSON.parse(empty.body)).toEqual({ gstin: '27AAPFU0939F1ZV', fp: '012020', version: 'GST3.2.3', hash: 'hash' });
    // SUPER_ADMIN reads it; the front desk does not.
    expect((await download(await addUser(t, 'SUPER_ADMIN'), `period=${month}`)).body).toBe(res.body);
    expect((await download(reception, `period=${month}`)).statusCode).toBe(403);
  });

  it('is refused for a clinic without a GSTIN (409): it files no GSTR-1', async () => {
    const settings = await api(t, admin, 'GET', '/billing/settings');
    const { state_name: _name, configured: _c, ...rest } = settings.body;
    expect((await api(t, admin, 'PUT', '/billing/settings', { ...rest, gstin: null })).status).toBe(200);
    const res = await download(admin, 'period=2026-10');
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body).detail).toBe('The clinic has no GSTIN in its tax settings, so it files no GSTR-1.');
  });
});
