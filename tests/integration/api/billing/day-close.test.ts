// The day's close on each engine (issue 35, docs/billing.md "The day's close"): a till's day adds up
// payments less refunds per method (cash, card, UPI, the gateway's online payments; advances applied
// shown apart), is counted with a ₹100 shortfall and its reason, and closed. A closed day is locked:
// a payment, an advance or a refund at that till afterwards is 409 and writes nothing, while the
// gateway's payment goes on the next open day. Money after a count reopens the day, so a close races
// a payment safely: the payment is in the count or refused.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBusinessDay } from '../../../../machines/billing/till-day.ts';
import { localTime } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { RazorpayStandIn, startRazorpayStandIn } from '../../../support/razorpay-stand-in.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { issuedManual, setUpBilling } from './fixtures.ts';

const KEYS = { keyId: 'rzp_test_DayClose0001', keySecret: 'day-close-key-secret', webhookSecret: 'day-close-webhook-secret' };
const WEBHOOK = '/api/v1/billing/payments/razorpay/webhook';
// ₹2,500 at 5 %: ₹2,625.00 due.
const LINE = { description: 'Abhyanga massage, 60 min', code: '999723', unit_price_paise: 250_000, gst_rate_bp: 500 };

describe.each(engines)("the day's close on %s", (engine) => {
  let t: TestApp;
  let standIn: RazorpayStandIn;
  let admin: Actor;
  let reception: Actor;
  let client: Actor;
  let today: string;
  let frontDesk: number;
  let utr = 400_000_000_000;
  const nextUtr = () => String(++utr);

  beforeAll(async () => {
    standIn = await startRazorpayStandIn(KEYS);
    t = await buildTestApp(engine, {
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAY_API_URL: standIn.url,
      },
    });
    standIn.webhookSink = async ({ headers, body }) => (await t.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body })).statusCode;
    admin = await addUser(t, 'ADMIN', { first_name: 'Meera', last_name: 'Iyer' });
    reception = await addUser(t, 'RECEPTION', { first_name: 'Ravi', last_name: 'Desai' });
    client = await addUser(t, 'CLIENT');
    await setUpBilling(t, admin);
    today = localTime('Asia/Kolkata', Date.now()).date;
    const tills = await api(t, reception, 'GET', '/billing/tills');
    expect(tills.status).toBe(200);
    expect(tills.body).toEqual([{ id: expect.any(Number), name: 'Front desk' }]);
    frontDesk = tills.body[0].id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const invoice = async () => (await issuedManual(t, reception, client.id, [LINE])).id as number;
  const pay = (id: number, body: Record<string, unknown>) => api(t, reception, 'POST', `/billing/documents/${id}/payments`, body);
  const dayAt = (till: number, day = today) => api(t, reception, 'GET', `/billing/tills/${till}/days/${day}`);
  const count = (till: number, body: Record<string, unknown>, day = today) => api(t, reception, 'POST', `/billing/tills/${till}/days/${day}/count`, body);
  const close = (till: number, day = today) => api(t, reception, 'POST', `/billing/tills/${till}/days/${day}/close`);
  const rows = async (table: 'billing_payments' | 'billing_refunds' | 'billing_documents') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db)).rows[0].n);
  const newTill = async (name: string) => {
    const res = await api(t, admin, 'POST', '/billing/tills', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  it('adds up the day per method, counts a ₹100 shortfall with its reason and closes the day; then it is locked', async () => {
    const a = await invoice();
    expect((await pay(a, { method: 'cash', amount_paise: 100_000, tendered_paise: 200_000 })).status).toBe(201);
    expect((await pay(a, { method: 'card', amount_paise: 50_000, reference: 'TID-88123' })).status).toBe(201);
    expect((await pay(a, { method: 'upi', amount_paise: 112_500, reference: nextUtr() })).status).toBe(201);
    // Online, through the gateway: its own method.
    const b = await invoice();
    const link = await api(t, client, 'POST', `/billing/documents/${b}/payment-link`);
    expect(link.status).toBe(201);
    expect((await standIn.pay(link.body.link_id)).deliveries[0].status).toBe(200);
    // An advance taken in cash is money in; applied to an invoice it moves no money.
    const advance = await api(t, reception, 'POST', '/billing/advances', { client: client.id, amount_paise: 118_000, method: 'cash' });
    expect(advance.status).toBe(201);
    const c = await invoice();
    expect((await pay(c, { method: 'advance', amount_paise: 50_000, advance: advance.body.id })).status).toBe(201);
    // Money back: part of the advance in cash (a refund voucher), and a credit note's refund by UPI.
    expect((await api(t, reception, 'POST', `/billing/advances/${advance.body.id}/refunds`, { amount_paise: 10_000, method: 'cash' })).status).toBe(201);
    const credited = await api(t, reception, 'POST', `/billing/documents/${a}/credit-notes`, {
      reason: 'Session cut short',
      refund: { method: 'upi', amount_paise: 20_000, reference: nextUtr() },
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);

    const open = await dayAt(frontDesk);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      till: { id: frontDesk, name: 'Front desk' },
      business_day: today,
      status: 'open',
      // cash 1,00,000 + 1,18,000 − 10,000; UPI 1,12,500 − 20,000.
      expected: { cash_paise: 208_000, card_paise: 50_000, upi_paise: 92_500, online_paise: 262_500 },
      advance_applied_paise: 50_000,
      counted_cash_paise: null,
      difference_paise: null,
      closed_at: null,
    });

    // ₹100 short: a reason is required, and without one nothing changes.
    const noReason = await count(frontDesk, { counted_cash_paise: 198_000 });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    expect((await dayAt(frontDesk)).body.status).toBe('open');
    const counted = await count(frontDesk, { counted_cash_paise: 198_000, reason: 'Change given twice to one client' });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body).toMatchObject({
      status: 'counted',
      counted_cash_paise: 198_000,
      difference_paise: -10_000,
      reason: 'Change given twice to one client',
      counted_by: { id: reception.id, name: 'Ravi Desai' },
    });

    // Money after the count reopens the day: it is counted again before it closes.
    const d = await invoice();
    expect((await pay(d, { method: 'cash', amount_paise: 5_000 })).status).toBe(201);
    expect((await dayAt(frontDesk)).body).toMatchObject({ status: 'open', expected: { cash_paise: 213_000 }, difference_paise: -15_000 });
    expect((await close(frontDesk)).status).toBe(409);
    expect((await count(frontDesk, { counted_cash_paise: 203_000, reason: 'Change given twice to one client' })).status).toBe(200);

    const closed = await close(frontDesk);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', difference_paise: -10_000, closed_by: { id: reception.id, name: 'Ravi Desai' } });
    expect(Date.parse(closed.body.closed_at)).toBeLessThanOrEqual(Date.now());

    // Locked: a payment, an advance, a refund voucher and a credit note's refund are refused; nothing is written.
    const before = [await rows('billing_payments'), await rows('billing_refunds'), await rows('billing_documents')];
    const late = await pay(d, { method: 'cash', amount_paise: 5_000 });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(
      `The Front desk till's day ${today} is closed, so nothing more is recorded on it: record it on the next open day, or at another till.`,
    );
    expect((await api(t, reception, 'POST', '/billing/advances', { client: client.id, amount_paise: 1_000, method: 'cash' })).status).toBe(409);
    expect((await api(t, reception, 'POST', `/billing/advances/${advance.body.id}/refunds`, { amount_paise: 1_000, method: 'cash' })).status).toBe(409);
    const lateCredit = await api(t, reception, 'POST', `/billing/documents/${b}/credit-notes`, {
      reason: 'Overcharged',
      lines: [{ line: (await api(t, reception, 'GET', `/billing/documents/${b}`)).body.lines[0].id, taxable_paise: 1_000 }],
      refund: { method: 'cash', amount_paise: 1_000 },
    });
    expect(lateCredit.status).toBe(409);
    expect([await rows('billing_payments'), await rows('billing_refunds'), await rows('billing_documents')]).toEqual(before);
    expect((await api(t, reception, 'GET', `/billing/documents/${d}`)).body.paid_paise).toBe(5_000);
    // Closed is final.
    expect((await count(frontDesk, { counted_cash_paise: 203_000, reason: 'again' })).status).toBe(409);
    expect((await close(frontDesk)).status).toBe(409);

    // Another till is still open today.
    const side = await newTill('Spa counter');
    expect((await pay(d, { method: 'cash', amount_paise: 5_000, till: side })).status).toBe(201);
    expect((await dayAt(side)).body.expected.cash_paise).toBe(5_000);
  }, 120_000);

  it("puts the gateway's payment for a closed day on the next open day, never losing it", async () => {
    // The first test closed today's Front desk; online payments go to the first till.
    expect((await dayAt(frontDesk)).body.status).toBe('closed');
    const e = await invoice();
    const link = await api(t, client, 'POST', `/billing/documents/${e}/payment-link`);
    expect(link.status).toBe(201);
    const paid = await standIn.pay(link.body.link_id);
    expect(paid.deliveries[0].status).toBe(200);
    expect((await api(t, reception, 'GET', `/billing/documents/${e}`)).body.status).toBe('paid');
    const stored = await sql<{
      till_id: number;
      day: string;
    }>`select till_id, business_day::text as day from billing_payments where reference = ${paid.paymentId}`.execute(t.database.db);
    expect(stored.rows).toEqual([{ till_id: frontDesk, day: nextBusinessDay(today) }]);
    expect((await dayAt(frontDesk)).body.expected.online_paise).toBe(262_500);
    expect((await dayAt(frontDesk, nextBusinessDay(today))).body).toMatchObject({ status: 'open', expected: { online_paise: 262_500 } });
  });

  it('a close racing payments: each payment is in the count or refused', async () => {
    for (let round = 0; round < 4; round++) {
      const till = await newTill(`Race ${round} ${randomUUID().slice(0, 6)}`);
      const docs = await Promise.all([invoice(), invoice(), invoice()]);
      expect((await pay(docs[0], { method: 'cash', amount_paise: 10_000, till })).status).toBe(201);
      expect((await count(till, { counted_cash_paise: 10_000 })).status).toBe(200);
      const [closing, ...payments] = await Promise.all([
        close(till),
        pay(docs[1], { method: 'cash', amount_paise: 1_000, till }),
        pay(docs[2], { method: 'card', amount_paise: 2_000, reference: `R${round}`, till }),
      ]);
      const taken = payments.filter((p) => p.status === 201).length;
      for (const p of payments) expect([201, 409]).toContain(p.status);
      const day = (await dayAt(till)).body;
      const stored = await sql<{ n: string }>`select count(*) as n from billing_payments where till_id = ${till}`.execute(t.database.db);
      expect(Number(stored.rows[0].n)).toBe(1 + taken);
      if (closing.status === 200) {
        // Closed on the count: every payment after it was refused.
        expect(taken).toBe(0);
        expect(day).toMatchObject({ status: 'closed', expected: { cash_paise: 10_000, card_paise: 0 }, difference_paise: 0 });
      } else {
        expect(closing.status).toBe(409);
        expect(taken).toBeGreaterThan(0);
        expect(day.status).toBe('open');
      }
    }
  }, 120_000);

  it('refuses what is not a till, a day or a reason, and keeps till names apart', async () => {
    expect((await dayAt(999_999)).status).toBe(404);
    const bad = await dayAt(frontDesk, '2026-02-30');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['date']);
    expect((await count(frontDesk, { counted_cash_paise: 0 }, '2999-01-01')).status).toBe(409);
    const side = await newTill('Pharmacy');
    expect((await close(side)).status).toBe(409);
    const unknownTill = await pay(await invoice(), { method: 'cash', amount_paise: 1_000, till: 999_999 });
    expect(unknownTill.status).toBe(400);
    expect(Object.keys(unknownTill.body.errors)).toEqual(['till']);
    expect((await api(t, admin, 'POST', '/billing/tills', { name: ' pharmacy ' })).status).toBe(409);
    const renamed = await api(t, admin, 'PATCH', `/billing/tills/${side}`, { name: 'Pharmacy counter' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: side, name: 'Pharmacy counter' });
    expect((await api(t, admin, 'PATCH', `/billing/tills/${side}`, { name: 'Front desk' })).status).toBe(409);
    expect((await api(t, reception, 'POST', '/billing/tills', { name: 'Mine' })).status).toBe(403);
  });
});
