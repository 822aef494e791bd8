// audit/events: the trail of health-record access, for ADMIN and SUPER_ADMIN.
import type { FastifyInstance } from 'fastify';
import { type ApiContext, pageLinks } from '../context.ts';
import { type AuditAction, listAudit } from './data.ts';
import { registerRecordViews } from './record-views.ts';

type Query = { page: number; page_size: number; client?: number; actor?: number; action?: AuditAction; from?: string; to?: string };

export async function auditRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  registerRecordViews(app);
  app.get<{ Querystring: Query }>(
    '/audit/events',
    { schema: ctx.contract.routeSchema('listAuditEvents'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const q = request.query;
      const { count, rows } = await listAudit(ctx.db, {
        page: q.page,
        pageSize: q.page_size,
        client: q.client,
        actor: q.actor,
        action: q.action,
        from: q.from,
        to: q.to,
      });
      return { count, ...pageLinks(request, q.page, q.page_size, count), results: rows };
    },
  );
}
