// A local stand-in for Razorpay (issue 34), for the gateway's tests, the end-to-end suite and
// `npm run dev`: it speaks the part of Razorpay's REST API the gateway uses (server/payments/
// razorpay-gateway.ts), checks Basic auth with the key id and secret, answers Razorpay-shaped JSON
// (and Razorpay's error shape), serves each payment link's short_url as a small page whose "Pay"
// button pays it, sends the browser back to the callback URL with the query signed as Razorpay
// signs it, and posts `payment_link.paid` and `order.paid` webhooks to the configured URL signed
// with the webhook secret (hex HMAC-SHA256 of the raw body in X-Razorpay-Signature) with an
// `x-razorpay-event-id`. Test hooks pay a link with another amount, send an event with a bad or no
// signature, lose an event on the way and deliver it late, deliver an event again, and expire a
// link. GET /v1/payment_links/:id answers as Razorpay's does: status, amount_paid, order_id and
// payments[] (payment_id, amount, status, method, created_at), which the reconciler reads.
//
// Endpoints: POST /v1/payment_links, GET /v1/payment_links/:id, POST /v1/payment_links/:id/cancel,
// GET /v1/payments/:id, GET /v1/orders/:id; the page GET /i/:code and its form POST /i/:code/pay.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go (our POST /api/v1/billing/payments/razorpay/webhook); none are sent without it. */
  webhookUrl?: string | null;
  /**
   * Instead of posting to `webhookUrl`, hands each delivery to this (a test app's inject()); it
   * answers the HTTP status our server gave.
   */
  webhookSink?: ((request: { headers: Record<string, string>; body: string }) => Promise<number>) | null;
  port?: number;
  host?: string;
}

type Json = Record<string, unknown>;

interface Link extends Json {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  status: string;
  short_url: string;
  callback_url: string;
  callback_method: string;
  order_id: string | null;
  payments: Json[] | null;
  notes: Json | unknown[];
  customer: Json;
}

export interface Delivery {
  eventId: string;
  event: string;
  body: string;
  signature: string | null;
  status: number;
}

export type SignatureMode = 'valid' | 'bad' | 'none';

export interface PayOptions {
  /** Paise actually paid; a test sets another amount than the link's to see it refused. */
  amountPaise?: number;
  method?: 'upi' | 'card' | 'netbanking' | 'wallet';
  signature?: SignatureMode;
  /** Send `order.paid` as well (Razorpay does for a link's order); default true. */
  orderPaid?: boolean;
  /**
   * Lose the webhooks on the way: each is signed and kept in `deliveries` with status 0 but never
   * reaches our server (a test hands it over late with `redeliver`).
   */
  dropWebhooks?: boolean;
}

