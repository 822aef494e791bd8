// The online payment gateway (issue 34): Razorpay payment links, one per open invoice. The link's
// hosted page (its short_url) is the portal's checkout; Razorpay tells us the money arrived by a
// webhook signed with the webhook secret, and the browser comes back to the callback URL with a
// query signed with the key secret. Off unless PAYMENTS_PROVIDER=razorpay (server/config.ts).
//
// How the official `razorpay` SDK is used: for the signatures only
// (`validateWebhookSignature` and `validatePaymentVerification` from its razorpay-utils). Its API
// client is not used: the SDK fixes the host in its constructor (`hostUrl:
// 'https://api.razorpay.com'` in dist/razorpay.js, reachable only through the undocumented
// `instance.api.rq.defaults.baseURL`), sets no timeout, and its error mapper throws a TypeError on
// a network failure (it reads `err.response.status` of an axios error that has no response). So
// the three calls below go to Razorpay's documented REST API (Basic auth key_id:key_secret, JSON,
// amounts in paise) with fetch, at RAZORPAY_API_URL, which is how tests and `npm run dev` point
// them at the stand-in (tests/support/razorpay-stand-in.ts).
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import type { RazorpaySettings } from '../config.ts';

export type PaymentLinkStatus = 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';

export interface CreatePaymentLink {
  /** Whole paise, at least 100 (Razorpay's minimum of ₹1). */
  amountPaise: number;
  /** Ours, unique per link at Razorpay (at most 40 characters): the document's number and a try. */
  referenceId: string;
  description: string;
  customer: { name: string; email: string | null; contact: string | null };
  /** Where Razorpay sends the browser after paying (GET, with the signed query). */
  callbackUrl: string;
  /** Unix seconds; Razorpay refuses more than six months ahead. */
  expireBy?: number;
  /** Copied by Razorpay onto the link's order: the webhook of an order names our document by them. */
  notes: Record<string, string>;
}

export interface LinkPayment {
  paymentId: string;
  amountPaise: number;
  status: string;
  method: string | null;
  createdAt: number;
}

export interface PaymentLink {
  id: string;
  shortUrl: string;
  status: PaymentLinkStatus;
  amountPaise: number;
  amountPaidPaise: number;
  currency: string;
  referenceId: string;
  orderId: string | null;
  payments: LinkPayment[];
  notes: Record<string, string>;
}

export interface GatewayPayment {
  id: string;
  amountPaise: number;
  currency: string;
  /** created, authorized, captured, refunded or failed. */
  status: string;
  method: string | null;
  orderId: string | null;
  createdAt: number;
}

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  amountPaidPaise: number;
  status: string;
  receipt: string | null;
  notes: Record<string, string>;
}

/** A webhook whose signature was checked over its raw body. */
export interface GatewayEvent {
  /** The `x-razorpay-event-id` header: the same event delivered again has the same id. */
  eventId: string;
  event: string;
  createdAt: number;
  paymentLink: PaymentLink | null;
  order: GatewayOrder | null;
  payment: GatewayPayment | null;
}

/** What the browser brings back to the callback URL. */
export interface PaymentLinkCallback {
  razorpay_payment_id: string;
  razorpay_payment_link_id: string;
  razorpay_payment_link_reference_id: string;
  razorpay_payment_link_status: string;
  razorpay_signature: string;
}

/** Razorpay refused a call or could not be reached; `status` is its HTTP status (0: no answer). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** A webhook we do not accept: `status` is what to answer (400 malformed, 401 bad signature), `field` what is wrong. */
export class WebhookRefused extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly field: 'X-Razorpay-Signature' | 'x-razorpay-event-id' | 'body',
    message: string,
  ) {
    super(message);
  }
}

export interface RazorpayGateway {
  readonly provider: 'razorpay';
  /** The key id the portal may show (never the secret). */
  readonly keyId: string;
  createPaymentLink(link: CreatePaymentLink): Promise<PaymentLink>;
  fetchPaymentLink(id: string): Promise<PaymentLink>;
  cancelPaymentLink(id: string): Promise<PaymentLink>;
  fetchPayment(id: string): Promise<GatewayPayment>;
  /**
   * Checks `X-Razorpay-Signature` (hex HMAC-SHA256 with the webhook secret) over the body exactly
   * as it arrived, then reads it. Throws WebhookRefused; nothing about the event is trusted before.
   */
  verifyWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): GatewayEvent;
  /** The callback's signature (key secret over link id | reference id | status | payment id). */
  verifyCallback(query: Partial<Record<keyof PaymentLinkCallback, unknown>>): PaymentLinkCallback | null;
}

