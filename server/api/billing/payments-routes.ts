// /api/v1/billing/documents/{id}/payments, /{id}/upi, /billing/advances and /billing/balance:
// taking money (RECEPTION, ADMIN), paying an unused advance back (a refund voucher), the UPI link a QR code draws (a client for their own open
// document), advances and a client's balance (the front desk, SUPER_ADMIN, DOCTOR and NURSE; a
// client their own). Every access to a client's record is audited, the write's in its transaction.
import type { FastifyInstance } from 'fastify';
import { upiPayUri } from '../../../machines/billing/upi.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { namedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import { dueOf, findDocument, moneyOf, readBillingSettings } from './data.ts';
import { visibleDocument } from './documents-routes.ts';
import { refundAdvance } from './advance-refunds.ts';
import { advancesOf, balanceOf, recordPayment, takeAdvance } from './payments.ts';
import { documentOut } from './present.ts';
import { act, BILLING_TEXTS as T, CLIENT_RECORD, type S } from './route-helpers.ts';

const NAME_CLIENT = { ...CLIENT_RECORD, unnamed: () => badRequest('client', T.clientRequired) };

export function paymentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.post<{ Params: { id: number }; Body: S['BillingPaymentCreate'] }>(
    '/billing/documents/:id/payments',
    { schema: contract.routeSchema('recordBillingPayment'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.payment.create', request.id);
      await withAudit(db, { actor: caller, action: act('billing.payment.create'), client: doc.client_id, requestId: request.id }, (trx) =>
        recordPayment(trx, doc.id, request.body, caller.id),
      );
      reply.code(201);
      return documentOut(db, (await findDocument(db, doc.id))!);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/billing/documents/:id/upi',
    { schema: contract.routeSchema('getBillingUpiPayload'), config: { access: { roles: 'billing-own', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.document.read', request.id);
      return withAudit(db, { actor: caller, action: act('billing.document.read'), client: doc.client_id, requestId: request.id }, async (trx) => {
        const due = dueOf(doc, await moneyOf(trx, doc.id));
        if (due <= 0 || !doc.number) throw new HttpError(409, T.nothingDue);
        const settings = await readBillingSettings(trx);
        if (!settings.upiVpa) throw new HttpError(409, T.noUpi);
        const payee = { vpa: settings.upiVpa, name: settings.upiPayeeName ?? settings.legalName };
        return { uri: upiPayUri(payee, due, doc.number), amount_paise: due, payee_vpa: payee.vpa, payee_name: payee.name, note: doc.number };
      });
    },
  );

  app.get<{ Querystring: { client: number } }>(
    '/billing/advances',
    { schema: contract.routeSchema('listBillingAdvances'), config: { access: { roles: 'billing-own', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await namedClient(db, { caller, asked: request.query.client, action: act('billing.advance.list'), requestId: request.id }, NAME_CLIENT);
      return withAudit(db, { actor: caller, action: act('billing.advance.list'), client, requestId: request.id }, (trx) => advancesOf(trx, client));
    },
  );

  app.post<{ Body: S['BillingAdvanceCreate'] }>(
    '/billing/advances',
    { schema: contract.routeSchema('createBillingAdvance'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const client = await namedClient(db, { caller, asked: request.body.client, action: act('billing.advance.create'), requestId: request.id }, NAME_CLIENT);
      const id = await withAudit(db, { actor: caller, action: act('billing.advance.create'), client, requestId: request.id }, (trx) =>
        takeAdvance(trx, request.body, caller.id),
      );
      reply.code(201);
      return (await advancesOf(db, client)).find((a) => a.id === id)!;
    },
  );

  app.post<{ Params: { id: number }; Body: S['BillingAdvanceRefundCreate'] }>(
    '/billing/advances/:id/refunds',
    { schema: contract.routeSchema('refundBillingAdvance'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const receipt = await visibleDocument(db, caller, request.params.id, 'billing.advance.refund', request.id);
      if (receipt.kind !== 'receipt') throw notFound();
      const id = await withAudit(db, { actor: caller, action: act('billing.advance.refund'), client: receipt.client_id, requestId: request.id }, (trx) =>
        refundAdvance(trx, receipt.id, request.body, caller.id),
      );
      reply.code(201);
      return documentOut(db, (await findDocument(db, id))!);
    },
  );

  app.get<{ Querystring: { client: number } }>(
    '/billing/balance',
    { schema: contract.routeSchema('getBillingBalance'), config: { access: { roles: 'balance-own', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await namedClient(db, { caller, asked: request.query.client, action: act('billing.balance.read'), requestId: request.id }, NAME_CLIENT);
      return withAudit(db, { actor: caller, action: act('billing.balance.read'), client, requestId: request.id }, (trx) => balanceOf(trx, client));
    },
  );
}
