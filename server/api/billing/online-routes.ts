// /api/v1/billing: paying online (issue 34). A client (their own) or the staff who bill open a
// Razorpay payment link for what is due on an issued invoice (the payer comes back to My packages
// for a package bought in the portal, to My invoices otherwise); Razorpay's webhook records the
// payment; reception lists the payments the webhook refused. All of it answers 404 for the link
// and 404 for the webhook when PAYMENTS_PROVIDER is not set (server/config.ts), so a clinic
// without the gateway shows nothing of it.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { jsonNestsDeeperThan, jsonTooDeep } from '../../http/json-depth.ts';
import { paymentGatewayFrom, type RazorpayGateway, WebhookRefused } from '../../payments/razorpay-gateway.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { admit } from '../route-access.ts';
import { clientName, type DocumentRow } from './data.ts';
import { visibleDocument } from './documents-routes.ts';
import { handleGatewayEvent, ONLINE_TEXTS, openFlags, openPaymentLink } from './online-payments.ts';
import { act } from './route-helpers.ts';

/**
 * Where the browser comes back after paying, on PUBLIC_URL: for a package bought in the portal, My
 * packages naming the invoice, which checks a few times for the payment the webhook records;
 * for any other invoice, the client's invoices with that document open.
 * Built from that configured origin, never from the request's Host or Origin header: Razorpay
 * sends the payer, with a signed payment result in the query, wherever this says, and a header
 * is the caller's to choose. The cost is that a browser using another name for the server
 * (127.0.0.1 for localhost) comes back to PUBLIC_URL's origin, where its session (kept per
 * origin) is not: PUBLIC_URL is the address clients use (docs/billing.md, "PDFs and paying online").
 */
export function portalReturnUrl(publicUrl: string, document: Pick<DocumentRow, 'id' | 'client_id' | 'source_from'>): string {
  if (document.source_from === 'package_sale') return `${publicUrl}/user/packages/${document.client_id}?invoice=${document.id}`;
  return `${publicUrl}/user/invoices/${document.client_id}?document=${document.id}`;
}

/** The webhook route's schema: the contract's, less its body, which is checked as raw text (see below). */
function rawBodySchema(schema: FastifySchema): FastifySchema {
  const { body: _body, ...rest } = schema;
  return rest;
}

export function onlinePaymentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  const gateway: RazorpayGateway | null = paymentGatewayFrom(app.runtime.config.payments);
  const publicUrl = app.runtime.config.publicUrl;
  const requireGateway = () => {
    if (!gateway) throw new HttpError(404, ONLINE_TEXTS.off);
    return gateway;
  };

  app.post<{ Params: { id: number } }>(
    '/billing/documents/:id/payment-link',
    { schema: contract.routeSchema('openBillingPaymentLink'), config: { access: { roles: 'billing-pay', client: 'own', refusal: 'audited' } } },
    async (request, reply) => {
      const live = requireGateway();
      const caller = callerOf(request);
      const found = await visibleDocument(db, caller, request.params.id, 'billing.payment_link.create', request.id);
      await admit(db, request, { action: act('billing.payment_link.create'), client: found.client_id, requestId: request.id });
      const contact = await db.selectFrom('users').select(['email', 'phone_number']).where('id', '=', found.client_id).executeTakeFirst();
      const result = await openPaymentLink(db, {
        gateway: live,
        document: found,
        customer: { name: (await clientName(db, found.client_id)) || 'Client', email: contact?.email ?? null, contact: contact?.phone_number ?? null },
        callbackUrl: portalReturnUrl(publicUrl, found),
        by: caller.id,
        reconcileAfterMs: app.runtime.config.payments.razorpay?.reconcileAfterMs ?? 0,
      });
      await withAudit(db, { actor: caller, action: act('billing.payment_link.create'), client: found.client_id, requestId: request.id }, async () => undefined);
      reply.code(result.created ? 201 : 200);
      return result.link;
    },
  );

  app.get(
    '/billing/payment-flags',
    { schema: contract.routeSchema('listBillingPaymentFlags'), config: { access: { roles: 'billing-readers', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      return withAudit(db, { actor: caller, action: act('billing.payment_flag.list'), client: null, requestId: request.id }, (trx) => openFlags(trx));
    },
  );

  // Razorpay's webhook: no bearer token (config.public); it is believed only once its
  // X-Razorpay-Signature is the HMAC of the body exactly as it arrived, so this context takes
  // application/json as text and the contract's body schema is not applied before that check
  // (a re-serialised body would not match, and Razorpay adds fields as it likes).
  app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    // Kept as text, with the app's depth limit all the same (no event nests 64 levels).
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      jsonNestsDeeperThan(body as string) ? done(jsonTooDeep(), undefined) : done(null, body),
    );
    raw.post(
      '/billing/payments/razorpay/webhook',
      { schema: rawBodySchema(contract.routeSchema('receiveRazorpayWebhook')), config: { public: true, access: { roles: 'public', client: 'none' } } },
      async (request, reply) => {
        // Unsigned is bad input whether or not the gateway is on; signed, it is judged by the gateway.
        for (const name of ['x-razorpay-signature', 'x-razorpay-event-id'] as const) {
          if (typeof request.headers[name] !== 'string' || request.headers[name] === '') {
            throw badRequest(name === 'x-razorpay-signature' ? 'X-Razorpay-Signature' : name, ONLINE_TEXTS.unsigned(name));
          }
        }
        if (!gateway) throw new HttpError(404, ONLINE_TEXTS.off);
        const body = typeof request.body === 'string' ? request.body : '';
        let event;
        try {
          event = gateway.verifyWebhook(body, request.headers);
        } catch (error) {
          if (error instanceof WebhookRefused) {
            throw error.status === 401 ? new HttpError(401, error.message) : badRequest(error.field, error.message);
          }
          throw error;
        }
        const outcome = await handleGatewayEvent(db, event);
        // 200 for every verified event, a refused payment included (it is flagged for reception):
        // any other answer makes Razorpay retry for a day and then switch the webhook off.
        reply.code(200);
        return { outcome };
      },
    );
  });
}
