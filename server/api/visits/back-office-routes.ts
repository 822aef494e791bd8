// /api/v1/visits/therapy-settings, iv-recipes and stock-lots: the back office ADMIN and
// SUPER_ADMIN keep (other staff read), every change to a lot a movement with its balance.
import type { FastifyInstance } from 'fastify';
import type { TherapySettings } from '../../../machines/visits/visit-settings.ts';
import { therapySettingsErrors } from '../../../machines/visits/visit-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import {
  adjustLot,
  findLot,
  getTherapySettings,
  insertLot,
  insertRecipe,
  listLots,
  listMovements,
  listRecipes,
  saveTherapySettings,
  updateRecipe,
} from './data.ts';
import { act, invalid, type S } from './route-helpers.ts';
import { VISIT_TEXTS as T } from './texts.ts';

/** Reads and keeps the therapy settings, IV recipes and stock lots. */
export function visitBackOfficeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.get(
    '/visits/therapy-settings',
    { schema: contract.routeSchema('getTherapySettings'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } },
    async () => {
      return getTherapySettings(db);
    },
  );

  app.patch<{ Body: S['TherapySettingsPatch'] }>(
    '/visits/therapy-settings',
    { schema: contract.routeSchema('patchTherapySettings'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const current = await getTherapySettings(db);
      const next: TherapySettings = {
        ...current,
        ...body,
        display_names: { ...current.display_names, ...body.display_names },
        contraindications: { ...current.contraindications, ...body.contraindications },
      } as TherapySettings;
      // Settings that contradict each other (a soft chamber above the hard one, a low mark above the high one).
      const contradictions = therapySettingsErrors(next, body);
      if (Object.keys(contradictions).length) throw invalid(contradictions);
      for (const [therapy, list] of Object.entries(body.contraindications ?? {})) {
        const keys = (list ?? []).map((c) => c.key);
        if (new Set(keys).size !== keys.length) throw badRequest(`contraindications.${therapy}`, 'Each contraindication key may appear once.');
      }
      return withAudit(db, { actor: caller, action: act('visit.settings.update'), client: null, requestId: request.id }, async (trx) => {
        await saveTherapySettings(trx, next, caller.id);
        return getTherapySettings(trx);
      });
    },
  );

  app.get(
    '/visits/iv-recipes',
    { schema: contract.routeSchema('listIvRecipes'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } },
    async () => {
      return listRecipes(db);
    },
  );

  app.post<{ Body: S['IvRecipeCreate'] }>(
    '/visits/iv-recipes',
    { schema: contract.routeSchema('createIvRecipe'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      try {
        const recipe = await withAudit(db, { actor: caller, action: act('visit.recipe.create'), client: null, requestId: request.id }, (trx) =>
          insertRecipe(trx, request.body),
        );
        reply.code(201);
        return recipe;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, T.duplicateRecipe);
        throw error;
      }
    },
  );

  app.patch<{ Params: { id: number }; Body: S['IvRecipePatch'] }>(
    '/visits/iv-recipes/:id',
    { schema: contract.routeSchema('patchIvRecipe'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } },
    async (request) => {
      const caller = callerOf(request);
      try {
        return await withAudit(db, { actor: caller, action: act('visit.recipe.update'), client: null, requestId: request.id }, async (trx) => {
          const recipe = await updateRecipe(trx, request.params.id, request.body);
          if (!recipe) throw notFound();
          return recipe;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, T.duplicateRecipe);
        throw error;
      }
    },
  );

  app.get<{ Querystring: { item?: string } }>(
    '/visits/stock-lots',
    { schema: contract.routeSchema('listStockLots'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } },
    async (request) => {
      return listLots(db, request.query.item);
    },
  );

  app.post<{ Body: S['StockLotCreate'] }>(
    '/visits/stock-lots',
    { schema: contract.routeSchema('createStockLot'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      try {
        const lot = await withAudit(db, { actor: caller, action: act('visit.stock.create'), client: null, requestId: request.id }, (trx) =>
          insertLot(trx, request.body, caller.id, T.lotArrived),
        );
        reply.code(201);
        return lot;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, T.duplicateLot);
        throw error;
      }
    },
  );

  // ---- stock adjustments: every change to a lot is a movement with its balance ----

  app.get<{ Params: { id: number } }>(
    '/visits/stock-lots/:id/adjustments',
    { schema: contract.routeSchema('listStockMovements'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } },
    async (request) => {
      const caller = callerOf(request);
      if (!(await findLot(db, request.params.id))) throw notFound();
      return withAudit(db, { actor: caller, action: act('visit.stock.history'), client: null, requestId: request.id }, (trx) =>
        listMovements(trx, request.params.id),
      );
    },
  );

  app.post<{ Params: { id: number }; Body: S['StockAdjustmentCreate'] }>(
    '/visits/stock-lots/:id/adjustments',
    { schema: contract.routeSchema('adjustStockLot'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { kind, quantity, reason } = request.body;
      if (kind !== 'count' && quantity === 0) throw badRequest('quantity', T.adjustmentNotZero);
      if (!reason.trim()) throw badRequest('reason', T.reasonNeeded);
      const movement = await withAudit(db, { actor: caller, action: act('visit.stock.adjust'), client: null, requestId: request.id }, async (trx) => {
        // The lot row stays locked until commit: concurrent adjustments and visit draws queue on it,
        // each sees the quantity the one before left, and none can take it below zero.
        const lot = await findLot(trx, request.params.id, true);
        if (!lot) throw notFound();
        const done = await adjustLot(trx, lot, kind, quantity, reason, caller.id);
        if (done === 'below_zero') throw badRequest('quantity', T.belowZero(lot.quantity, lot.unit, lot.lot_number));
        return done;
      });
      reply.code(201);
      return movement;
    },
  );
}
