// /api/v1/appointments/package-plans: the package catalogue (staff read it, ADMIN and SUPER_ADMIN
// keep it, a client reads its active plans as `package-catalogue`) and its sale to a client by the
// booking roles, valid for the plan's days from today.
import type { FastifyInstance } from 'fastify';
import { addDays, localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole, notFound } from '../policy.ts';
import { findPlan, findUserBrief, getSettings, insertPlan, listPlanOffers, listPlans, sellPlan, updatePlan } from './data.ts';
import type { S } from './route-helpers.ts';
import { BACKOFFICE_TEXTS, SCHEDULING_TEXTS as T } from './texts.ts';

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
      return listPlanOffers(db);
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
      const settings = await getSettings(db);
      // Valid through the clinic's date `validity_days` from today (the day of sale counts as the first).
      const expires = plan.validity_days === null ? null : addDays(localTime(settings.time_zone, Date.now()).date, plan.validity_days - 1);
      const sold = await withAudit(db, { actor: caller, action: 'package.create', requestId: request.id, client: client.id }, async (trx) => {
        return sellPlan(trx, plan, client.id, expires);
      });
      reply.code(201);
      return sold;
    },
  );
}
