// The billing reports on each engine (issue 35, docs/billing.md "Reports"): a day of three invoices
// (one a nurse's visit), two credit notes (one refunded in cash), payments by cash, card and UPI,
// an advance and two packages, issued through the API, and every report compared with figures
// worked out by hand below. Documents are issued today (the clinic's day D); ageing is read as of
// later days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../../machines/rules/calendar-dates.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addAppointment, addTaxedService, auditCount, issuedManual, setUpBilling } from './fixtures.ts';

describe.each(engines)('billing reports on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let nurse: Actor;
  let asha: Actor;
  let ravi: Actor;
  let day: string;
  let facial: string;

  const report = (who: Actor, name: string, query: string) => api(t, who, 'GET', `/billing/reports/${name}?${query}`);
  const rows = async (name: string, from: string, to: string) => {
    const res = await report(admin, name, `from=${from}&to=${to}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { rows: Record<string, unknown>[]; total: Record<string, unknown>; as_of: string | null };
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    nurse = await addUser(t, 'NURSE', { first_name: 'Meena', last_name: 'Iyer' });
    asha = await addUser(t, 'CLIENT', { first_name: 'Asha', last_name: 'Kulkarni' });
    // A name a spreadsheet would take for a formula, had the CSV not escaped it.
    ravi = await addUser(t, 'CLIENT', { first_name: '=Ravi', last_name: 'Rao' });
    await setUpBilling(t, admin);

    // inv1, Asha: 3,000.00 at 18 % → taxable 300000, CGST 27000 + SGST 27000, total 354000.
    const inv1 = await issuedManual(t, reception, asha.id, [{ description: 'Hydrafacial', code: '999722', unit_price_paise: 300_000, gst_rate_bp: 1800 }]);
    // inv2, Ravi: 1,999.00 at 5 % → CGST 4997.5 → 4998, SGST 4998; line 209896, rounded off +4 to 209900.
    const inv2 = await issuedManual(t, reception, ravi.id, [{ description: 'Abhyanga massage', code: '999722', unit_price_paise: 199_900, gst_rate_bp: 500 }]);
    // inv3, Asha's visit with Meena: the service at ₹1,500, 5 % → 150000 + 3750 + 3750 = 157500.
    const service = await addTaxedService(t, admin, 1500, 500, false);
    const visit = await addAppointment(t, asha.id, service, nurse.id, 'completed');
    const draft = await api(t, reception, 'POST', '/billing/documents', { from: 'appointment', source: visit });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const inv3 = (await api(t, reception, 'POST', `/billing/documents/${draft.body.id}/issue`)).body;
    facial = inv3.lines[0].description;
    expect([inv1, inv2, inv3].map((d) => d.totals.total_paise)).toEqual([354_000, 209_900, 157_500]);
    day = inv1.issued_on;

    const pay = async (id: number, body: object) => expect((await api(t, reception, 'POST', `/billing/documents/${id}/payments`, body)).status).toBe(201);
    await pay(inv1.id, { method: 'cash', amount_paise: 100_000 });
    await pay(inv2.id, { method: 'upi', amount_paise: 209_900, reference: '123456789012' });
    await pay(inv3.id, { method: 'card', amount_paise: 157_500, reference: 'TID-1' });
    // cn1 on inv1: taxable 100000 at 18 % → 18000 tax, 118000. cn2 on inv3: 50000 at 5 % → 2500, 52500, refunded in cash.
    const credit = async (doc: { id: number; lines: { id: number }[] }, taxable: number, refund?: object) => {
      const res = await api(t, reception, 'POST', `/billing/documents/${doc.id}/credit-notes`, {
        reason: 'Part refund',
        lines: [{ line: doc.lines[0].id, taxable_paise: taxable }],
        ...(refund ? { refund } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    expect((await credit(inv1, 100_000)).totals.total_paise).toBe(118_000);
    expect((await credit(inv3, 50_000, { method: 'cash', amount_paise: 52_500 })).totals.total_paise).toBe(52_500);
    // An advance of Ravi's: ₹5,900 by card, unused.
    expect((await api(t, reception, 'POST', '/billing/advances', { client: ravi.id, amount_paise: 590_000, method: 'card', reference: 'TID-9' })).status).toBe(
      201,
    );

    // Packages: HBOT 10 sold today at ₹10,000 to Asha, 4 of 10 used, one of them redeemed today;
    // a hand-assigned one of 5 that expired yesterday with 2 used; one that expired before the range.
    const db = t.database.db;
    const plan = await db
      .insertInto('package_plans')
      .values({ name: 'HBOT 10', therapy: 'hbot_report', sessions: 10, price_inr: 10_000, validity_days: 90 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sold = await db
      .insertInto('packages')
      .values({
        client_id: asha.id,
        therapy: 'hbot_report',
        sessions_total: 10,
        sessions_used: 4,
        expires_on: addDays(day, 90),
        plan_id: plan.id,
        price_inr: 10_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('packages')
      .values({ client_id: ravi.id, therapy: 'iv_report', sessions_total: 5, sessions_used: 2, expires_on: addDays(day, -1), plan_id: null, price_inr: null })
      .execute();
    await db
      .insertInto('packages')
      .values({ client_id: ravi.id, therapy: 'iv_report', sessions_total: 5, sessions_used: 0, expires_on: addDays(day, -5), plan_id: null, price_inr: null })
      .execute();
    const redeemed = await addAppointment(t, asha.id, service, nurse.id, 'completed', sold.id);
    const now = new Date();
    const end = new Date(now.getTime() + 1_800_000);
    await db.updateTable('appointments').set({ starts_at: now, ends_at: end, occupied_from: now, occupied_to: end }).where('id', '=', redeemed).execute();
  }, 180_000);
  afterAll(() => t.close());

  it('sums the day net of credit notes', async () => {
    const r = await rows('sales-by-day', day, day);
    // taxable 300000 + 199900 + 150000 − 100000 − 50000; tax 54000 + 9996 + 7500 − 18000 − 2500; totals with round-off.
    const figures = { documents: 3, taxable_paise: 499_900, tax_paise: 50_996, total_paise: 550_900 };
    expect(r.rows).toEqual([{ label: day, ...figures }]);
    expect(r.total).toEqual({ label: 'Total', ...figures });
    expect(r.as_of).toBeNull();
    expect((await rows('sales-by-day', addDays(day, -30), addDays(day, -1))).rows).toEqual([]);
  });

  it('splits sales by line and by the staff member of the visit', async () => {
    const byService = await rows('sales-by-service', day, day);
    expect(byService.rows).toEqual([
      { label: 'Hydrafacial', quantity: 1, taxable_paise: 200_000, tax_paise: 36_000, total_paise: 236_000 },
      { label: 'Abhyanga massage', quantity: 1, taxable_paise: 199_900, tax_paise: 9_996, total_paise: 209_896 },
      { label: facial, quantity: 1, taxable_paise: 100_000, tax_paise: 5_000, total_paise: 105_000 },
      { label: 'Round off', quantity: 0, taxable_paise: 0, tax_paise: 0, total_paise: 4 },
    ]);
    expect(byService.total.total_paise).toBe(550_900);
    const byStaff = await rows('sales-by-staff', day, day);
    expect(byStaff.rows).toEqual([
      { label: 'Meena Iyer', documents: 1, taxable_paise: 100_000, tax_paise: 5_000, total_paise: 105_000 },
      { label: 'No staff', documents: 2, taxable_paise: 399_900, tax_paise: 45_996, total_paise: 445_900 },
    ]);
  });

  it('counts money by method less refunds', async () => {
    const r = await rows('sales-by-payment-method', day, day);
    expect(r.rows).toEqual([
      { label: 'cash', payments: 1, received_paise: 100_000, refunded_paise: 52_500, net_paise: 47_500 },
      { label: 'card', payments: 1, received_paise: 157_500, refunded_paise: 0, net_paise: 157_500 },
      { label: 'upi', payments: 1, received_paise: 209_900, refunded_paise: 0, net_paise: 209_900 },
    ]);
    expect(r.total).toEqual({ label: 'Total', payments: 3, received_paise: 467_400, refunded_paise: 52_500, net_paise: 414_900 });
  });

  it('ages what is owed as of the range’s last day', async () => {
    // inv1: 354000 − 118000 credited − 100000 paid = 136000; inv2 and inv3 are settled.
    const owing = (bucket: string) => ({
      label: 'Asha Kulkarni',
      client: asha.id,
      documents: 1,
      days_0_30_paise: 0,
      days_31_60_paise: 0,
      days_61_90_paise: 0,
      days_over_90_paise: 0,
      [bucket]: 136_000,
      due_paise: 136_000,
    });
    const today = await rows('outstanding', day, day);
    expect(today.as_of).toBe(day);
    expect(today.rows).toEqual([owing('days_0_30_paise')]);
    expect((await rows('outstanding', day, addDays(day, 31))).rows).toEqual([owing('days_31_60_paise')]);
    expect((await rows('outstanding', day, addDays(day, 91))).rows).toEqual([owing('days_over_90_paise')]);
    expect((await rows('outstanding', addDays(day, -3), addDays(day, -1))).rows).toEqual([]);
  });

  it('holds the unused advances', async () => {
    expect((await rows('advances', day, day)).rows).toEqual([{ label: '=Ravi Rao', client: ravi.id, advances: 1, unused_paise: 590_000 }]);
    expect((await rows('advances', addDays(day, -1), addDays(day, -1))).rows).toEqual([]);
  });

  it('reports packages sold, redeemed, expired and unearned', async () => {
    const r = await rows('packages', addDays(day, -1), day);
    expect(r.rows).toEqual([
      // 10,000.00 × 6 sessions left / 10 = 6,000.00 unearned.
      { label: 'HBOT 10', sold: 1, sold_paise: 1_000_000, redeemed_sessions: 1, expired_sessions: 0, unearned_paise: 600_000 },
      { label: 'iv_report', sold: 0, sold_paise: 0, redeemed_sessions: 0, expired_sessions: 3, unearned_paise: 0 },
    ]);
  });

  it('downloads CSV that Excel opens and never runs', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing/reports/advances?from=${day}&to=${day}&format=csv`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="billing-advances-${day}-to-${day}.csv"`);
    expect(res.body).toBe(`\uFEFFClient,Receipt vouchers,Unused (₹)\r\n'=Ravi Rao,1,5900.00\r\nTotal,1,5900.00\r\n`);
    const byDay = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing/reports/sales-by-day?from=${day}&to=${day}&format=csv`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    const [y, m, d] = day.split('-');
    expect(byDay.body).toBe(
      `\uFEFFDay,Documents,Taxable value (₹),Tax (₹),Total (₹)\r\n${d}/${m}/${y},3,4999.00,509.96,5509.00\r\nTotal,3,4999.00,509.96,5509.00\r\n`,
    );
  });

  it('refuses a bad range naming the field, other roles, and audits each read', async () => {
    const fields = async (name: string, query: string) => {
      const res = await report(admin, name, query);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return Object.keys(res.body.errors);
    };
    expect(await fields('sales-by-day', `to=${day}`)).toEqual(['from']);
    expect(await fields('sales-by-day', `from=2026-02-30&to=${day}`)).toEqual(['from']);
    expect(await fields('sales-by-day', `from=${day}&to=${addDays(day, -1)}`)).toEqual(['to']);
    expect(await fields('sales-by-day', 'from=2026-04-01&to=2027-04-01')).toEqual(['to']);
    expect(await fields('turnover', `from=${day}&to=${day}`)).toEqual(['report']);
    expect((await report(admin, 'sales-by-day', 'from=2026-04-01&to=2027-03-31')).status).toBe(200);
    for (const who of [reception, nurse, asha]) expect((await report(who, 'sales-by-day', `from=${day}&to=${day}`)).status).toBe(403);
    const before = await auditCount(t, 'billing.report.read', null);
    await rows('outstanding', day, day);
    expect(await auditCount(t, 'billing.report.read', null)).toBe(before + 1);
  });

  // Last: it moves two payments in time. Kolkata is UTC+5:30, so D starts at 18:30 UTC on D−1.
  it("counts a payment on the clinic's day it was taken, not the UTC day", async () => {
    const db = t.database.db;
    const start = Date.parse(`${addDays(day, -1)}T18:30:00Z`);
    const move = (method: 'cash' | 'card', at: number) =>
      db
        .updateTable('billing_payments')
        .set({ received_at: new Date(at) })
        .where('method', '=', method)
        .execute();
    await move('cash', start); // 00:00 on D in Kolkata, still D−1 in UTC
    await move('card', start - 1); // 23:59:59.999 on D−1
    const methods = async (from: string, to: string) => (await rows('sales-by-payment-method', from, to)).rows.map((r) => [r.label, r.received_paise]);
    expect(await methods(day, day)).toEqual([
      ['cash', 100_000],
      ['upi', 209_900],
    ]);
    expect(await methods(addDays(day, -1), addDays(day, -1))).toEqual([['card', 157_500]]);
    // As of D−1 the card payment is in and nothing was issued yet: nothing owed.
    expect((await rows('outstanding', addDays(day, -1), addDays(day, -1))).rows).toEqual([]);
  });
});
