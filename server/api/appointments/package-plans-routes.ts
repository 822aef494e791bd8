// /api/v1/appointments/package-plans: the package catalogue (staff read it, ADMIN and SUPER_ADMIN
// keep it; a client reads its active plans as `package-catalogue`) and its sale through billing (issue 35): by the booking roles to a client at the desk,
// or bought by a client for themselves in the portal. The package awaits its invoice's payment.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { type Caller, isClientRole, notFound } from '../policy.ts';
import type { Db } from '../../db/database.ts';
import { readBillingSettings } from '../billing/data.ts';
import { issuingClinic } from '../billing/issuing.ts';
import { findPackage, findPlan, findUserBrief, insertPlan, listPlanOffers, listPlans, type PackageOut, updatePlan } from './data.ts';
import { offerTotalPaise, type SoldPlan, sellPackage } from './package-sales.ts';
import type { S } from './route-helpers.ts';
import { BACKOFFICE_TEXTS, PACKAGE_SALE_TEXTS, SCHEDULING_TEXTS as T } from './texts.ts';

/** Lists, adds, changes and sells package plans; each write is audited. */
export function packagePlanRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  // --- the package catalogue --------------------------------------------------------------
  app.get(
    '/appointments/package-plans',
    { schema: contract.routeSchema('listPackagePlans'), config: { access: { roles: 'staff', client: 'none' } } },
    async () => {
      return listPlans(db);
    },
  );

  // What a client can buy in the portal: the catalogue's active plans, nothing internal.
  app.get(
    '/appointments/package-catalogue',
    { schema: contract.routeSchema('listPackageCatalogue'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async () => {
      const [offers, settings] = await Promise.all([listPlanOffers(db), readBillingSettings(db)]);
      // With GST, as the invoice will charge it; none while billing is not set up (nothing can be sold).
      return Promise.all(offers.map(async (o) => ({ ...o, total_paise: settings.configured ? await offerTotalPaise(db, o, settings) : null })));
    },
  );

  app.post<{ Body: S['PackagePlanCreate'] }>(
    '/appointments/package-plans',
    { schema: contract.routeSchema('createPackagePlan'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const b = request.body;
      const created = await withAudit(db, { actor: caller, action: 'scheduling.configure', requestId: request.id, client: null }, async (trx) => {
        return insertPlan(trx, b);
      });
      reply.code(201);
      return created;
    },
  );

  app.patch<{ Params: { id: number }; Body: S['PackagePlanPatch'] }>(
    '/appointments/package-plans/:id',
    { schema: contract.routeSchema('patchPackagePlan'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      if (!(await findPlan(db, request.params.id))) throw notFound();
      const b = request.body;
      return withAudit(db, { actor: caller, action: 'scheduling.configure', requestId: request.id, client: null }, async (trx) => {
        return updatePlan(trx, request.params.id, b);
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['PackageSale'] }>(
    '/appointments/package-plans/:id/sell',
    { schema: contract.routeSchema('sellPackagePlan'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const plan = await findPlan(db, request.params.id);
      if (!plan) throw notFound();
      const client = await findUserBrief(db, request.body.client);
      if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
      if (!plan.active) throw new HttpError(409, BACKOFFICE_TEXTS.planInactive);
      reply.code(201);
      return sellThroughBilling(db, plan, client.id, caller, request.id);
    },
  );

  // The portal's purchase (issue 35): a client buys for themselves; an inactive plan is not for sale to them (404).
  app.post<{ Params: { id: number } }>(
    '/appointments/package-plans/:id/buy',
    { schema: contract.routeSchema('buyPackagePlan'), config: { access: { roles: 'clients', client: 'none', denied: PACKAGE_SALE_TEXTS.clientsOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const plan = await findPlan(db, request.params.id);
      if (!plan || !plan.active) throw notFound();
      reply.code(201);
      return sellThroughBilling(db, plan, caller.id, caller, request.id);
    },
  );
}

/** The sale in one audited transaction: the package, and (unless ₹0) its invoice drafted and issued; the package as read back. */
async function sellThroughBilling(db: Db, plan: SoldPlan, client: number, caller: Caller, requestId: string): Promise<PackageOut> {
  const settings = await readBillingSettings(db);
  const billing = settings.configured ? { settings, clinic: await issuingClinic(db) } : null;
  if (plan.price_inr > 0 && !billing) throw new HttpError(409, PACKAGE_SALE_TEXTS.billingNotSetUp);
  const id = await withAudit(
    db,
    { actor: caller, action: 'package.create', requestId, client, also: plan.price_inr > 0 ? ['billing.document.create'] : [] },
    (trx) => sellPackage(trx, { plan, client, billing, audit: { actor: caller, requestId } }),
  );
  return (await findPackage(db, id))!;
}
