// /api/v1/labs/reports/:id/pdf: the lab's own PDF of a report, attached by the lab desk (checked
// to be a PDF by its bytes) and downloaded by staff or, once released, the client.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { isPdf, REPORT_MAX_BYTES } from '../../../machines/labs/lab-rules.ts';
import { cleanFileName } from '../../../machines/rules/file-types.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole, notFound } from '../policy.ts';
import { admit } from '../route-access.ts';
import { attachmentDisposition, isBase64, UPLOAD_BODY_LIMIT } from '../uploads.ts';
import * as data from './data.ts';
import { act, E, labGuards, RELEASED, type S } from './route-helpers.ts';

/** Attaches and serves report PDFs. */
export function reportPdfRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport): void {
  const { db, contract } = ctx;
  const { visibleOrder, requireLabDesk } = labGuards(db, mail);

  // --- the lab's PDF -------------------------------------------------------------------------
  app.post<{ Params: { id: number }; Body: S['LabReportPdfUpload'] }>(
    '/labs/reports/:id/pdf',
    {
      schema: contract.routeSchema('attachLabReportPdf'),
      config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } },
      bodyLimit: UPLOAD_BODY_LIMIT,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const order = await visibleOrder(caller, request.params.id, 'lab.report.pdf.attach', request.id);
      await admit(db, request, { action: act('lab.report.pdf.attach'), client: order.client_id, requestId: request.id });
      await requireLabDesk(caller, 'lab.report.pdf.attach', order.client_id, request.id);
      const { file_name, content_base64 } = request.body;
      if (!isBase64(content_base64)) throw badRequest('content_base64', E.notBase64);
      const content = Buffer.from(content_base64, 'base64');
      if (content.length === 0) throw badRequest('content_base64', E.empty);
      if (content.length > REPORT_MAX_BYTES) throw badRequest('content_base64', E.tooBig);
      // What the bytes are, not what the name says: a renamed executable is not a PDF.
      if (!isPdf(content)) throw badRequest('content_base64', E.notPdf);
      const sha256 = createHash('sha256').update(content).digest('hex');
      const saved = await withAudit(db, { actor: caller, action: act('lab.report.pdf.attach'), client: order.client_id, requestId: request.id }, (trx) =>
        data.savePdf(trx, { order: order.id, fileName: cleanFileName(file_name, 'application/pdf'), content, sha256, by: caller.id }),
      );
      reply.code(201);
      return saved;
    },
  );

  app.get<{ Params: { id: number } }>(
    '/labs/reports/:id/pdf',
    { schema: contract.routeSchema('downloadLabReportPdf'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const order = await visibleOrder(caller, request.params.id, 'lab.report.pdf.download', request.id);
      if (isClientRole(caller.role) && !RELEASED.includes(order.status)) throw notFound();
      const file = await withAudit(
        db,
        { actor: caller, action: act('lab.report.pdf.download'), client: order.client_id, requestId: request.id },
        async (trx) => {
          const found = await data.findPdf(trx, order.id);
          if (!found) throw notFound();
          return found;
        },
      );
      const content = Buffer.from(file.content);
      const CHUNK = 64 * 1024;
      function* chunks() {
        for (let at = 0; at < content.length; at += CHUNK) yield content.subarray(at, at + CHUNK);
      }
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-length', String(content.length))
        .header('content-disposition', attachmentDisposition(file.file_name, 'application/pdf'))
        .header('digest', `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks()));
    },
  );
}
