// /api/v1/support/tickets/:id/messages: the conversation. A client replies (reopening a ticket
// waiting on them); staff reply (telling the client) or add internal notes a client never sees.
import type { FastifyInstance } from 'fastify';
import { SUPPORT_TEXTS } from '../../../machines/support/support-texts.ts';
import { ticketLifecycle } from '../../../machines/support/ticket-lifecycle.ts';
import { callerOf } from '../../auth/bearer.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { forbidden, isClientRole } from '../policy.ts';
import { attachUploads, contactOf, insertMessage, lockTicket, setTicketStatus, uploadsAreFree } from './data.ts';
import { act, E, type S, ticketGuards } from './route-helpers.ts';

/** Adds a reply or an internal note; the client is told of a staff reply through `mail`. */
export function messageRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport): void {
  const { db, contract } = ctx;
  const { visibleTicket, detailFor } = ticketGuards(db);

  app.post<{ Params: { id: number }; Body: S['SupportMessageCreate'] }>(
    '/support/tickets/:id/messages',
    { schema: contract.routeSchema('createSupportMessage'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const ticket = await visibleTicket(caller, request.params.id, 'support.message.create', request.id);
      const internal = body.internal === true;
      const fromClient = isClientRole(caller.role);
      if (fromClient && internal)
        await refuse(db, { actor: caller, action: act('support.message.create'), client: ticket.client, requestId: request.id }, forbidden(E.clientNotes));
      const attachments = body.attachments ?? [];
      if (!(await uploadsAreFree(db, attachments, caller.id))) throw badRequest('attachments', E.unknownAttachment);
      const created = await withAudit(
        db,
        { actor: caller, action: act('support.message.create'), client: ticket.client, requestId: request.id },
        async (trx) => {
          const current = (await lockTicket(trx, ticket.id))!;
          if (current.status === 'closed') throw new HttpError(409, E.closed);
          const now = new Date();
          // A client's reply reopens a ticket waiting on them or solved; the clinic's first public
          // reply takes a new ticket to open. Both are steps of the chart, asked like any other.
          const reopen = fromClient && (current.status === 'pending' || current.status === 'solved');
          const takeUp = !fromClient && !internal && current.status === 'new';
          if (reopen || takeUp) {
            requireLifecycleStep(ticketLifecycle, 'ticket', current.status, 'open', {
              context: {
                by: fromClient ? 'client' : 'staff',
                solvedAt: current.solved_at ? new Date(current.solved_at).toISOString() : null,
                now: now.toISOString(),
              },
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
                  : {
                      channel: 'email',
                      to: contact.to,
                      subject: SUPPORT_TEXTS.notify.subject(clinic),
                      body: SUPPORT_TEXTS.notify.body(clinic, ticket.id, ticket.subject),
                    },
                trx,
              );
            }
          }
          return detailFor(trx, caller, ticket.id);
        },
      );
      reply.code(201);
      return created;
    },
  );
}