export interface Paid {
  paymentId: string;
  orderId: string;
  /** The callback URL with its signed query, where the page sends the browser. */
  redirect: string | null;
  deliveries: Delivery[];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-style id: prefix, underscore, 14 base-62 characters. */
function newId(prefix: string): string {
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

const now = () => Math.floor(Date.now() / 1000);

function sign(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field: string | null = null,
  ) {
    super(description);
  }

  body(): Json {
    return {
      error: {
        code: this.status === 401 ? 'BAD_REQUEST_ERROR' : this.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description: this.description,
        source: this.status === 401 ? 'NA' : 'business',
        step: 'NA',
        reason: this.status === 401 ? 'NA' : 'input_validation_failed',
        metadata: {},
        ...(this.field ? { field: this.field } : {}),
      },
    };
  }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class RazorpayStandIn {
  readonly links = new Map<string, Link>();
  readonly payments = new Map<string, Json>();
  readonly orders = new Map<string, Json>();
  /** Every webhook posted, in order, with the status our server answered. */
  readonly deliveries: Delivery[] = [];
  webhookUrl: string | null;
  webhookSink: StandInOptions['webhookSink'];
  private readonly byCode = new Map<string, string>();
  private server: http.Server | null = null;
  private base = '';

  constructor(private readonly options: StandInOptions) {
    this.webhookUrl = options.webhookUrl ?? null;
    this.webhookSink = options.webhookSink ?? null;
  }

  /** The API base URL, e.g. http://127.0.0.1:41234 (RAZORPAY_API_URL). */
  get url(): string {
    if (!this.base) throw new Error('The Razorpay stand-in is not listening.');
    return this.base;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        const failure = error instanceof RazorpayError ? error : new RazorpayError(500, 'The stand-in failed.');
        if (!res.headersSent) res.writeHead(failure.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(failure.body()));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.base = `http://${this.options.host ?? '127.0.0.1'}:${address.port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'i' && parts.length >= 2) return this.page(req, res, parts[1], parts[2]);
    // A browser on the hosted page asks for its icon: none, and no failed request either.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (parts[0] !== 'v1') throw new RazorpayError(404, 'The requested URL was not found on the server.');
    this.authenticate(req);
    const body = req.method === 'POST' ? await readBody(req) : '';
    const json = (value: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const [, resource, id, action] = parts;
    if (resource === 'payment_links' && req.method === 'POST' && !id) return json(this.createLink(body));
    if (resource === 'payment_links' && req.method === 'GET' && id && !action) return json(this.linkOf(id));
    if (resource === 'payment_links' && req.method === 'POST' && id && action === 'cancel') return json(this.cancel(id));
    if (resource === 'payments' && req.method === 'GET' && id) return json(this.found(this.payments.get(id), 'payment'));
    if (resource === 'orders' && req.method === 'GET' && id) return json(this.found(this.orders.get(id), 'order'));
    throw new RazorpayError(404, 'The requested URL was not found on the server.');
  }

  private authenticate(req: http.IncomingMessage): void {
    const header = req.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64')}`;
    if (header !== expected) throw new RazorpayError(401, 'Authentication failed');
  }

  private found(entity: Json | undefined, what: string): Json {
    if (!entity) throw new RazorpayError(400, `The id provided does not exist`, `${what}_id`);
    return entity;
  }

  private linkOf(id: string): Link {
    return this.found(this.links.get(id), 'payment_link') as Link;
  }

  private createLink(raw: string): Link {
    let input: Json;
    try {
      input = JSON.parse(raw) as Json;
    } catch {
      throw new RazorpayError(400, 'The request body is not valid JSON');
    }
    if (!Number.isSafeInteger(input.amount) || (input.amount as number) < 100) throw new RazorpayError(400, 'The amount must be atleast INR 1.00', 'amount');
    if ((input.currency ?? 'INR') !== 'INR') throw new RazorpayError(400, 'The currency is invalid.', 'currency');
    const reference = typeof input.reference_id === 'string' ? input.reference_id : '';
    if (reference.length > 40) throw new RazorpayError(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
    if (reference && [...this.links.values()].some((l) => l.reference_id === reference)) {
      throw new RazorpayError(400, `Payment Link with reference id ${reference} already exists`, 'reference_id');
    }
    const callback = typeof input.callback_url === 'string' ? input.callback_url : '';
    if (callback && input.callback_method !== 'get')
      throw new RazorpayError(400, 'callback_method should be get when callback_url is passed', 'callback_method');
    const id = newId('plink');
    const code = newId('x').slice(2, 10);
    this.byCode.set(code, id);
    const link: Link = {
      accept_partial: Boolean(input.accept_partial),
      amount: input.amount as number,
      amount_paid: 0,
      callback_method: callback ? 'get' : '',
      callback_url: callback,
      cancelled_at: 0,
      created_at: now(),
      currency: 'INR',
      customer: (input.customer as Json) ?? {},
      description: (input.description as string) ?? '',
      expire_by: (input.expire_by as number) ?? 0,
      expired_at: 0,
      first_min_partial_amount: 0,
      id,
      notes: (input.notes as Json) ?? [],
      notify: (input.notify as Json) ?? { email: false, sms: false },
      order_id: null,
      payments: null,
      reference_id: reference,
      reminder_enable: Boolean(input.reminder_enable),
      reminders: [],
      short_url: `${this.base}/i/${code}`,
      status: 'created',
      updated_at: now(),
      upi_link: false,
      user_id: '',
    };
    this.links.set(id, link);
    return link;
  }

  private cancel(id: string): Link {
    const link = this.linkOf(id);
    if (link.status !== 'created' && link.status !== 'partially_paid') throw new RazorpayError(400, `Payment Link cannot be cancelled in ${link.status} state`);
    link.status = 'cancelled';
    link.cancelled_at = now();
    link.updated_at = now();
    return link;
  }

  /** The hosted page: GET shows the amount and a Pay button; POST …/pay pays and redirects. */
  private async page(req: http.IncomingMessage, res: http.ServerResponse, code: string, action: string | undefined): Promise<void> {
    const id = this.byCode.get(code);
    const link = id ? this.links.get(id) : undefined;
    if (!link) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Not found</title><p>This payment link does not exist.</p>');
      return;
    }
    if (req.method === 'POST' && action === 'pay') {
      await readBody(req);
      if (link.status !== 'created') {
        res.writeHead(409, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Payment link ${escapeHtml(link.status)}</title><p>This payment link is ${escapeHtml(link.status)}.</p>`);
        return;
      }
      const paid = await this.pay(link.id);
      res.writeHead(303, { location: paid.redirect ?? `${this.base}/i/${code}` });
      res.end();
      return;
    }
    const rupees = (link.amount / 100).toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
    const open = link.status === 'created';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(rupees)} (Razorpay stand-in)</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font-size:1.2rem;padding:.6rem 2rem}</style></head>
<body><h1>Razorpay stand-in</h1>
<p>${escapeHtml(String(link.description ?? ''))}</p>
<p>Reference <strong>${escapeHtml(link.reference_id)}</strong></p>
<p>Amount <strong data-testid="amount">${escapeHtml(rupees)}</strong></p>
<p>Status <strong data-testid="status">${escapeHtml(link.status)}</strong></p>
${open ? `<form method="post" action="/i/${escapeHtml(code)}/pay"><button type="submit">Pay</button></form>` : ''}
</body></html>`);
  }

  /**
   * Pays a link as a customer would: a captured payment on a new order, the link `paid`, then
   * `payment_link.paid` and `order.paid` posted to the webhook URL (awaited, in that order).
   */
  async pay(linkId: string, options: PayOptions = {}): Promise<Paid> {
    const link = this.linkOf(linkId);
    const amount = options.amountPaise ?? link.amount - link.amount_paid;
    const orderId = link.order_id ?? newId('order');
    const paymentId = newId('pay');
    const created = now();
    const method = options.method ?? 'upi';
    const payment: Json = {
      id: paymentId,
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'captured',
      order_id: orderId,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: `#${link.id.slice('plink_'.length)}`,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: method === 'upi' ? 'success@razorpay' : null,
      email: (link.customer.email as string) ?? null,
      contact: (link.customer.contact as string) ?? null,
      notes: [],
      fee: 0,
      tax: 0,
      error_code: null,
      error_description: null,
      acquirer_data: method === 'upi' ? { rrn: String(100000000000 + Math.floor(Math.random() * 899999999999)) } : {},
      created_at: created,
    };
    this.payments.set(paymentId, payment);
    link.amount_paid += amount;
    link.status = link.amount_paid >= link.amount ? 'paid' : 'partially_paid';
    link.order_id = orderId;
    link.payments = [
      ...(link.payments ?? []),
      { amount, created_at: created, method, payment_id: paymentId, plink_id: link.id, status: 'captured', updated_at: created },
    ];
    link.updated_at = created;
    const order: Json = {
      id: orderId,
      entity: 'order',
      amount: link.amount,
      amount_paid: link.amount_paid,
      amount_due: Math.max(0, link.amount - link.amount_paid),
      currency: 'INR',
      receipt: link.reference_id || null,
      offer_id: null,
      status: link.status === 'paid' ? 'paid' : 'attempted',
      attempts: (link.payments ?? []).length,
      notes: link.notes,
      created_at: link.created_at,
    };
    this.orders.set(orderId, order);

    const deliveries: Delivery[] = [];
    const signature = options.signature ?? 'valid';
    const linkEvent = link.status === 'paid' ? 'payment_link.paid' : 'payment_link.partially_paid';
    deliveries.push(
      await this.sendEvent(
        linkEvent,
        { payment_link: { entity: { ...link } }, order: { entity: { ...order } }, payment: { entity: { ...payment } } },
        { signature, drop: options.dropWebhooks },
      ),
    );
    if (options.orderPaid !== false && order.status === 'paid') {
      deliveries.push(
        await this.sendEvent('order.paid', { order: { entity: { ...order } }, payment: { entity: { ...payment } } }, { signature, drop: options.dropWebhooks }),
      );
    }
    return { paymentId, orderId, redirect: this.callbackFor(link, paymentId), deliveries };
  }

  /** The callback URL with the query Razorpay adds, signed with the key secret. */
  callbackFor(link: Link, paymentId: string): string | null {
    if (!link.callback_url) return null;
    const url = new URL(link.callback_url);
    url.searchParams.set('razorpay_payment_id', paymentId);
    url.searchParams.set('razorpay_payment_link_id', link.id);
    url.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
    url.searchParams.set('razorpay_payment_link_status', link.status);
    url.searchParams.set('razorpay_signature', sign(this.options.keySecret, `${link.id}|${link.reference_id}|${link.status}|${paymentId}`));
    return url.toString();
  }

  /**
   * Posts one event to the webhook URL as Razorpay does. `signature: 'bad'` signs with another
   * secret, `'none'` leaves the header out; `eventId` repeats an earlier delivery's id.
   */
  async sendEvent(event: string, payload: Json, options: { signature?: SignatureMode; eventId?: string; drop?: boolean } = {}): Promise<Delivery> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_StandIn0000001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return this.deliver(event, body, options.eventId ?? newId('evt'), this.signature(body, options.signature ?? 'valid'), options.drop);
  }

  /** The link's expiry passes (Razorpay's `expire_by`): it is `expired` and takes no payment. */
  expire(linkId: string): Link {
    const link = this.linkOf(linkId);
    if (link.status !== 'created') throw new RazorpayError(400, `Payment Link cannot be expired in ${link.status} state`);
    link.status = 'expired';
    link.expired_at = now();
    link.updated_at = now();
    return link;
  }

  /** Delivers an earlier event again, byte for byte with the same event id and signature (Razorpay's retry). */
  async redeliver(delivery: Delivery): Promise<Delivery> {
    return this.deliver(delivery.event, delivery.body, delivery.eventId, delivery.signature);
  }

  private signature(body: string, mode: SignatureMode): string | null {
    if (mode === 'none') return null;
    return sign(mode === 'bad' ? `${this.options.webhookSecret}-wrong` : this.options.webhookSecret, body);
  }

  private async deliver(event: string, body: string, eventId: string, signature: string | null, drop = false): Promise<Delivery> {
    let status = 0;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Razorpay-Webhook/v1', 'x-razorpay-event-id': eventId };
    if (signature) headers['x-razorpay-signature'] = signature;
    if (drop) {
      // Lost on the way: nothing reaches our server.
    } else if (this.webhookSink) {
      status = await this.webhookSink({ headers, body });
    } else if (this.webhookUrl) {
      try {
        const res = await fetch(this.webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
    }
    const delivery: Delivery = { eventId, event, body, signature, status };
    this.deliveries.push(delivery);
    return delivery;
  }
}

/** Keys a test's app and stand-in share (test keys: nothing real is signed with them). */
export const RAZORPAY_KEYS = { keyId: 'rzp_test_StandInKey00', keySecret: 'stand-in-key-secret-0', webhookSecret: 'stand-in-webhook-secret-0' } as const;

/** The server's environment for paying online through `standIn` (server/config.ts). */
export function razorpayEnv(
  standIn: RazorpayStandIn,
  keys: { keyId: string; keySecret: string; webhookSecret: string } = RAZORPAY_KEYS,
): Record<string, string> {
  return {
    PAYMENTS_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
    RAZORPAY_API_URL: standIn.url,
  };
}

/** Starts a stand-in on a free loopback port. */
export async function startRazorpayStandIn(options: StandInOptions): Promise<RazorpayStandIn> {
  return new RazorpayStandIn(options).start();
}
