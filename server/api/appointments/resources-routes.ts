// /api/v1/appointments/resources: rooms and equipment a service may need. Staff list them; ADMIN
// and SUPER_ADMIN add and change them.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import { findResource, insertResource, listKinds, listResources, updateResource } from './data.ts';
import type { S } from './route-helpers.ts';

/** Lists, adds and changes resources; every change is audited as scheduling.configure. */
export function resourceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  app.get('/appointments/resources', { schema: contract.routeSchema('listResources'), config: { access: { roles: 'staff', client: 'none' } } }, async () => {
    return { kinds: await listKinds(db), resources: await listResources(db) };
  });

  app.post<{ Body: S['ResourceCreate'] }>(
    '/appointments/resources',
    { schema: contract.routeSchema('createResource'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const created = await withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, (trx) =>
        insertResource(trx, body),
      );
      reply.code(201);
      return created;
    },
  );

  app.patch<{ Params: { id: number }; Body: S['ResourcePatch'] }>(
    '/appointments/resources/:id',
    { schema: contract.routeSchema('patchResource'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      if (!(await findResource(db, request.params.id))) throw notFound();
      return withAudit(db, { actor: caller, action: 'scheduling.configure', client: null, requestId: request.id }, (trx) =>
        updateResource(trx, request.params.id, request.body),
      );
    },
  );
}
