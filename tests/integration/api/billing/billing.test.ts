// Billing end to end on each engine (issue 34): tax settings and item tax data, "Bill this visit"
// with a package session (₹0 "from package …") and a product, issuing (numbered, frozen, never
// changed after), part payments in cash (with change) and UPI, a credit note for one line with a
// refund, a whole credit note, advances applied to a later invoice, a client's own documents and
// balance (another's 404), ~20 documents issued at once numbered with no gap or duplicate, and
// drafts issued together refused one by one (a key sent again, a draft asked twice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { BILLING_TEXTS } from '../../../../server/api/billing/route-helpers.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addAppointment, addTaxedService, auditCount, issuedManual, sellPackage, SETTINGS, setUpBilling } from './fixtures.ts';

const serial = (number: string) => Number(number.split('/')[2]);

describe.each(engines)('billing on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let nurse: Actor;
  let client: Actor;
  let other: Actor;
  let facial: number;
  let consult: number;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT', { profile: { address_line_1: '4 Hill Road', city: 'Mumbai', zipcode: '400050' } });
    other = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  it('keeps tax settings checked field by field, and issues nothing before they are saved', async () => {
    const before = await api(t, reception, 'GET', '/billing/settings');
    expect(before.body).toMatchObject({ configured: false, gstin: null, gst_rates_bp: [0, 500, 1800, 4000] });
    const draft = await api(t, reception, 'POST', '/billing/documents', {
      from: 'manual',
      client: client.id,
      lines: [{ description: 'x', unit_price_paise: 100, gst_rate_bp: 0 }],
    });
    expect(draft.status).toBe(409);
    const bad = await api(t, admin, 'PUT', '/billing/settings', { ...SETTINGS, gstin: '22AAAAA0000A1Z5', state_code: '22' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['gstin']);
    const elsewhere = await api(t, admin, 'PUT', '/billing/settings', { ...SETTINGS, state_code: '29' });
    expect(elsewhere.body.errors).toHaveProperty('gstin');
    const same = await api(t, admin, 'PUT', '/billing/settings', {
      ...SETTINGS,
      series_prefixes: { invoice: 'A', bill_of_supply: 'A', credit_note: 'C', receipt: 'R' },
    });
    expect(same.body.errors).toHaveProperty('series_prefixes');
    expect((await api(t, reception, 'PUT', '/billing/settings', SETTINGS)).status).toBe(403);
    expect((await api(t, admin, 'GET', '/billing/settings')).body.configured).toBe(false);
    await setUpBilling(t, admin);
    expect((await api(t, nurse, 'GET', '/billing/settings')).status).toBe(403);
    expect((await api(t, reception, 'GET', '/billing/settings')).body).toMatchObject({ configured: true, state_name: 'Maharashtra', gstin: SETTINGS.gstin });
    facial = await addTaxedService(t, admin, 3500, 1800, false);
    consult = await addTaxedService(t, admin, 800, 0, true, '999312');
    const rate = await api(t, admin, 'PUT', '/billing/item-tax', { item_kind: 'service', item_id: facial, code: '999722', gst_rate_bp: 1200, exempt: false });
    expect(rate.status).toBe(400);
    expect(Object.keys(rate.body.errors)).toEqual(['gst_rate_bp']);
  });

  it('bills a checked-in visit with a package session and a product, issues it once and never changes it', async () => {
    const { pkg, plan } = await sellPackage(t, client.id, facial, 15000);
    const booked = await addAppointment(t, client.id, facial, nurse.id, 'booked', pkg);
    expect((await api(t, reception, 'POST', '/billing/documents', { from: 'appointment', source: booked })).status).toBe(409);
    const visit = await addAppointment(t, client.id, facial, nurse.id, 'checked_in', pkg);
    const product = await api(t, admin, 'POST', '/billing/products', {
      name: 'Vitamin C serum',
      code: '3304',
      unit_price_paise: 99900,
      gst_rate_bp: 1800,
      exempt: false,
    });
    expect(product.status).toBe(201);
    const audits = await auditCount(t, 'billing.document.create', client.id);
    const draft = await api(t, reception, 'POST', '/billing/documents', {
      from: 'appointment',
      source: visit,
      lines: [{ product: product.body.id, quantity: 2, discount_paise: 9800 }],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(await auditCount(t, 'billing.document.create', client.id)).toBe(audits + 1);
    expect(draft.body).toMatchObject({ status: 'draft', number: null, kind: 'invoice', issued: null, client: client.id });
    const [session, serum] = draft.body.lines;
    expect(session).toMatchObject({ origin: 'package_session', unit_price_paise: 0, total_paise: 0, from_package: plan });
    // 2 × 99,900 − 9,800 = 1,90,000; 9 % = 17,100 CGST and SGST; 2,24,200.
    expect(serum).toMatchObject({ taxable_paise: 190000, cgst_paise: 17100, sgst_paise: 17100, igst_paise: 0, total_paise: 224200 });
    expect(draft.body.totals).toMatchObject({ total_paise: 224200, round_off_paise: 0, total_in_words: 'Two Thousand Two Hundred Forty Two Rupees Only' });
    expect((await api(t, reception, 'POST', '/billing/documents', { from: 'appointment', source: visit })).status).toBe(409);

    const badLine = await api(t, reception, 'PATCH', `/billing/documents/${draft.body.id}`, { lines: [{ line: session.id, gst_rate_bp: 500 }] });
    expect(badLine.status).toBe(400);
    expect(Object.keys(badLine.body.errors)).toEqual(['lines[0].gst_rate_bp']);
    const edited = await api(t, reception, 'PATCH', `/billing/documents/${draft.body.id}`, {
      lines: [{ line: session.id }, { line: serum.id, quantity: 1, discount_paise: 0 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // 99,900 + 8,991 + 8,991 = 1,17,882 → ₹1,178.82 → ₹1,179: round-off +18.
    expect(edited.body.totals).toMatchObject({ taxable_paise: 99900, cgst_paise: 8991, total_paise: 117900, round_off_paise: 18 });

    const issued = await api(t, reception, 'POST', `/billing/documents/${draft.body.id}/issue`);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body).toMatchObject({ status: 'issued', kind: 'invoice', balance_paise: 117900 });
    expect(issued.body.number).toMatch(/^INV\/\d\d-\d\d\/00001$/);
    expect(issued.body.issued).toMatchObject({
      kind: 'invoice',
      number: issued.body.number,
      supplier: { gstin: SETTINGS.gstin, state: { code: '27', name: 'Maharashtra' } },
      placeOfSupply: { code: '27' },
      note: 'Thank you.',
    });
    expect(issued.body.issued.lines[0]).toMatchObject({ fromPackage: plan, totalPaise: 0 });

    // Nothing changes it now: not the clinic's address, not an edit, not a delete, not a second issue.
    await setUpBilling(t, admin, { ...SETTINGS, address: 'Elsewhere' });
    expect((await api(t, reception, 'GET', `/billing/documents/${draft.body.id}`)).body.issued.supplier.address).toBe(SETTINGS.address);
    await setUpBilling(t, admin);
    expect((await api(t, reception, 'PATCH', `/billing/documents/${draft.body.id}`, { note: 'x' })).status).toBe(409);
    expect((await api(t, reception, 'DELETE', `/billing/documents/${draft.body.id}`)).status).toBe(409);
    expect((await api(t, reception, 'POST', `/billing/documents/${draft.body.id}/issue`)).status).toBe(409);
  });

  it('bills a completed exempt consultation on a bill of supply', async () => {
    const visit = await addAppointment(t, client.id, consult, nurse.id, 'completed');
    const draft = await api(t, reception, 'POST', '/billing/documents', { from: 'appointment', source: visit });
    expect(draft.body).toMatchObject({ kind: 'bill_of_supply', source: { from: 'appointment', id: visit } });
    expect(draft.body.lines[0]).toMatchObject({ origin: 'service', code: '999312', exempt: true, unit_price_paise: 80000, cgst_paise: 0, total_paise: 80000 });
    const issued = await api(t, reception, 'POST', `/billing/documents/${draft.body.id}/issue`);
    expect(issued.body.number).toMatch(/^BOS\/\d\d-\d\d\/00001$/);
    expect(issued.body.issued.lines[0]).toMatchObject({ exempt: true, cgst: null, sgst: null, igst: null });
  });

  it('takes part in cash with change and the rest by UPI, refuses more than is due and a UTR twice', async () => {
    const doc = await issuedManual(t, reception, client.id, [{ description: 'Hydrafacial', code: '999722', unit_price_paise: 100000, gst_rate_bp: 1800 }]);
    expect(doc.balance_paise).toBe(118000);
    const upi = await api(t, client, 'GET', `/billing/documents/${doc.id}/upi`);
    expect(upi.status).toBe(200);
    expect(upi.body.uri).toBe(`upi://pay?pa=thrive%40okicici&pn=Thrive%20Wellness&am=1180.00&cu=INR&tn=${encodeURIComponent(doc.number)}`);
    const short = await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'cash', amount_paise: 50000, tendered_paise: 40000 });
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.errors)).toEqual(['tendered_paise']);
    const cash = await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'cash', amount_paise: 50000, tendered_paise: 60000 });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(cash.body).toMatchObject({ status: 'partially_paid', paid_paise: 50000, balance_paise: 68000 });
    expect(cash.body.payments[0]).toMatchObject({ method: 'cash', change_paise: 10000 });
    expect(
      (await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'upi', amount_paise: 68001, reference: '123456789012' })).status,
    ).toBe(409);
    const noUtr = await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'upi', amount_paise: 68000 });
    expect(Object.keys(noUtr.body.errors)).toEqual(['reference']);
    const rest = await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'upi', amount_paise: 68000, reference: '123456789012' });
    expect(rest.body).toMatchObject({ status: 'paid', balance_paise: 0 });
    expect((await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'card', amount_paise: 1, reference: 'T1' })).status).toBe(409);
    const again = await issuedManual(t, reception, client.id, [{ description: 'Massage', unit_price_paise: 10000, gst_rate_bp: 0 }]);
    expect(
      (await api(t, reception, 'POST', `/billing/documents/${again.id}/payments`, { method: 'upi', amount_paise: 10000, reference: '123456789012' })).status,
    ).toBe(409);
    expect((await api(t, client, 'GET', `/billing/documents/${doc.id}/upi`)).status).toBe(409);
    expect((await api(t, nurse, 'POST', `/billing/documents/${again.id}/payments`, { method: 'cash', amount_paise: 100 })).status).toBe(403);
  });

  it('credits one line with a refund, then the rest, which credits the document', async () => {
    const doc = await issuedManual(t, reception, client.id, [
      { description: 'Hydrafacial', code: '999722', unit_price_paise: 100000, gst_rate_bp: 1800 },
      { description: 'Serum', code: '3304', unit_price_paise: 50000, gst_rate_bp: 500 },
    ]);
    // 1,18,000 + 52,500 = 1,70,500.
    expect(doc.totals.total_paise).toBe(170500);
    await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'card', amount_paise: 170500, reference: 'TID-77' });
    const tooMuch = await api(t, reception, 'POST', `/billing/documents/${doc.id}/credit-notes`, {
      reason: 'Returned',
      lines: [{ line: doc.lines[1].id }],
      refund: { method: 'cash', amount_paise: 52501 },
    });
    expect(tooMuch.status).toBe(409);
    const note = await api(t, reception, 'POST', `/billing/documents/${doc.id}/credit-notes`, {
      reason: 'Returned',
      lines: [{ line: doc.lines[1].id }],
      refund: { method: 'cash', amount_paise: 52500 },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ kind: 'credit_note', status: 'issued', credits: { id: doc.id, number: doc.number }, totals: { total_paise: 52500 } });
    expect(note.body.number).toMatch(/^CN\/\d\d-\d\d\/00001$/);
    expect(note.body.issued.references).toEqual([{ kind: 'invoice', number: doc.number, issuedOn: doc.issued_on }]);
    const after = (await api(t, reception, 'GET', `/billing/documents/${doc.id}`)).body;
    expect(after).toMatchObject({ status: 'paid', credited_paise: 52500, refunded_paise: 52500, balance_paise: 0 });
    expect(after.lines[1].credited_taxable_paise).toBe(50000);
    expect((await api(t, reception, 'POST', `/billing/documents/${doc.id}/credit-notes`, { reason: 'Again', lines: [{ line: doc.lines[1].id }] })).status).toBe(
      409,
    );
    const rest = await api(t, reception, 'POST', `/billing/documents/${doc.id}/credit-notes`, { reason: 'Cancelled' });
    expect(rest.body.totals.total_paise).toBe(118000);
    expect((await api(t, reception, 'GET', `/billing/documents/${doc.id}`)).body).toMatchObject({ status: 'credited', balance_paise: -118000 });
    expect((await api(t, reception, 'POST', `/billing/documents/${doc.id}/credit-notes`, { reason: 'Thrice' })).status).toBe(409);
  });

  it('takes an advance and applies it to a later invoice; the balance shows both', async () => {
    const advance = await api(t, reception, 'POST', '/billing/advances', { client: client.id, amount_paise: 11800, method: 'cash', tendered_paise: 20000 });
    expect(advance.status, JSON.stringify(advance.body)).toBe(201);
    expect(advance.body).toMatchObject({ amount_paise: 11800, unused_paise: 11800 });
    expect(advance.body.number).toMatch(/^RV\/\d\d-\d\d\/00001$/);
    const receipt = (await api(t, reception, 'GET', `/billing/documents/${advance.body.id}`)).body;
    // ₹118 with 18 % in it: 10,000 taxable, 900 + 900.
    expect(receipt.issued.lines[0]).toMatchObject({ taxablePaise: 10000, cgst: { rateBasisPoints: 900, amountPaise: 900 } });
    const doc = await issuedManual(t, reception, client.id, [{ description: 'Consultation', unit_price_paise: 20000, gst_rate_bp: 0, exempt: true }]);
    expect(doc.kind).toBe('bill_of_supply');
    expect(doc.number).toMatch(/^BOS\/\d\d-\d\d\/00002$/);
    const balance = await api(t, nurse, 'GET', `/billing/balance?client=${client.id}`);
    expect(balance.status).toBe(200);
    const unpaidBefore = balance.body.unpaid_paise;
    expect(balance.body.unused_advance_paise).toBe(11800);
    const applied = await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, {
      method: 'advance',
      amount_paise: 11800,
      advance: advance.body.id,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toMatchObject({ status: 'partially_paid', balance_paise: 8200 });
    const over = await api(t, reception, 'POST', `/billing/documents/${doc.id}/payments`, { method: 'advance', amount_paise: 1, advance: advance.body.id });
    expect(over.status).toBe(409);
    const mine = await api(t, client, 'GET', `/billing/balance?client=${client.id}`);
    expect(mine.body).toMatchObject({ unpaid_paise: unpaidBefore - 11800, unused_advance_paise: 0 });
    expect((await api(t, other, 'GET', `/billing/balance?client=${client.id}`)).status).toBe(404);
    expect((await api(t, await addUser(t, 'HEALTH_COACH'), 'GET', `/billing/balance?client=${client.id}`)).status).toBe(403);
  });

  it("shows a client their own issued documents only, never a draft or another's", async () => {
    const draft = await api(t, reception, 'POST', '/billing/documents', {
      from: 'manual',
      client: client.id,
      lines: [{ description: 'Tea', unit_price_paise: 5000, gst_rate_bp: 500 }],
    });
    const mine = await api(t, client, 'GET', '/billing/documents');
    expect(mine.status).toBe(200);
    expect(mine.body.results.every((d: { client: number; status: string }) => d.client === client.id && d.status !== 'draft')).toBe(true);
    expect(mine.body.results.length).toBeGreaterThan(3);
    expect((await api(t, client, 'GET', `/billing/documents/${draft.body.id}`)).status).toBe(404);
    expect((await api(t, other, 'GET', `/billing/documents/${mine.body.results[0].id}`)).status).toBe(404);
    expect((await api(t, other, 'GET', `/billing/documents?client=${client.id}`)).status).toBe(404);
    expect((await api(t, reception, 'GET', `/billing/documents?client=${client.id}&status=draft`)).body.results.map((d: { id: number }) => d.id)).toContain(
      draft.body.id,
    );
    expect((await api(t, reception, 'DELETE', `/billing/documents/${draft.body.id}`)).status).toBe(204);
    expect((await api(t, reception, 'GET', `/billing/documents/${draft.body.id}`)).status).toBe(404);
    expect((await api(t, await addUser(t, 'SUPER_ADMIN'), 'POST', '/billing/documents', { from: 'manual', client: client.id })).status).toBe(403);
  });

  it('refuses taxable and exempt lines together to a registered recipient, and bills them across States with IGST', async () => {
    const lines = [
      { description: 'Facial', unit_price_paise: 100000, gst_rate_bp: 1800 },
      { description: 'Consultation', unit_price_paise: 50000, gst_rate_bp: 0, exempt: true },
    ];
    const b2b = await api(t, reception, 'POST', '/billing/documents', {
      from: 'manual',
      client: client.id,
      lines,
      recipient: { name: 'Acme Pvt Ltd', gstin: '29AAGCB7383J1Z4' },
      place_of_supply_state_code: '29',
    });
    expect(b2b.body.recipient).toMatchObject({ gstin: '29AAGCB7383J1Z4', state_code: '29' });
    expect(b2b.body.lines[0]).toMatchObject({ igst_paise: 18000, cgst_paise: 0 });
    expect((await api(t, reception, 'POST', `/billing/documents/${b2b.body.id}/issue`)).status).toBe(409);
    const unregistered = await issuedManual(t, reception, client.id, lines);
    expect(unregistered).toMatchObject({ kind: 'invoice', totals: { total_paise: 168000 } });
    const badGstin = await api(t, reception, 'POST', '/billing/documents', { from: 'manual', client: client.id, recipient: { gstin: '22AAAAA0000A1Z5' } });
    expect(Object.keys(badGstin.body.errors)).toEqual(['recipient.gstin']);
  });

  it('numbers twenty documents issued at once consecutively, with no gap and no duplicate', async () => {
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(
        (
          await api(t, reception, 'POST', '/billing/documents', {
            from: 'manual',
            client: other.id,
            lines: [{ description: `Item ${i}`, unit_price_paise: 1000 + i, gst_rate_bp: 1800 }],
          })
        ).body.id,
      );
    const before = (await api(t, reception, 'GET', '/billing/documents?kind=invoice&page_size=100')).body.results
      .filter((d: { number: string | null }) => d.number)
      .map((d: { number: string }) => serial(d.number));
    const issued = await Promise.all(drafts.map((id) => api(t, reception, 'POST', `/billing/documents/${id}/issue`)));
    expect(issued.map((r) => r.status)).toEqual(drafts.map(() => 200));
    const serials = issued.map((r) => serial(r.body.number)).sort((a, b) => a - b);
    const first = Math.max(...before) + 1;
    expect(serials).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
  });

  it('issues drafts asked at once together, each refusal its own: one key sent six times, a draft asked twice, an issued one', async () => {
    const draft = async (i: number) =>
      (
        await api(t, reception, 'POST', '/billing/documents', {
          from: 'manual',
          client: other.id,
          lines: [{ description: `Together ${i}`, unit_price_paise: 5000, gst_rate_bp: 1800 }],
        })
      ).body.id as number;
    const [keyed, twice, plain] = [await draft(0), await draft(1), await draft(2)];
    const done = (await api(t, reception, 'POST', `/billing/documents/${await draft(3)}/issue`)).body;
    const audits = await auditCount(t, 'billing.document.issue', other.id);
    const key = { 'idempotency-key': `issue-${keyed}-${engine}` };
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => api(t, reception, 'POST', `/billing/documents/${keyed}/issue`, undefined, key)),
      api(t, reception, 'POST', `/billing/documents/${twice}/issue`),
      api(t, reception, 'POST', `/billing/documents/${twice}/issue`),
      api(t, reception, 'POST', `/billing/documents/${done.id}/issue`),
      api(t, reception, 'POST', `/billing/documents/${plain}/issue`),
    ]);
    const keyedIssued = answers.slice(0, 6).filter((a) => a.status === 200);
    expect(new Set(keyedIssued.map((a) => a.body.number)).size).toBe(1);
    for (const a of answers.slice(0, 6).filter((x) => x.status !== 200)) expect(a.status).toBe(409);
    expect(
      answers
        .slice(6, 8)
        .map((a) => a.status)
        .sort(),
    ).toEqual([200, 409]);
    expect(answers[8]).toMatchObject({ status: 409, body: { detail: BILLING_TEXTS.notDraft } });
    expect(answers[9].status).toBe(200);
    // Three issued, each numbered once, right after the one issued before; one audit entry each.
    const numbers = [keyedIssued[0].body.number, answers.slice(6, 8).find((a) => a.status === 200)!.body.number, answers[9].body.number];
    expect(numbers.map(serial).sort((a, b) => a - b)).toEqual([1, 2, 3].map((i) => serial(done.number) + i));
    expect(await auditCount(t, 'billing.document.issue', other.id)).toBe(audits + 3);
  });
});
