// /api/v1/appointments/packages: a client's prepaid sessions of a therapy. A client lists their
// own; the booking roles sell them.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole } from '../policy.ts';
import { findUserBrief, insertPackage, listPackages } from './data.ts';
import { LISTED, type S } from './route-helpers.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

/** Lists and sells packages. */
export function packageRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  app.get<{ Querystring: { client?: number } }>(
    '/appointments/packages',
    { schema: contract.routeSchema('listPackages'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await scopedClient(db, { caller, asked: request.query.client, action: 'package.list', requestId: request.id }, LISTED);
      return withAudit(db, { actor: caller, action: 'package.list', client: client ?? null, requestId: request.id }, async (trx) => {
        const rows = await listPackages(trx, client);
        return rows;
      });
    },
  );

  app.post<{ Body: S['PackageCreate'] }>(
    '/appointments/packages',
    { schema: contract.routeSchema('createPackage'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const client = await findUserBrief(db, body.client);
      if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
      const created = await withAudit(db, { actor: caller, action: 'package.create', client: body.client, requestId: request.id }, async (trx) => {
        return insertPackage(trx, body);
      });
      reply.code(201);
      return created;
    },
  );
}
