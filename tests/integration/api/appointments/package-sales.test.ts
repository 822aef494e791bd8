// Packages sold through billing (issue 35): the sale makes the package awaiting payment with its
// invoice issued; paying it in full starts the credits (expiry from the payment's date); a ₹0 plan
// is active at once; freezing within the allowance moves the expiry; ADMIN transfers; a refund is
// a credit note for the unused share, to the paisa; a shareable package serves the family.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_SALE_TEXTS } from '../../../../server/api/appointments/texts.ts';
import { usablePackagesFor } from '../../../../server/api/appointments/package-sales.ts';
import { addDays, localTime } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { setUpBilling } from '../billing/fixtures.ts';
import { type Actor, addUser, api } from '../support.ts';
import { buildClinic, type Clinic } from './fixtures.ts';

describe.each(engines)('packages sold through billing on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  let superAdmin: Actor;
  const today = () => localTime('Asia/Kolkata', Date.now()).date;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
    superAdmin = await addUser(t, 'SUPER_ADMIN');
  }, 180_000);
  afterAll(() => t.close());

  let serial = 0;
  const plan = async (body: Record<string, unknown>, rateBp = 1800) => {
    const res = await api(t, c.admin, 'POST', '/appointments/package-plans', { name: `Plan ${++serial}`, therapy: 'hbot', sessions: 10, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const tax = await api(t, c.admin, 'PUT', '/billing/item-tax', {
      item_kind: 'package_plan',
      item_id: res.body.id,
      code: '999722',
      gst_rate_bp: rateBp,
      exempt: false,
    });
    if (tax.status !== 409) expect(tax.status, JSON.stringify(tax.body)).toBe(200);
    return res.body.id as number;
  };
  const sell = async (planId: number, client = c.client.id) => {
    const res = await api(t, c.reception, 'POST', `/appointments/package-plans/${planId}/sell`, { client });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const pay = async (invoice: number, amount: number) => {
    const res = await api(t, c.reception, 'POST', `/billing/documents/${invoice}/payments`, { method: 'cash', amount_paise: amount });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const read = async (id: number) =>
    (await api(t, c.reception, 'GET', `/appointments/packages?client=${(await row(id)).client_id}`)).body.find((p: { id: number }) => p.id === id);
  const row = (id: number) => t.database.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses a priced sale while billing is not set up (409, nothing written), but gives a ₹0 plan at once', async () => {
    const priced = await plan({ price_inr: 4000, validity_days: 30 }, 0);
    const before = await t.database.db
      .selectFrom('packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await api(t, c.reception, 'POST', `/appointments/package-plans/${priced}/sell`, { client: c.client.id });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(PACKAGE_SALE_TEXTS.billingNotSetUp);
    const after = await t.database.db
      .selectFrom('packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const free = await plan({ price_inr: 0, validity_days: 30 }, 0);
    const sold = await sell(free);
    expect(sold).toMatchObject({ status: 'active', invoice: null, activated_on: today(), expires_on: addDays(today(), 29), sessions_left: 10 });
    await setUpBilling(t, c.admin);
  });

  it('sells through an issued invoice; the credits start when it is paid in full, valid from the payment date', async () => {
    const id = await plan({ price_inr: 40000, validity_days: 90, freeze_allowance_days: 10 });
    const sold = await sell(id);
    expect(sold).toMatchObject({ status: 'awaiting_payment', expires_on: null, activated_on: null, plan: id, sessions_left: 10 });
    // ₹40,000 at 18 %: CGST and SGST ₹3,600 each, ₹47,200.
    expect(sold.invoice).toMatchObject({ status: 'issued', total_paise: 4_720_000, due_paise: 4_720_000 });
    expect(sold.invoice.number).toMatch(/^INV\/\d\d-\d\d\/\d{5}$/);
    const doc = await api(t, c.reception, 'GET', `/billing/documents/${sold.invoice.id}`);
    expect(doc.body).toMatchObject({ kind: 'invoice', status: 'issued', client: c.client.id });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('client_id', '=', c.client.id)
      .where('actor_id', '=', c.reception.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['package.create', 'billing.document.create', 'billing.document.issue']));

    await pay(sold.invoice.id, 2_000_000);
    expect(await read(sold.id)).toMatchObject({ status: 'awaiting_payment', expires_on: null });
    await pay(sold.invoice.id, 2_720_000);
    expect(await read(sold.id)).toMatchObject({
      status: 'active',
      activated_on: today(),
      expires_on: addDays(today(), 89),
      invoice: { status: 'paid', due_paise: 0 },
    });
  });

  it('lets a client buy for themselves only; staff sell, a client may not', async () => {
    const id = await plan({ price_inr: 1000, validity_days: 10 });
    // The catalogue shows the price the invoice will charge, GST included: ₹1,000 at 18 %.
    const offers = await api(t, c.otherClient, 'GET', '/appointments/package-catalogue');
    expect(offers.body.find((o: { id: number }) => o.id === id)).toMatchObject({ price_paise: 100_000, total_paise: 118_000 });
    const bought = await api(t, c.otherClient, 'POST', `/appointments/package-plans/${id}/buy`);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body).toMatchObject({ client: c.otherClient.id, status: 'awaiting_payment', invoice: { total_paise: 118_000 } });
    expect((await api(t, c.reception, 'POST', `/appointments/package-plans/${id}/buy`)).status).toBe(403);
    expect((await api(t, c.client, 'POST', `/appointments/package-plans/${id}/sell`, { client: c.client.id })).status).toBe(403);
    const mine = await api(t, c.client, 'GET', `/appointments/packages?client=${c.otherClient.id}`);
    expect(mine.status).toBe(404);
    await api(t, c.admin, 'PATCH', `/appointments/package-plans/${id}`, { active: false });
    expect((await api(t, c.otherClient, 'POST', `/appointments/package-plans/${id}/buy`)).status).toBe(404);
  });

  it('freezes within the allowance, moving the expiry by the days actually frozen', async () => {
    const id = await plan({ price_inr: 0, validity_days: 30, freeze_allowance_days: 10 });
    const pkg = await sell(id);
    const expiry = addDays(today(), 29);
    const url = `/appointments/packages/${pkg.id}`;
    expect((await api(t, c.reception, 'POST', `${url}/freeze`, { days: 11 })).body.detail).toBe(PACKAGE_SALE_TEXTS.freezeBeyondAllowance(10));
    const both = await api(t, c.reception, 'POST', `${url}/freeze`, { days: 2, until: addDays(today(), 3) });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.errors)).toEqual(['until']);
    expect(Object.keys((await api(t, c.reception, 'POST', `${url}/freeze`, {})).body.errors)).toEqual(['days']);
    expect(Object.keys((await api(t, c.reception, 'POST', `${url}/freeze`, { until: addDays(today(), -1) })).body.errors)).toEqual(['until']);
    expect((await api(t, c.nurse, 'POST', `${url}/freeze`, { days: 1 })).status).toBe(403);

    const f = await api(t, c.reception, 'POST', `${url}/freeze`, { until: addDays(today(), 3) });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    expect(f.body).toMatchObject({ status: 'frozen', frozen_until: addDays(today(), 3), frozen_days_used: 4, expires_on: addDays(expiry, 4) });
    expect((await api(t, c.reception, 'POST', `${url}/freeze`, { days: 1 })).status).toBe(409);
    expect(await usablePackagesFor(t.database.db, c.client.id, 'hbot', today())).not.toContainEqual(expect.objectContaining({ id: pkg.id }));

    // Ended the day it began: nothing was frozen after all.
    const u = await api(t, c.reception, 'POST', `${url}/unfreeze`);
    expect(u.body).toMatchObject({ status: 'active', frozen_until: null, frozen_days_used: 0, expires_on: expiry });
    expect((await api(t, c.reception, 'POST', `${url}/unfreeze`)).body.detail).toBe(PACKAGE_SALE_TEXTS.notFrozen);
    // A freeze that began two days ago and ends today: two days frozen, the rest given back.
    await api(t, c.reception, 'POST', `${url}/freeze`, { days: 10 });
    await t.database.db
      .updateTable('packages')
      .set({ frozen_from: addDays(today(), -2), frozen_until: addDays(today(), 7) })
      .where('id', '=', pkg.id)
      .execute();
    const back = await api(t, c.reception, 'POST', `${url}/unfreeze`);
    expect(back.body).toMatchObject({ status: 'active', frozen_days_used: 2, expires_on: addDays(expiry, 2) });
    expect((await api(t, c.reception, 'POST', `${url}/freeze`, { days: 9 })).body.detail).toBe(PACKAGE_SALE_TEXTS.freezeBeyondAllowance(8));
  });

  it('transfers an active package by ADMIN with a reason, audited on both clients', async () => {
    const id = await plan({ price_inr: 0, validity_days: 30 });
    const pkg = await sell(id);
    const url = `/appointments/packages/${pkg.id}/transfer`;
    expect((await api(t, c.reception, 'POST', url, { to: c.otherClient.id, reason: 'Gift' })).status).toBe(403);
    expect(Object.keys((await api(t, c.admin, 'POST', url, { to: c.otherClient.id })).body.errors)).toEqual(['reason']);
    expect(Object.keys((await api(t, c.admin, 'POST', url, { to: c.nurse.id, reason: 'x' })).body.errors)).toEqual(['to']);
    const moved = await api(t, c.admin, 'POST', url, { to: c.otherClient.id, reason: 'Gift to her sister' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ client: c.otherClient.id, status: 'active', sessions_left: 10 });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('client_id')
      .where('action', '=', 'package.transfer')
      .where('actor_id', '=', c.admin.id)
      .execute();
    expect(audit.map((a) => a.client_id).sort()).toEqual([c.client.id, c.otherClient.id].sort());
    expect((await api(t, superAdmin, 'POST', url, { to: c.client.id, reason: 'Back' })).status).toBe(200);
  });

  it('refunds the unused share through a credit note, to the paisa', async () => {
    // ₹999 for 7 sessions at 18 %: taxable 99,900 paise, CGST and SGST 8,991 each, 1,17,882 → ₹1,179 rounded.
    const id = await plan({ price_inr: 999, sessions: 7, validity_days: 60 });
    const pkg = await sell(id);
    expect(pkg.invoice.total_paise).toBe(117_900);
    await pay(pkg.invoice.id, 117_900);
    await t.database.db.updateTable('packages').set({ sessions_used: 2 }).where('id', '=', pkg.id).execute();
    expect((await api(t, c.nurse, 'POST', `/appointments/packages/${pkg.id}/refund`, { reason: 'Moving', method: 'cash' })).status).toBe(403);
    expect(Object.keys((await api(t, c.reception, 'POST', `/appointments/packages/${pkg.id}/refund`, { reason: 'Moving' })).body.errors)).toEqual(['method']);
    const res = await api(t, c.reception, 'POST', `/appointments/packages/${pkg.id}/refund`, { reason: 'Moving away', method: 'cash' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 5 of 7 left: 99,900 × 5 ÷ 7 = 71,357.14 → 71,357; CGST and SGST 9 % each 6,422.13 → 6,422;
    // 84,201 → ₹842 after round-off: 84,200 paise credited and paid back.
    expect(res.body).toMatchObject({ status: 'refunded', refund_note: { status: 'issued', total_paise: 84_200, due_paise: 0 } });
    const note = await api(t, c.reception, 'GET', `/billing/documents/${res.body.refund_note.id}`);
    const line = note.body.issued.lines[0];
    expect({ taxable: line.taxablePaise, cgst: line.cgst.amountPaise, sgst: line.sgst.amountPaise }).toEqual({ taxable: 71_357, cgst: 6_422, sgst: 6_422 });
    const refunds = await t.database.db
      .selectFrom('billing_refunds')
      .select(['amount_paise', 'method'])
      .where('credit_note_id', '=', res.body.refund_note.id)
      .execute();
    expect(refunds.map((r) => ({ amount: Number(r.amount_paise), method: r.method }))).toEqual([{ amount: 84_200, method: 'cash' }]);
    expect((await api(t, c.reception, 'POST', `/appointments/packages/${pkg.id}/refund`, { reason: 'Again', method: 'cash' })).status).toBe(409);
  });

  it('cancels an unpaid package by crediting its invoice, paying back a part payment', async () => {
    const id = await plan({ price_inr: 1000, validity_days: 10 });
    const pkg = await sell(id);
    await pay(pkg.invoice.id, 50_000);
    const res = await api(t, c.admin, 'POST', `/appointments/packages/${pkg.id}/refund`, { reason: 'Changed mind', method: 'upi', reference: '123456789012' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', invoice: { status: 'credited' }, refund_note: { total_paise: 118_000 } });
    const refunds = await t.database.db.selectFrom('billing_refunds').select('amount_paise').where('credit_note_id', '=', res.body.refund_note.id).execute();
    expect(refunds.map((r) => Number(r.amount_paise))).toEqual([50_000]);
  });

  it("shares a shareable package's credits with the family, and only a shareable one", async () => {
    const shared = await sell(await plan({ price_inr: 0, validity_days: 30, shareable_in_family: true }));
    const own = await sell(await plan({ price_inr: 0, validity_days: 30 }));
    const sister = await addUser(t, 'CLIENT');
    expect(await usablePackagesFor(t.database.db, sister.id, 'hbot', today())).toEqual([]);
    const linked = await api(t, c.reception, 'PUT', `/appointments/families/${sister.id}`, { with: c.client.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.members.map((m: { id: number }) => m.id).sort()).toEqual([c.client.id, sister.id].sort());
    expect(Object.keys((await api(t, c.reception, 'PUT', `/appointments/families/${sister.id}`, { with: sister.id })).body.errors)).toEqual(['with']);
    expect((await api(t, c.nurse, 'PUT', `/appointments/families/${sister.id}`, { with: c.client.id })).status).toBe(403);
    const usable = (await usablePackagesFor(t.database.db, sister.id, 'hbot', today())).map((p) => p.id);
    expect(usable).toContain(shared.id);
    expect(usable).not.toContain(own.id);
    const audit = await t.database.db.selectFrom('audit_events').select('client_id').where('action', '=', 'family.link').execute();
    expect(audit.map((a) => a.client_id)).toEqual(expect.arrayContaining([c.client.id, sister.id]));
    expect((await api(t, c.reception, 'DELETE', `/appointments/families/${sister.id}`)).status).toBe(204);
    expect(await usablePackagesFor(t.database.db, sister.id, 'hbot', today())).toEqual([]);
    expect((await api(t, c.reception, 'GET', `/appointments/families/${sister.id}`)).body.members).toEqual([{ id: sister.id, name: expect.any(String) }]);
  });
});
