// /api/v1/visits/contraindication-screens: a client's screens for a therapy, a new one scored by
// the clinic's settings, and a DOCTOR's override of a relative contraindication.
import type { FastifyInstance } from 'fastify';
import type { Therapy } from '../../../machines/visits/therapy-fields.ts';
import { screeningResult } from '../../../machines/visits/visit-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { forbidden, isDoctor, isStaff, notFound } from '../policy.ts';
import { findScreen, getTherapySettings, insertScreen, listScreens, overrideScreen } from './data.ts';
import { act, invalid, type S, SCREENED_CLIENT, visitGuards } from './route-helpers.ts';
import { VISIT_TEXTS as T } from './texts.ts';

/** Lists, records and overrides contraindication screens; each is audited. */
export function screenRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  const { chartingOnly } = visitGuards(db);

  app.get<{ Querystring: { client: number; therapy?: Therapy } }>(
    '/visits/contraindication-screens',
    { schema: contract.routeSchema('listContraindicationScreens'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const { client, therapy } = request.query;
      await scopedClient(db, { caller, asked: client, action: act('visit.screen.list'), requestId: request.id }, SCREENED_CLIENT);
      return withAudit(db, { actor: caller, action: act('visit.screen.list'), client, requestId: request.id }, (trx) => listScreens(trx, client, therapy));
    },
  );

  app.post<{ Body: S['ContraindicationScreenCreate'] }>(
    '/visits/contraindication-screens',
    { schema: contract.routeSchema('createContraindicationScreen'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      await scopedClient(db, { caller, asked: body.client, action: act('visit.screen.create'), requestId: request.id }, SCREENED_CLIENT);
      await chartingOnly(caller, 'visit.screen.create', body.client, request.id);
      const settings = await getTherapySettings(db);
      const known = new Set(settings.contraindications[body.therapy].map((c) => c.key));
      const unknown = Object.keys(body.answers).filter((k) => !known.has(k));
      if (unknown.length) throw invalid(Object.fromEntries(unknown.map((k) => [`answers.${k}`, [T.unknownContraindication]])));
      const result = screeningResult(body.therapy, body.answers, settings);
      const screen = await withAudit(db, { actor: caller, action: act('visit.screen.create'), client: body.client, requestId: request.id }, (trx) =>
        insertScreen(trx, {
          client: body.client,
          therapy: body.therapy,
          answers: body.answers,
          result,
          notes: body.notes?.trim() ?? '',
          by: caller.id,
          validDays: settings.screening_valid_days,
        }),
      );
      reply.code(201);
      return screen;
    },
  );

  app.post<{ Params: { id: number }; Body: S['ContraindicationOverride'] }>(
    '/visits/contraindication-screens/:id/override',
    { schema: contract.routeSchema('overrideContraindicationScreen'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const reason = request.body.reason.trim();
      const screen = await findScreen(db, request.params.id);
      if (!isStaff(caller.role)) {
        if (screen) await refuse(db, { actor: caller, action: act('visit.screen.override'), client: screen.client, requestId: request.id }, notFound());
        throw notFound();
      }
      if (!screen) throw notFound();
      if (!isDoctor(caller.role))
        await refuse(db, { actor: caller, action: act('visit.screen.override'), client: screen.client, requestId: request.id }, forbidden(T.doctorOnly));
      if (!reason) throw badRequest('reason', T.reasonNeeded);
      return withAudit(db, { actor: caller, action: act('visit.screen.override'), client: screen.client, requestId: request.id }, async (trx) => {
        const current = (await findScreen(trx, screen.id, true))!;
        if (current.result === 'absolute') throw new HttpError(409, T.screenAbsolute);
        if (current.result === 'clear') throw new HttpError(409, T.screenClear);
        if (current.override_reason) throw new HttpError(409, T.screenOverridden);
        return overrideScreen(trx, current.id, reason, caller.id);
      });
    },
  );
}
