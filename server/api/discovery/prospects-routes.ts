// /api/v1/discovery/prospects: the pipeline's prospects, their stage moves (machines/discovery/
// pipeline-lifecycle.ts, else 409), logged calls and conversion into clients. Staff only.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { type PipelineStage, pipelineLifecycle } from '../../../machines/discovery/pipeline-lifecycle.ts';
import { moveMissing } from '../../../machines/discovery/prospect-forms.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type ApiContext, pageLinks } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { convertProspect } from './convert.ts';
import {
  findDuplicates,
  findProspect,
  insertCall,
  insertProspect,
  listCalls,
  listProspects,
  listVisits,
  moveStage,
  type ProspectChanges,
  type ProspectOut,
  stageHistory,
  updateProspect,
} from './data.ts';
import { discoveryGuards } from './route-guards.ts';
import { DISCOVERY_TEXTS as T } from './texts.ts';

type S = components['schemas'];
type ListQuery = {
  page: number;
  page_size: number;
  search?: string;
  stage?: PipelineStage;
  owner?: number;
  source?: S['ProspectSource'];
  due?: string;
  ordering?: string;
};

/** Lists, adds, reads, edits, moves, calls and converts prospects; each leaves its audit row. */
export function prospectRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  const { prospectFor, requireOwner } = discoveryGuards(db);

  app.get<{ Querystring: ListQuery }>(
    '/discovery/prospects',
    { schema: contract.routeSchema('listProspects'), config: { access: { roles: 'staff', client: 'none', denied: T.staffOnly } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const { count, rows } = await withAudit(db, { actor: caller, action: 'discovery.prospect.list', client: null, requestId: request.id }, (trx) =>
        listProspects(trx, {
          page: q.page,
          pageSize: q.page_size,
          search: q.search,
          stage: q.stage,
          owner: q.owner,
          source: q.source,
          due: q.due,
          ordering: q.ordering,
        }),
      );
      return { count, ...pageLinks(request, q.page, q.page_size, count), results: rows };
    },
  );

  app.post<{ Body: S['ProspectCreate'] }>(
    '/discovery/prospects',
    { schema: contract.routeSchema('createProspect'), config: { access: { roles: 'staff', client: 'none', denied: T.staffOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const email = body.email?.trim() || null;
      const phone = body.phone?.trim() || null;
      if (!email && !phone) throw badRequest('phone', T.contactNeeded);
      await requireOwner(body.owner);
      const duplicates = await findDuplicates(db, { email, phone });
      if (duplicates.length && !body.confirm_duplicate) {
        return reply.code(409).type('application/json; charset=utf-8').send({ detail: T.possibleDuplicate, duplicates });
      }
      const created = await withAudit<ProspectOut>(
        db,
        { actor: caller, action: 'discovery.prospect.create', client: (p) => p.id, requestId: request.id },
        async (trx) => {
          const id = await insertProspect(
            trx,
            { ...body, last_name: body.last_name ?? '', email, phone, possible_duplicate_of: duplicates[0]?.id ?? null },
            caller.id,
          );
          return (await findProspect(trx, id))!;
        },
      );
      reply.code(201);
      return created;
    },
  );

  app.get<{ Params: { id: number } }>(
    '/discovery/prospects/:id',
    { schema: contract.routeSchema('getProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      await prospectFor(request, id, 'discovery.prospect.read');
      return withAudit(db, { actor: caller, action: 'discovery.prospect.read', client: id, requestId: request.id }, async (trx) => {
        const prospect = (await findProspect(trx, id))!;
        return { ...prospect, history: await stageHistory(trx, id), calls: await listCalls(trx, id), visits: await listVisits(trx, id) };
      });
    },
  );

  app.patch<{ Params: { id: number }; Body: S['ProspectPatch'] }>(
    '/discovery/prospects/:id',
    { schema: contract.routeSchema('patchProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.update');
      if (prospect.client_status !== 'prospective') {
        for (const field of ['first_name', 'last_name', 'email', 'phone'] as const) if (body[field] !== undefined) throw badRequest(field, T.notProspect);
      }
      const email = body.email === undefined ? prospect.email : body.email?.trim() || null;
      const phone = body.phone === undefined ? prospect.phone : body.phone?.trim() || null;
      if (!email && !phone) throw badRequest(body.phone !== undefined ? 'phone' : 'email', T.contactNeeded);
      await requireOwner(body.owner);
      return withAudit(db, { actor: caller, action: 'discovery.prospect.update', client: prospect.id, requestId: request.id }, async (trx) => {
        await updateProspect(trx, prospect.id, body as ProspectChanges);
        return (await findProspect(trx, prospect.id))!;
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['ProspectTransition'] }>(
    '/discovery/prospects/:id/transitions',
    { schema: contract.routeSchema('transitionProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.transition');
      if (body.to === 'enrol') throw new HttpError(409, T.enrolByConverting);
      // The board and the prospect page wait for the same fields (machines/discovery/prospect-forms.ts).
      const missing = moveMissing(body.to, body);
      if (missing === 'reason') throw badRequest('reason', T.reasonNeeded);
      if (missing === 'nurture_on') throw badRequest('nurture_on', T.nurtureDateNeeded);
      const extras = { reason: body.reason, nurture_on: body.nurture_on };
      // The same chart the board asks before a card may be dropped decides here.
      requireLifecycleStep(pipelineLifecycle, 'prospect', prospect.stage, body.to, { extras });
      return withAudit(db, { actor: caller, action: 'discovery.prospect.transition', client: prospect.id, requestId: request.id }, async (trx) => {
        const current = (await findProspect(trx, prospect.id, true))!;
        requireLifecycleStep(pipelineLifecycle, 'prospect', current.stage, body.to, { extras });
        await moveStage(trx, current, body.to, extras, caller.id);
        return (await findProspect(trx, prospect.id))!;
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['ProspectCallCreate'] }>(
    '/discovery/prospects/:id/calls',
    { schema: contract.routeSchema('logProspectCall'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.call');
      const call = await withAudit(db, { actor: caller, action: 'discovery.prospect.call', client: prospect.id, requestId: request.id }, (trx) =>
        insertCall(trx, prospect.id, request.body.summary, caller.id),
      );
      reply.code(201);
      return call;
    },
  );

  app.post<{ Params: { id: number }; Body: S['ProspectConvert'] }>(
    '/discovery/prospects/:id/convert',
    { schema: contract.routeSchema('convertProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.convert');
      return convertProspect(db, ctx.identityAdmin(), request.log, caller, request.id, prospect, request.body);
    },
  );
}
