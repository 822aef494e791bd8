// /api/v1/support/*: tickets, their conversation and attachments (issue 21). Authorization: a
// CLIENT opens, reads and replies on their own tickets only (another client's answers 404) and
// never sees or writes internal notes; staff work the queue of the categories their role answers
// (ADMIN every one): assign, move tickets along the ticket chart, reply and add internal notes. Every read of a client's
// ticket and every write is audited, the write's entry in its own transaction. Staff below ADMIN
// see, open and work only the categories their role answers (clinic settings; issue 32).
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { cleanFileName } from '../../../machines/rules/file-types.ts';
import { ATTACHMENT_MAX_BYTES, type AttachmentType, sniffAttachmentType } from '../../../machines/support/support-rules.ts';
import { SUPPORT_TEXTS } from '../../../machines/support/support-texts.ts';
import { type TicketStatus, ticketLifecycle } from '../../../machines/support/ticket-lifecycle.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { startWorker } from '../../jobs/queue.ts';
import { autoCloseHandler, enqueueAutoClose, SUPPORT_AUTO_CLOSE_JOB } from '../../jobs/support-auto-close.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { type ApiContext, pageLinks } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../data/audit.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { CATEGORY_LABELS } from '../../../machines/support/support-rules.ts';
import { readWorkRouting } from '../data/clinic-settings.ts';
import { namedClient, scopedClient } from '../client-scope.ts';
import { answeredCategories, answersCategory, type Caller, DENIED, forbidden, isClientRole, isStaff, notFound } from '../policy.ts';
import {
  attachUploads,
  contactOf,
  findAttachment,
  findTicket,
  insertAttachment,
  insertMessage,
  insertTicket,
  isClientsAppointment,
  isClientsLabOrder,
  isStaffMember,
  listTickets,
  lockTicket,
  setAssignee,
  setTicketStatus,
  ticketDetail,
  uploadsAreFree,
} from './data.ts';
import { attachmentDisposition, isBase64, UPLOAD_BODY_LIMIT } from '../uploads.ts';
import { admit } from '../route-access.ts';

type S = components['schemas'];
const E = SUPPORT_TEXTS.errors;

// The audit trail's action names for support (listed in the contract's AuditAction).
type SupportAction =
  | 'support.ticket.list'
  | 'support.ticket.read'
  | 'support.ticket.create'
  | 'support.ticket.assign'
  | 'support.ticket.transition'
  | 'support.message.create'
  | 'support.attachment.upload'
  | 'support.attachment.download';
const act = (action: SupportAction): AuditAction => action;


