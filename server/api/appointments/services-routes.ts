// /api/v1/appointments/services: the clinic's bookable services. Anyone signed in lists them (a
// client only the online-bookable ones); ADMIN and SUPER_ADMIN create and change them.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isStaff, notFound } from '../policy.ts';
import { findService, insertService, knownKinds, listServices, type ServiceFields, updateService } from './data.ts';
import type { S } from './route-helpers.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

/** Lists, creates and changes services; every change is audited as scheduling.configure. */
export function serviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  app.get(
    '/appointments/services',
    { schema: contract.routeSchema('listServices'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      return listServices(db, !isStaff(caller.role));
    },
  );

  async function checkService(fields: ServiceFields) {
    if (fields.resources_needed) {
      const kinds = await knownKinds(db);
      const unknown = fields.resources_needed.find((n) => !kinds.has(n.kind));
      if (unknown) throw badRequest('resources_needed', T.unknownKind);
    }
  }

  app.post<{ Body: S['ServiceCreate'] }>(
    '/appointments/services',
    { schema: contract.routeSchema('createService'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      await checkService(request.body as ServiceFields);
      const created = await withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
        const row = await insertService(trx, request.body as ServiceFields);
        return row;
      });
      reply.code(201);
      return created;
    },
  );

  app.patch<{ Params: { id: number }; Body: S['ServicePatch'] }>(
    '/appointments/services/:id',
    { schema: contract.routeSchema('patchService'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      if (!(await findService(db, request.params.id))) throw notFound();
      await checkService(request.body as ServiceFields);
      return withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, async (trx) => {
        const row = await updateService(trx, request.params.id, request.body as ServiceFields);
        return row;
      });
    },
  );
}
