// /api/v1/support/attachments: uploads (checked by their bytes) attached to a message later, and
// downloads by staff, the uploader or the ticket's client (never an internal note's file).
import type { FastifyInstance } from 'fastify';
import { cleanFileName } from '../../../machines/rules/file-types.ts';
import { ATTACHMENT_MAX_BYTES, type AttachmentType, sniffAttachmentType } from '../../../machines/support/support-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { isClientRole, isStaff, notFound } from '../policy.ts';
import { attachmentDisposition, isBase64, UPLOAD_BODY_LIMIT } from '../uploads.ts';
import { findAttachment, insertAttachment } from './data.ts';
import { act, E, type S } from './route-helpers.ts';

/** Stores and hands over attachments; each is audited. */
export function attachmentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.post<{ Body: S['SupportAttachmentUpload'] }>(
    '/support/attachments',
    { schema: contract.routeSchema('uploadSupportAttachment'), config: { access: { roles: 'signed-in', client: 'own' } }, bodyLimit: UPLOAD_BODY_LIMIT },
    async (request, reply) => {
      const caller = callerOf(request);
      const { file_name, content_base64 } = request.body;
      if (!isBase64(content_base64)) throw badRequest('content_base64', E.notBase64);
      const content = Buffer.from(content_base64, 'base64');
      if (content.length === 0) throw badRequest('content_base64', E.empty);
      if (content.length > ATTACHMENT_MAX_BYTES) throw badRequest('content_base64', E.tooBig);
      // What the bytes are, not what the name or the browser says they are.
      const type = sniffAttachmentType(content);
      if (!type) throw badRequest('content_base64', E.notAType);
      const created = await withAudit(
        db,
        { actor: caller, action: act('support.attachment.upload'), client: isClientRole(caller.role) ? caller.id : null, requestId: request.id },
        (trx) => insertAttachment(trx, { uploader: caller.id, fileName: cleanFileName(file_name, type), type, content }),
      );
      reply.code(201);
      return created;
    },
  );

  app.get<{ Params: { id: number } }>(
    '/support/attachments/:id',
    { schema: contract.routeSchema('downloadSupportAttachment'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const file = await findAttachment(db, request.params.id);
      if (!file) throw notFound();
      const client = file.client_id ?? null;
      const own = file.uploaded_by === caller.id;
      const allowed = isStaff(caller.role) || own || (client === caller.id && file.internal === false);
      const intent = { actor: caller, action: act('support.attachment.download'), requestId: request.id };
      if (!allowed) {
        if (client !== null) await refuse(db, { ...intent, client }, notFound());
        throw notFound();
      }
      // The file was read above; the transaction records that it is handed over.
      const content = await withAudit(db, { ...intent, client: client ?? (isClientRole(caller.role) ? caller.id : null) }, async () =>
        Buffer.from(file.content),
      );
      return reply
        .code(200)
        .header('content-type', file.content_type)
        .header('content-length', String(content.length))
        .header('content-disposition', attachmentDisposition(file.file_name, file.content_type as AttachmentType))
        .header('digest', `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );
}
