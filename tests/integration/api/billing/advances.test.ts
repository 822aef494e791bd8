// Advances on each engine (issue 34): a receipt voucher's place of supply (the clinic's State
// unless named; another State makes it IGST; an unknown code is 400 naming it), and refund
// vouchers (CGST Rule 51): an unused advance paid back in parts, each voucher in its own series
// referencing the receipt, with the tax on the part refunded (the last part takes back exactly
// the tax left), the advance's unused amount dropping; never more than is unused, only a receipt
// voucher, only by those who bill. The balance read from a client's record folds into the record
// view's one audit event (X-Record-View), like every other read of the record.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { issuedManual, setUpBilling } from './fixtures.ts';

describe.each(engines)('advances on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let nurse: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT', { profile: { address_line_1: '9 Carter Road', city: 'Mumbai', zipcode: '400050' } });
    await setUpBilling(t, admin);
  }, 180_000);
  afterAll(() => t.close());

  const advance = (body: Record<string, unknown>) => api(t, reception, 'POST', '/billing/advances', { client: client.id, method: 'cash', ...body });
  const document = async (id: number) => (await api(t, reception, 'GET', `/billing/documents/${id}`)).body;

  it('takes an advance for supply in another State with IGST, and refuses an unknown State naming the field', async () => {
    const home = await advance({ amount_paise: 11800 });
    expect(home.status).toBe(201);
    expect(home.body.place_of_supply_state_code).toBe('27');
    expect((await document(home.body.id)).issued.lines[0]).toMatchObject({ cgst: { rateBasisPoints: 900, amountPaise: 900 }, igst: null });

    const away = await advance({ amount_paise: 11800, place_of_supply_state_code: '29' });
    expect(away.status, JSON.stringify(away.body)).toBe(201);
    expect(away.body.place_of_supply_state_code).toBe('29');
    const receipt = await document(away.body.id);
    expect(receipt.place_of_supply_state_code).toBe('29');
    expect(receipt.issued.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(receipt.issued.lines[0]).toMatchObject({ taxablePaise: 10000, cgst: null, sgst: null, igst: { rateBasisPoints: 1800, amountPaise: 1800 } });

    const before = (await api(t, reception, 'GET', `/billing/advances?client=${client.id}`)).body.length;
    const unknown = await advance({ amount_paise: 11800, place_of_supply_state_code: '00' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['place_of_supply_state_code']);
    expect((await advance({ amount_paise: 11800, place_of_supply_state_code: 'KA' })).status).toBe(400);
    expect((await api(t, reception, 'GET', `/billing/advances?client=${client.id}`)).body.length).toBe(before);
  });

  it('refunds an unused advance in parts on refund vouchers that reconcile its tax to the paisa', async () => {
    // ₹1,180 with 18 % in it: 1,00,000 taxable, 9,000 CGST + 9,000 SGST.
    const taken = await advance({ amount_paise: 118_000 });
    expect(taken.status).toBe(201);
    const first = await api(t, reception, 'POST', `/billing/advances/${taken.body.id}/refunds`, {
      amount_paise: 50_001,
      method: 'upi',
      reference: '412345678901',
      reason: 'Treatment postponed',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ kind: 'refund_voucher', status: 'issued', client: client.id, source: { from: 'refund', id: taken.body.id } });
    expect(first.body.number).toMatch(/^RF\/\d\d-\d\d\/00001$/);
    // 50,001 with 18 % in it: 42,374 taxable (half up), 7,627 tax: 3,814 CGST + 3,813 SGST.
    expect(first.body.issued).toMatchObject({
      kind: 'refund_voucher',
      references: [{ kind: 'receipt', number: taken.body.number }],
      payments: [{ method: 'upi', reference: '412345678901', amountPaise: 50_001 }],
      note: 'Treatment postponed',
      totals: { taxablePaise: 42_374, cgstPaise: 3_814, sgstPaise: 3_813, totalPaise: 50_001 },
    });
    let mine = (await api(t, reception, 'GET', `/billing/advances?client=${client.id}`)).body.find((a: { id: number }) => a.id === taken.body.id);
    expect(mine).toMatchObject({ amount_paise: 118_000, applied_paise: 0, refunded_paise: 50_001, unused_paise: 67_999 });

    const tooMuch = await api(t, reception, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 68_000, method: 'cash' });
    expect(tooMuch.status).toBe(409);
    // The rest takes back exactly the tax left: 5,186 CGST + 5,187 SGST (not 5,187 + 5,186 pro rata).
    const rest = await api(t, reception, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 67_999, method: 'cash' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.number).toMatch(/^RF\/\d\d-\d\d\/00002$/);
    expect(rest.body.issued.totals).toMatchObject({ taxablePaise: 57_626, cgstPaise: 5_186, sgstPaise: 5_187, totalPaise: 67_999 });
    mine = (await api(t, reception, 'GET', `/billing/advances?client=${client.id}`)).body.find((a: { id: number }) => a.id === taken.body.id);
    expect(mine).toMatchObject({ refunded_paise: 118_000, unused_paise: 0 });
    expect((await api(t, reception, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 1, method: 'cash' })).status).toBe(409);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing/documents/${rest.body.id}/pdf`,
      headers: { authorization: `Bearer ${client.accessToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('refunds only what payments left of an advance, only a receipt voucher, only by those who bill, and refuses bad input', async () => {
    const taken = await advance({ amount_paise: 11_800, place_of_supply_state_code: '29' });
    const invoice = await issuedManual(t, reception, client.id, [{ description: 'Consultation', unit_price_paise: 5_000, gst_rate_bp: 0, exempt: true }]);
    expect(
      (await api(t, reception, 'POST', `/billing/documents/${invoice.id}/payments`, { method: 'advance', amount_paise: 5_000, advance: taken.body.id })).status,
    ).toBe(201);
    expect((await api(t, reception, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 6_801, method: 'cash' })).status).toBe(409);

    const bad = await api(t, reception, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 100, method: 'upi' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['reference']);
    expect((await api(t, reception, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 0, method: 'cash' })).status).toBe(400);
    expect((await api(t, reception, 'POST', `/billing/advances/${invoice.id}/refunds`, { amount_paise: 100, method: 'cash' })).status).toBe(404);
    expect((await api(t, nurse, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 100, method: 'cash' })).status).toBe(403);
    expect((await api(t, client, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 100, method: 'cash' })).status).toBe(403);

    // The rest, across States: IGST on the refunded part.
    const rest = await api(t, admin, 'POST', `/billing/advances/${taken.body.id}/refunds`, { amount_paise: 6_800, method: 'card', reference: 'TID 0042' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.place_of_supply_state_code).toBe('29');
    // 6,800 with 18 % in it: 5,763 taxable, 1,037 IGST.
    expect(rest.body.issued.totals).toMatchObject({ taxablePaise: 5_763, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_037, totalPaise: 6_800 });
    const after = (await api(t, reception, 'GET', `/billing/advances?client=${client.id}`)).body.find((a: { id: number }) => a.id === taken.body.id);
    expect(after).toMatchObject({ applied_paise: 5_000, refunded_paise: 6_800, unused_paise: 0 });
  });

  it("folds the balance read from the client's record into the record view's one audit event", async () => {
    const view = { 'X-Record-View': randomUUID() };
    expect((await api(t, nurse, 'GET', `/users/users/${client.id}`, undefined, view)).status).toBe(200);
    expect((await api(t, nurse, 'GET', `/billing/balance?client=${client.id}`, undefined, view)).status).toBe(200);
    const events = await api(t, admin, 'GET', `/audit/events?client=${client.id}&actor=${nurse.id}&page=1&page_size=10`);
    expect(events.body.results[0]).toMatchObject({ action: 'record.view', reads: ['user.read', 'billing.balance.read'] });
    expect(events.body.results.filter((e: { action: string }) => e.action === 'billing.balance.read')).toHaveLength(0);
  });
});