export async function supportRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const mail: MailTransport = app.runtime.mail;

  // Auto-close: the shared queue, polled like scheduling's reminders (SUPPORT_JOBS_POLL_MS, 0 = off).
  const pollMs = Number(process.env.SUPPORT_JOBS_POLL_MS ?? process.env.SCHEDULING_JOBS_POLL_MS ?? 60_000);
  if (pollMs > 0) {
    const worker = startWorker(db, { [SUPPORT_AUTO_CLOSE_JOB]: autoCloseHandler() }, { intervalMs: pollMs, log: app.log });
    app.addHook('onClose', () => worker.stop());
  }

  /** Staff answer the categories their role is given (clinic settings; ADMIN every one): 403 otherwise, audited. */
  async function requireCategory(caller: Caller, category: S['TicketCategory'], action: SupportAction, client: number, requestId: string): Promise<void> {
    if (answersCategory(caller, category, (await readWorkRouting(db)).ticketRouting)) return;
    await refuse(db, { actor: caller, action: act(action), client, requestId }, forbidden(DENIED.ticketCategory(CATEGORY_LABELS[category])));
  }

  /** The ticket, when the caller may see it: a client's other tickets answer 404 (and are audited as refused); staff see the categories they answer. */
  async function visibleTicket(caller: Caller, id: number, action: SupportAction, requestId: string) {
    const ticket = await findTicket(db, id);
    if (!ticket) throw notFound();
    if (isClientRole(caller.role) && ticket.client !== caller.id) {
      await refuse(db, { actor: caller, action: act(action), client: ticket.client, requestId: requestId }, notFound());
    }
    await requireCategory(caller, ticket.category, action, ticket.client, requestId);
    return ticket;
  }

  const detailFor = async (q: Db, caller: Caller, id: number) => (await ticketDetail(q, id, { forClient: isClientRole(caller.role) }))!;

  // --- tickets ----------------------------------------------------------------------------
  type ListQuery = { client?: number; status?: TicketStatus[]; category?: S['TicketCategory']; assignee?: number; min_age_days?: number; ordering: string; page: number; page_size: number };
  app.get<{ Querystring: ListQuery }>('/support/tickets', { schema: contract.routeSchema('listSupportTickets'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const q = request.query;
    const client = await scopedClient(db, { caller, asked: q.client, action: 'support.ticket.list', requestId: request.id }, { clients: 'own', staffName: 'client' });
    const status = q.status === undefined ? undefined : Array.isArray(q.status) ? q.status : [q.status];
    const categories = answeredCategories(caller, (await readWorkRouting(db)).ticketRouting);
    return withAudit(db, { actor: caller, action: act('support.ticket.list'), client: client ?? null, requestId: request.id }, async (trx) => {
      const page = await listTickets(trx, { client, status, category: q.category, categories, assignee: q.assignee, minAgeDays: q.min_age_days, ordering: q.ordering, page: q.page, pageSize: q.page_size, audience: { forClient: !isStaff(caller.role) } });
      return { count: page.count, ...pageLinks(request, q.page, q.page_size, page.count), results: page.results };
    });
  });

  app.post<{ Body: S['SupportTicketCreate'] }>('/support/tickets', { schema: contract.routeSchema('createSupportTicket'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const client = await namedClient(db, { caller, asked: body.client, action: 'support.ticket.create', requestId: request.id }, {
      clients: 'own',
      staffName: 'client',
      unnamed: () => badRequest('client', 'This field is required.'),
      outside: () => badRequest('client', E.noClient),
    });
    await requireCategory(caller, body.category, 'support.ticket.create', client, request.id);
    if (body.appointment !== undefined && !(await isClientsAppointment(db, body.appointment, client))) throw badRequest('appointment', E.notYourAppointment);
    if (body.lab_order !== undefined && !(await isClientsLabOrder(db, body.lab_order, client))) throw badRequest('lab_order', E.notYourLabOrder);
    const attachments = body.attachments ?? [];
    if (!(await uploadsAreFree(db, attachments, caller.id))) throw badRequest('attachments', E.unknownAttachment);
    const id = await withAudit(db, { actor: caller, action: act('support.ticket.create'), client, requestId: request.id }, async (trx) => {
      const ticket = await insertTicket(trx, { client, category: body.category, subject: body.subject.trim(), appointment: body.appointment ?? null, labOrder: body.lab_order ?? null, openedBy: caller.id });
      const message = await insertMessage(trx, { ticket, author: caller.id, internal: false, body: body.message });
      // Checked again under lock: two requests attaching the same upload, only one wins.
      if (!(await attachUploads(trx, attachments, caller.id, message))) throw badRequest('attachments', E.unknownAttachment);
      return ticket;
    });
    reply.code(201);
    return detailFor(db, caller, id);
  });

  app.get<{ Params: { id: number } }>('/support/tickets/:id', { schema: contract.routeSchema('getSupportTicket'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const ticket = await visibleTicket(caller, request.params.id, 'support.ticket.read', request.id);
    return withAudit(db, { actor: caller, action: act('support.ticket.read'), client: ticket.client, requestId: request.id }, async (trx) => {
      return detailFor(trx, caller, ticket.id);
    });
  });

  app.patch<{ Params: { id: number }; Body: S['SupportTicketPatch'] }>('/support/tickets/:id', { schema: contract.routeSchema('patchSupportTicket'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } }, async (request) => {
    const caller = callerOf(request);
    const ticket = await visibleTicket(caller, request.params.id, 'support.ticket.assign', request.id);
    await admit(db, request, { action: act('support.ticket.assign'), client: ticket.client, requestId: request.id });
    const assignee = request.body.assignee ?? null;
    if (assignee !== null && !(await isStaffMember(db, assignee))) throw badRequest('assignee', E.noAssignee);
    return withAudit(db, { actor: caller, action: act('support.ticket.assign'), client: ticket.client, requestId: request.id }, async (trx) => {
      await setAssignee(trx, ticket.id, assignee);
      return detailFor(trx, caller, ticket.id);
    });
  });

  app.post<{ Params: { id: number }; Body: S['SupportTicketTransition'] }>(
    '/support/tickets/:id/transitions',
    { schema: contract.routeSchema('transitionSupportTicket'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const ticket = await visibleTicket(caller, request.params.id, 'support.ticket.transition', request.id);
      await admit(db, request, { action: act('support.ticket.transition'), client: ticket.client, requestId: request.id });
      const to = request.body.to;
      return withAudit(db, { actor: caller, action: act('support.ticket.transition'), client: ticket.client, requestId: request.id }, async (trx) => {
        const current = (await lockTicket(trx, ticket.id))!;
        const now = new Date();
        // The same chart the staff page asks for its buttons decides which status changes exist.
        requireLifecycleStep(ticketLifecycle, 'ticket', current.status, to, {
          context: { by: 'staff', solvedAt: current.solved_at ? new Date(current.solved_at).toISOString() : null, now: now.toISOString() },
        });
        await setTicketStatus(trx, ticket.id, to, now);
        if (to === 'solved') await enqueueAutoClose(trx, ticket.id, now);
        return detailFor(trx, caller, ticket.id);
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['SupportMessageCreate'] }>(
    '/support/tickets/:id/messages',
    { schema: contract.routeSchema('createSupportMessage'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const ticket = await visibleTicket(caller, request.params.id, 'support.message.create', request.id);
      const internal = body.internal === true;
      const fromClient = isClientRole(caller.role);
      if (fromClient && internal) await refuse(db, { actor: caller, action: act('support.message.create'), client: ticket.client, requestId: request.id }, forbidden(E.clientNotes));
      const attachments = body.attachments ?? [];
      if (!(await uploadsAreFree(db, attachments, caller.id))) throw badRequest('attachments', E.unknownAttachment);
      const created = await withAudit(db, { actor: caller, action: act('support.message.create'), client: ticket.client, requestId: request.id }, async (trx) => {
        const current = (await lockTicket(trx, ticket.id))!;
        if (current.status === 'closed') throw new HttpError(409, E.closed);
        const now = new Date();
        // A client's reply reopens a ticket waiting on them or solved; the clinic's first public
        // reply takes a new ticket to open. Both are steps of the chart, asked like any other.
        const reopen = fromClient && (current.status === 'pending' || current.status === 'solved');
        const takeUp = !fromClient && !internal && current.status === 'new';
        if (reopen || takeUp) {
          requireLifecycleStep(ticketLifecycle, 'ticket', current.status, 'open', {
            context: { by: fromClient ? 'client' : 'staff', solvedAt: current.solved_at ? new Date(current.solved_at).toISOString() : null, now: now.toISOString() },
          });
          await setTicketStatus(trx, ticket.id, 'open', now);
        }
        const message = await insertMessage(trx, { ticket: ticket.id, author: caller.id, internal, body: body.body });
        if (!(await attachUploads(trx, attachments, caller.id, message))) throw badRequest('attachments', E.unknownAttachment);
        if (!fromClient && !internal) {
          // Told in the same transaction: the reply and its notice are stored together or not at all.
          const contact = await contactOf(trx, ticket.client);
          if (contact) {
            const clinic = await readClinicName(trx);
            await mail.send(
              contact.channel === 'sms'
                ? { channel: 'sms', to: contact.to, body: SUPPORT_TEXTS.notify.sms(clinic, ticket.id) }
                : { channel: 'email', to: contact.to, subject: SUPPORT_TEXTS.notify.subject(clinic), body: SUPPORT_TEXTS.notify.body(clinic, ticket.id, ticket.subject) },
              trx,
            );
          }
        }
        return detailFor(trx, caller, ticket.id);
      });
      reply.code(201);
      return created;
    },
  );

  // --- attachments ------------------------------------------------------------------------
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
      const created = await withAudit(db, { actor: caller, action: act('support.attachment.upload'), client: isClientRole(caller.role) ? caller.id : null, requestId: request.id }, (trx) =>
        insertAttachment(trx, { uploader: caller.id, fileName: cleanFileName(file_name, type), type, content }),
      );
      reply.code(201);
      return created;
    },
  );

  app.get<{ Params: { id: number } }>('/support/attachments/:id', { schema: contract.routeSchema('downloadSupportAttachment'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
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
    const content = await withAudit(db, { ...intent, client: client ?? (isClientRole(caller.role) ? caller.id : null) }, async () => Buffer.from(file.content));
    return reply
      .code(200)
      .header('content-type', file.content_type)
      .header('content-length', String(content.length))
      .header('content-disposition', attachmentDisposition(file.file_name, file.content_type as AttachmentType))
      .header('digest', `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(content);
  });
}
