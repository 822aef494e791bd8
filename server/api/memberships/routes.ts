// /api/v1/memberships/*: memberships (issue 35; docs/memberships.md). ADMIN defines the plans;
// RECEPTION and ADMIN sell one to a client (its invoice issued at once) and cancel an unpaid sale;
// a CLIENT reads their own memberships and cancels their renewal, as the desk may; SUPER_ADMIN
// reads. A membership starts when its invoice is paid (billing's paid listener). Every status
// change is a step of machines/memberships/membership-lifecycle.ts; every access is audited.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import { withAudit } from '../audit/data.ts';
import { type DocumentPaidListener, onDocumentPaid } from '../billing/paid-listeners.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { isClientRole } from '../policy.ts';
import { clinicDay, membershipOut, membershipsOf } from './data.ts';
import { createPlan, listPlans, updatePlan } from './plans.ts';
import { MEMBERSHIP_TEXTS } from './texts.ts';
import { cancelRenewal, cancelSale, membershipInvoicePaid, reachableMembership, sellMembership } from './selling.ts';

type S = components['schemas'];
const CLIENT_RECORD = { clients: 'own', staffName: 'client' } as const;
const startOnPayment: DocumentPaidListener = (trx, document) => membershipInvoicePaid(trx, document.id);

export async function membershipRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  onDocumentPaid(startOnPayment);

  app.get(
    '/memberships/plans',
    { schema: contract.routeSchema('listMembershipPlans'), config: { access: { roles: 'billing-readers', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      return withAudit(db, { actor: caller, action: 'membership.plan.list', client: null, requestId: request.id }, (trx) => listPlans(trx));
    },
  );

  app.post<{ Body: S['MembershipPlanCreate'] }>(
    '/memberships/plans',
    { schema: contract.routeSchema('createMembershipPlan'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = await withAudit(db, { actor: caller, action: 'membership.plan.create', client: null, requestId: request.id }, (trx) =>
        createPlan(trx, request.body),
      );
      reply.code(201);
      return (await listPlans(db, [id]))[0];
    },
  );

  app.patch<{ Params: { id: number }; Body: S['MembershipPlanUpdate'] }>(
    '/memberships/plans/:id',
    { schema: contract.routeSchema('updateMembershipPlan'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      await withAudit(db, { actor: caller, action: 'membership.plan.update', client: null, requestId: request.id }, (trx) =>
        updatePlan(trx, request.params.id, request.body),
      );
      return (await listPlans(db, [request.params.id]))[0];
    },
  );

  app.get<{ Querystring: { client?: number } }>(
    '/memberships',
    { schema: contract.routeSchema('listMemberships'), config: { access: { roles: 'billing-own', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const ask = { caller, asked: request.query.client, action: 'membership.list' as const, requestId: request.id };
      const client = (await scopedClient(db, ask, { ...CLIENT_RECORD, unnamed: () => badRequest('client', MEMBERSHIP_TEXTS.clientRequired) }))!;
      return withAudit(db, { actor: caller, action: 'membership.list', client, requestId: request.id }, async (trx) =>
        membershipsOf(trx, client, await clinicDay(trx)),
      );
    },
  );

  app.post<{ Body: S['MembershipSale'] }>(
    '/memberships',
    { schema: contract.routeSchema('sellMembership'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const b = request.body;
      const client = (await scopedClient(db, { caller, asked: b.client, action: 'membership.sell', requestId: request.id }, CLIENT_RECORD))!;
      const id = await withAudit(db, { actor: caller, action: 'membership.sell', client, requestId: request.id }, (trx) =>
        sellMembership(trx, { client, plan: b.plan, autoRenew: b.auto_renew }, caller.id, {
          actor: caller,
          client,
          requestId: request.id,
          action: 'billing.document.issue',
        }),
      );
      reply.code(201);
      return membershipOut(db, id);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/memberships/:id/cancel-renewal',
    { schema: contract.routeSchema('cancelMembershipRenewal'), config: { access: { roles: 'billing-pay', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const m = await reachableMembership(db, request.params.id, caller, isClientRole(caller.role));
      await withAudit(db, { actor: caller, action: 'membership.cancel_renewal', client: m.client_id, requestId: request.id }, (trx) =>
        cancelRenewal(trx, m.id, caller.id),
      );
      return membershipOut(db, m.id);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/memberships/:id/cancel',
    { schema: contract.routeSchema('cancelMembershipSale'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request) => {
      const caller = callerOf(request);
      const m = await reachableMembership(db, request.params.id, caller, false);
      await withAudit(db, { actor: caller, action: 'membership.cancel', client: m.client_id, requestId: request.id }, (trx) =>
        cancelSale(trx, m.id, caller.id),
      );
      return membershipOut(db, m.id);
    },
  );
}