const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const int = (value: unknown): number | null => (Number.isSafeInteger(value) ? (value as number) : null);

function notesOf(value: unknown): Record<string, string> {
  // Razorpay sends empty notes as [] and others as an object of strings.
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Json).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

function required<T>(value: T | null, what: string): T {
  if (value === null) throw new GatewayError(`Razorpay's answer has no ${what}.`, 502);
  return value;
}

const LINK_STATUSES: readonly PaymentLinkStatus[] = ['created', 'partially_paid', 'paid', 'expired', 'cancelled'];

export function readPaymentLink(body: Json): PaymentLink {
  const status = body.status as PaymentLinkStatus;
  if (!LINK_STATUSES.includes(status)) throw new GatewayError(`Razorpay sent a payment link in an unknown status: ${String(body.status)}`, 502);
  const payments = Array.isArray(body.payments) ? (body.payments as Json[]) : [];
  return {
    id: required(str(body.id), 'payment link id'),
    shortUrl: required(str(body.short_url), 'short_url'),
    status,
    amountPaise: required(int(body.amount), 'amount'),
    amountPaidPaise: int(body.amount_paid) ?? 0,
    currency: str(body.currency) ?? 'INR',
    referenceId: str(body.reference_id) ?? '',
    orderId: str(body.order_id),
    payments: payments.map((p) => ({
      paymentId: required(str(p.payment_id), 'payment_id'),
      amountPaise: required(int(p.amount), 'payment amount'),
      status: str(p.status) ?? 'unknown',
      method: str(p.method),
      createdAt: int(p.created_at) ?? 0,
    })),
    notes: notesOf(body.notes),
  };
}

export function readPayment(body: Json): GatewayPayment {
  return {
    id: required(str(body.id), 'payment id'),
    amountPaise: required(int(body.amount), 'payment amount'),
    currency: str(body.currency) ?? 'INR',
    status: str(body.status) ?? 'unknown',
    method: str(body.method),
    orderId: str(body.order_id),
    createdAt: int(body.created_at) ?? 0,
  };
}

function readOrder(body: Json): GatewayOrder {
  return {
    id: required(str(body.id), 'order id'),
    amountPaise: required(int(body.amount), 'order amount'),
    amountPaidPaise: int(body.amount_paid) ?? 0,
    status: str(body.status) ?? 'unknown',
    receipt: str(body.receipt),
    notes: notesOf(body.notes),
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name] ?? headers[name.toLowerCase()];
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' && one.trim() !== '' ? one.trim() : null;
}

function entityOf(payload: unknown, name: string): Json | null {
  const holder = (payload as Json | null)?.[name] as Json | undefined;
  const entity = holder?.entity;
  return entity && typeof entity === 'object' && !Array.isArray(entity) ? (entity as Json) : null;
}

/** Reads a webhook body whose signature has been checked. */
function readEvent(rawBody: string, eventId: string): GatewayEvent {
  let body: Json;
  try {
    body = JSON.parse(rawBody) as Json;
  } catch {
    throw new WebhookRefused(400, 'body', 'The webhook body is not JSON.');
  }
  if (!body || typeof body !== 'object' || body.entity !== 'event' || typeof body.event !== 'string') {
    throw new WebhookRefused(400, 'body', 'The webhook body is not a Razorpay event.');
  }
  const link = entityOf(body.payload, 'payment_link');
  const order = entityOf(body.payload, 'order');
  const payment = entityOf(body.payload, 'payment');
  try {
    return {
      eventId,
      event: body.event,
      createdAt: int(body.created_at) ?? 0,
      paymentLink: link ? readPaymentLink(link) : null,
      order: order ? readOrder(order) : null,
      payment: payment ? readPayment(payment) : null,
    };
  } catch (error) {
    if (error instanceof GatewayError) throw new WebhookRefused(400, 'body', error.message);
    throw error;
  }
}

