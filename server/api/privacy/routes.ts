// /api/v1/privacy/*: the client's right of access (issue 38, DPDP Act s.11). A CLIENT asks for an
// export of their own data, follows it and downloads its archive; staff may do the same for any
// client (a client who cannot use the portal asks at the desk). Another client's export answers 404
// to a client. Every request, read and download is on the client's audit trail; the archive is
// built by the privacy job (server/jobs/privacy-export.ts), which tells the client when it is ready.
import type { FastifyInstance } from 'fastify';
import { downloadable } from '../../../machines/privacy/export-lifecycle.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { enqueueExport } from '../../jobs/privacy-export.ts';
import { type AuditAction, refuse, withAudit } from '../audit/data.ts';
import { namedClient } from '../client-scope.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { type Caller, isClientRole, notFound } from '../policy.ts';
import { exportUnderWay, exportView, type ExportRow, findExport, insertExport, listExports, readArchive } from './data.ts';
import { PRIVACY_TEXTS as T } from './texts.ts';

/** The export, if the caller may see it: a client their own (another's answers 404, audited), staff any. */
async function visibleExport(db: Db, caller: Caller, id: number, action: AuditAction, requestId: string): Promise<ExportRow> {
  const row = await findExport(db, id);
  if (!row) throw notFound();
  if (isClientRole(caller.role) && row.client_id !== caller.id) await refuse(db, { actor: caller, action, client: row.client_id, requestId }, notFound());
  return row;
}

export async function privacyRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const whose = { clients: 'own', staffName: 'client', unnamed: () => badRequest('client', T.clientRequired) } as const;

  app.get<{ Querystring: { client?: number } }>(
    '/privacy/exports',
    { schema: contract.routeSchema('listDataExports'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await namedClient(db, { caller, asked: request.query.client, action: 'privacy.export.list', requestId: request.id }, whose);
      return withAudit(db, { actor: caller, action: 'privacy.export.list', client, requestId: request.id }, async (trx) =>
        (await listExports(trx, client)).map(exportView),
      );
    },
  );

  app.post<{ Body: { client?: number } }>(
    '/privacy/exports',
    { schema: contract.routeSchema('requestDataExport'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const client = await namedClient(
        db,
        { caller, asked: request.body.client, action: 'privacy.export.request', requestId: request.id },
        { ...whose, outside: () => badRequest('client', T.noClient) },
      );
      if (await exportUnderWay(db, client)) throw new HttpError(409, T.underWay);
      try {
        const row = await withAudit(db, { actor: caller, action: 'privacy.export.request', client, requestId: request.id }, async (trx) => {
          const created = await insertExport(trx, client, caller.id);
          await enqueueExport(trx, created.id);
          return created;
        });
        reply.code(201);
        return exportView(row);
      } catch (error) {
        // Two requests at once: the index lets one export be under way, the other is told so.
        if (isUniqueViolation(error)) throw new HttpError(409, T.underWay);
        throw error;
      }
    },
  );

  app.get<{ Params: { id: number } }>(
    '/privacy/exports/:id',
    { schema: contract.routeSchema('getDataExport'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const row = await visibleExport(db, caller, request.params.id, 'privacy.export.read', request.id);
      return withAudit(db, { actor: caller, action: 'privacy.export.read', client: row.client_id, requestId: request.id }, async () => exportView(row));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/privacy/exports/:id/archive',
    { schema: contract.routeSchema('downloadDataExport'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await visibleExport(db, caller, request.params.id, 'privacy.export.download', request.id);
      if (row.status === 'expired') throw new HttpError(409, T.expired);
      if (!downloadable(row.status)) throw new HttpError(409, T.notReady);
      const archive = await withAudit(db, { actor: caller, action: 'privacy.export.download', client: row.client_id, requestId: request.id }, async (trx) => {
        const bytes = await readArchive(trx, row.id);
        // Expired since it was read above: the archive is gone, and nothing was downloaded.
        if (!bytes) throw new HttpError(409, T.expired);
        return bytes;
      });
      const name = T.fileName(new Date(row.ready_at!).toISOString().slice(0, 10));
      return reply
        .code(200)
        .header('content-type', 'application/zip')
        .header('content-length', String(archive.length))
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(archive));
    },
  );
}
