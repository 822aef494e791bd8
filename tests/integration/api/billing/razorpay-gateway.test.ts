// Issue 34: the Razorpay gateway module against the local stand-in that speaks Razorpay's API and
// signs as Razorpay does (tests/support/razorpay-stand-in.ts). A payment link is created with the
// amount in paise, INR, our reference and callback, and read back; paying it on its hosted page
// sends the browser back with a query the gateway verifies, and posts payment_link.paid and
// order.paid webhooks whose signature the gateway checks over the raw body. A bad or missing
// signature, a body changed after signing, and a wrong key are all refused.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, paymentsConfig } from '../../../../server/config.ts';
import {
  type GatewayEvent,
  GatewayError,
  paymentGatewayFrom,
  type RazorpayGateway,
  razorpayGateway,
  WebhookRefused,
} from '../../../../server/payments/razorpay-gateway.ts';
import { RazorpayStandIn, startRazorpayStandIn } from '../../../support/razorpay-stand-in.ts';

const KEYS = { keyId: 'rzp_test_StandInKey01', keySecret: 'stand-in-key-secret', webhookSecret: 'stand-in-webhook-secret' };

/** A receiver standing where our webhook route will: it runs the gateway's check on the raw body. */
let receiver: http.Server;
const received: { status: number; event: GatewayEvent | null; error: string | null }[] = [];
let standIn: RazorpayStandIn;
let gateway: RazorpayGateway;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const event = gateway.verifyWebhook(Buffer.concat(chunks), req.headers);
        received.push({ status: 200, event, error: null });
        res.writeHead(200).end('{"status":"ok"}');
      } catch (error) {
        const status = error instanceof WebhookRefused ? error.status : 500;
        received.push({ status, event: null, error: (error as Error).message });
        res.writeHead(status).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  standIn = await startRazorpayStandIn({ ...KEYS, webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook` });
  gateway = razorpayGateway({ ...KEYS, apiUrl: standIn.url });
});

afterAll(async () => {
  await standIn.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

let references = 0;
const link = (amountPaise = 330_500) =>
  gateway.createPaymentLink({
    amountPaise,
    referenceId: `TC/26-27/${String(++references).padStart(5, '0')}`,
    description: 'Tax Invoice TC/26-27/00042',
    customer: { name: 'Asha Kulkarni', email: 'asha@example.com', contact: null },
    callbackUrl: 'http://localhost:5173/portal/invoices/42?paid=1',
    notes: { billing_document_id: '42' },
  });

describe('configuration', () => {
  it("is off unless PAYMENTS_PROVIDER=razorpay, which needs the three keys, and defaults to Razorpay's API", () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'none', razorpay: null });
    expect(paymentGatewayFrom(loadConfig({}).payments)).toBeNull();
    expect(paymentsConfig({ PAYMENTS_PROVIDER: 'none' }).provider).toBe('none');
    expect(() => paymentsConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(ConfigError);
    expect(() => paymentsConfig({ PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k' })).toThrow(/RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/);
    const on = paymentsConfig({ PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' });
    expect(on).toEqual({
      provider: 'razorpay',
      razorpay: { keyId: 'k', keySecret: 's', webhookSecret: 'w', apiUrl: 'https://api.razorpay.com', reconcileAfterMs: 900_000 },
    });
    expect(paymentGatewayFrom(on)?.keyId).toBe('k');
    const local = paymentsConfig({
      PAYMENTS_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'k',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
      RAZORPAY_API_URL: 'http://127.0.0.1:9999/',
    });
    expect(local.razorpay?.apiUrl).toBe('http://127.0.0.1:9999');
    expect(() =>
      paymentsConfig({
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
        RAZORPAY_API_URL: 'ftp://x',
      }),
    ).toThrow(ConfigError);
  });
});

describe('payment links', () => {
  it('creates a link in paise and INR with our reference, customer and callback, and fetches it', async () => {
    const created = await link();
    expect(created).toMatchObject({
      status: 'created',
      amountPaise: 330_500,
      amountPaidPaise: 0,
      currency: 'INR',
      orderId: null,
      payments: [],
      notes: { billing_document_id: '42' },
    });
    expect(created.id).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(created.shortUrl.startsWith(standIn.url)).toBe(true);
    const stored = standIn.links.get(created.id)!;
    expect(stored).toMatchObject({
      reference_id: created.referenceId,
      callback_url: 'http://localhost:5173/portal/invoices/42?paid=1',
      callback_method: 'get',
      customer: { name: 'Asha Kulkarni', email: 'asha@example.com' },
    });
    expect(await gateway.fetchPaymentLink(created.id)).toEqual(created);
  });

  it('hears Razorpay refuse a second link with the same reference, an amount under ₹1, and a wrong key', async () => {
    const first = await link();
    await expect(
      gateway.createPaymentLink({
        amountPaise: 100,
        referenceId: first.referenceId,
        description: 'x',
        customer: { name: 'A', email: null, contact: null },
        callbackUrl: 'http://localhost/',
        notes: {},
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('already exists') });
    await expect(link(99)).rejects.toBeInstanceOf(GatewayError);
    const wrongKey = razorpayGateway({ ...KEYS, keySecret: 'not-the-secret', apiUrl: standIn.url });
    await expect(wrongKey.fetchPaymentLink(first.id)).rejects.toMatchObject({ status: 401 });
    await expect(gateway.fetchPaymentLink('plink_DoesNotExist00')).rejects.toMatchObject({ status: 400 });
    await expect(gateway.fetchPaymentLink('../orders')).rejects.toMatchObject({ status: 400 });
  });

  it('cancels an unpaid link', async () => {
    const created = await link();
    expect((await gateway.cancelPaymentLink(created.id)).status).toBe('cancelled');
  });

  it('reports an unreachable Razorpay as a GatewayError, not a crash', async () => {
    const closed = await startRazorpayStandIn(KEYS);
    const url = closed.url;
    await closed.close();
    await expect(razorpayGateway({ ...KEYS, apiUrl: url }, { timeoutMs: 2_000 }).fetchPaymentLink('plink_AAAAAAAAAAAAAA')).rejects.toMatchObject({ status: 0 });
  });
});

describe('paying on the hosted page', () => {
  it('shows the amount and a Pay button; paying redirects to the callback with a query the gateway verifies, and sends signed payment_link.paid and order.paid', async () => {
    const created = await link();
    const page = await fetch(created.shortUrl);
    const html = await page.text();
    expect(html).toContain('₹3,305.00');
    expect(html).toContain('>Pay</button>');
    const action = /action="([^"]+)"/.exec(html)![1];
    const paid = await fetch(new URL(action, created.shortUrl), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:5173/portal/invoices/42');
    expect(back.searchParams.get('paid')).toBe('1');
    const query = Object.fromEntries(back.searchParams);
    const verified = gateway.verifyCallback(query);
    expect(verified).toMatchObject({
      razorpay_payment_link_id: created.id,
      razorpay_payment_link_reference_id: created.referenceId,
      razorpay_payment_link_status: 'paid',
    });
    expect(gateway.verifyCallback({ ...query, razorpay_payment_link_status: 'paid ' })).toBeNull();
    expect(gateway.verifyCallback({ ...query, razorpay_signature: undefined })).toBeNull();

    expect(received.map((r) => [r.status, r.event?.event])).toEqual([
      [200, 'payment_link.paid'],
      [200, 'order.paid'],
    ]);
    const [linkPaid, orderPaid] = received.map((r) => r.event!);
    const paymentId = verified!.razorpay_payment_id;
    expect(linkPaid.paymentLink).toMatchObject({
      id: created.id,
      status: 'paid',
      amountPaise: 330_500,
      amountPaidPaise: 330_500,
      referenceId: created.referenceId,
    });
    expect(linkPaid.payment).toMatchObject({ id: paymentId, amountPaise: 330_500, currency: 'INR', status: 'captured', method: 'upi' });
    expect(orderPaid.paymentLink).toBeNull();
    expect(orderPaid.order).toMatchObject({ id: linkPaid.payment!.orderId, status: 'paid', notes: { billing_document_id: '42' } });
    expect(orderPaid.payment?.id).toBe(paymentId);
    expect(linkPaid.eventId).not.toBe(orderPaid.eventId);

    // The link and the payment as Razorpay now reports them.
    const after = await gateway.fetchPaymentLink(created.id);
    expect(after).toMatchObject({
      status: 'paid',
      amountPaidPaise: 330_500,
      orderId: linkPaid.payment!.orderId,
      payments: [{ paymentId, amountPaise: 330_500, status: 'captured' }],
    });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ id: paymentId, amountPaise: 330_500, status: 'captured' });
    // A paid link has no Pay button and cannot be paid again.
    expect(await (await fetch(created.shortUrl)).text()).not.toContain('<button');
    expect((await fetch(new URL(action, created.shortUrl), { method: 'POST', redirect: 'manual' })).status).toBe(409);
  });
});

describe('webhook signatures', () => {
  it('refuses a wrong signature (401) and a missing one (400), and reads a repeat with the same event id', async () => {
    const created = await link();
    await standIn.pay(created.id, { signature: 'bad', orderPaid: false });
    expect(received.at(-1)).toMatchObject({ status: 401, event: null });
    const unsigned = await standIn.sendEvent('payment_link.paid', { payment_link: { entity: standIn.links.get(created.id)! } }, { signature: 'none' });
    expect(unsigned.signature).toBeNull();
    expect(received.at(-1)).toMatchObject({ status: 400, event: null, error: expect.stringContaining('X-Razorpay-Signature') });

    const good = await standIn.sendEvent('payment_link.paid', { payment_link: { entity: standIn.links.get(created.id)! } });
    expect(good.status).toBe(200);
    const again = await standIn.redeliver(good);
    expect(again.status).toBe(200);
    const [first, second] = received.slice(-2).map((r) => r.event!);
    expect(second.eventId).toBe(first.eventId);
    expect(second).toEqual(first);
  });

  it('checks the signature over the raw bytes: the same JSON re-serialised, or one byte changed, does not pass', () => {
    const body = '{"entity":"event","event":"payment_link.paid","payload":{},"created_at":1}';
    const signature = createHmac('sha256', KEYS.webhookSecret).update(body).digest('hex');
    const headers = { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_1' };
    expect(gateway.verifyWebhook(Buffer.from(body), headers)).toMatchObject({ eventId: 'evt_1', event: 'payment_link.paid', paymentLink: null, payment: null });
    expect(() => gateway.verifyWebhook(JSON.stringify(JSON.parse(body), null, 1), headers)).toThrow(WebhookRefused);
    expect(() => gateway.verifyWebhook(body.replace('"created_at":1', '"created_at":2'), headers)).toThrow(/does not match/);
    // Signed with the key secret instead of the webhook secret.
    const keySigned = createHmac('sha256', KEYS.keySecret).update(body).digest('hex');
    expect(() => gateway.verifyWebhook(body, { ...headers, 'x-razorpay-signature': keySigned })).toThrow(expect.objectContaining({ status: 401 }));
    // Signed, but no event id to deduplicate on; signed, but not an event.
    expect(() => gateway.verifyWebhook(body, { 'x-razorpay-signature': signature })).toThrow(expect.objectContaining({ status: 400 }));
    const notEvent = '{"hello":"world"}';
    expect(() =>
      gateway.verifyWebhook(notEvent, {
        'x-razorpay-signature': createHmac('sha256', KEYS.webhookSecret).update(notEvent).digest('hex'),
        'x-razorpay-event-id': 'evt_2',
      }),
    ).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('delivers a payment of another amount than the link as Razorpay would sign it, for the route to refuse', async () => {
    const created = await link(50_000);
    await standIn.pay(created.id, { amountPaise: 40_000 });
    const event = received.find((r) => r.event?.event.startsWith('payment_link.'))!.event!;
    expect(event.paymentLink?.amountPaise).toBe(50_000);
    expect(event.payment?.amountPaise).toBe(40_000);
    expect(event.event).toBe('payment_link.partially_paid');
  });
});