/** The gateway over Razorpay's REST API at `settings.apiUrl`. */
export function razorpayGateway(
  settings: Omit<RazorpaySettings, 'reconcileAfterMs'>,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): RazorpayGateway {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const fetcher = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    let res: Response;
    try {
      res = await fetcher(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError(`Razorpay did not answer: ${(error as Error).name}`, 0);
    }
    const text = await res.text();
    let json: Json | null;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const error = (json?.error ?? {}) as Json;
      throw new GatewayError(`Razorpay answered ${res.status}: ${str(error.description) ?? 'no description'}`, res.status, str(error.code));
    }
    if (!json || typeof json !== 'object') throw new GatewayError('Razorpay answered with something other than JSON.', 502);
    return json;
  }

  const id = (value: string) => {
    if (!/^[A-Za-z0-9_]{1,64}$/.test(value)) throw new GatewayError(`Not a Razorpay id: ${value}`, 400);
    return encodeURIComponent(value);
  };

  return {
    provider: 'razorpay',
    keyId: settings.keyId,
    async createPaymentLink(link) {
      if (!Number.isSafeInteger(link.amountPaise) || link.amountPaise < 100) throw new GatewayError('A payment link is for at least ₹1.00 (100 paise).', 400);
      if (link.referenceId.length === 0 || link.referenceId.length > 40) throw new GatewayError('reference_id is 1 to 40 characters.', 400);
      const customer: Json = { name: link.customer.name.slice(0, 50) };
      if (link.customer.email) customer.email = link.customer.email;
      if (link.customer.contact) customer.contact = link.customer.contact;
      const body = await call('POST', '/v1/payment_links', {
        amount: link.amountPaise,
        currency: 'INR',
        accept_partial: false,
        reference_id: link.referenceId,
        description: link.description.slice(0, 2048),
        customer,
        // The clinic sends its own mail; Razorpay's SMS and mail would be a second, unbranded one.
        notify: { sms: false, email: false },
        reminder_enable: false,
        callback_url: link.callbackUrl,
        callback_method: 'get',
        ...(link.expireBy ? { expire_by: link.expireBy } : {}),
        notes: link.notes,
      });
      return readPaymentLink(body);
    },
    async fetchPaymentLink(linkId) {
      return readPaymentLink(await call('GET', `/v1/payment_links/${id(linkId)}`));
    },
    async cancelPaymentLink(linkId) {
      return readPaymentLink(await call('POST', `/v1/payment_links/${id(linkId)}/cancel`, {}));
    },
    async fetchPayment(paymentId) {
      return readPayment(await call('GET', `/v1/payments/${id(paymentId)}`));
    },
    verifyWebhook(rawBody, headers) {
      const signature = header(headers, 'x-razorpay-signature');
      if (!signature) throw new WebhookRefused(400, 'X-Razorpay-Signature', 'The webhook carries no X-Razorpay-Signature.');
      const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
      // The SDK's check: hex HMAC-SHA256 of the body with the webhook secret. (Its 2.9.8 compares
      // the hex strings with ===; the signature is of the whole body, so a timing difference
      // tells a caller nothing it could use to forge another body's.)
      if (!validateWebhookSignature(text, signature, settings.webhookSecret))
        throw new WebhookRefused(401, 'X-Razorpay-Signature', 'The webhook signature does not match.');
      const eventId = header(headers, 'x-razorpay-event-id');
      if (!eventId) throw new WebhookRefused(400, 'x-razorpay-event-id', 'The webhook carries no x-razorpay-event-id.');
      return readEvent(text, eventId);
    },
    verifyCallback(query) {
      const fields = [
        'razorpay_payment_id',
        'razorpay_payment_link_id',
        'razorpay_payment_link_reference_id',
        'razorpay_payment_link_status',
        'razorpay_signature',
      ] as const;
      const values = fields.map((field) => query[field]);
      if (!values.every((value): value is string => typeof value === 'string' && value.length > 0)) return null;
      const [payment_id, payment_link_id, payment_link_reference_id, payment_link_status, signature] = values;
      const valid = validatePaymentVerification({ payment_id, payment_link_id, payment_link_reference_id, payment_link_status }, signature, settings.keySecret);
      return valid
        ? {
            razorpay_payment_id: payment_id,
            razorpay_payment_link_id: payment_link_id,
            razorpay_payment_link_reference_id: payment_link_reference_id,
            razorpay_payment_link_status: payment_link_status,
            razorpay_signature: signature,
          }
        : null;
    },
  };
}

/** The configured gateway, or null when online payments are off (PAYMENTS_PROVIDER unset or none). */
export function paymentGatewayFrom(
  payments: { provider: string; razorpay: RazorpaySettings | null },
  options?: { fetch?: typeof fetch },
): RazorpayGateway | null {
  if (payments.provider !== 'razorpay' || !payments.razorpay) return null;
  return razorpayGateway(payments.razorpay, options);
}
