// /api/v1/support/*: tickets, their conversation and attachments (issue 21). Authorization: a
// CLIENT opens, reads and replies on their own tickets only (another client's answers 404) and
// never sees or writes internal notes; staff work the queue of the categories their role answers
// (ADMIN every one): assign, move tickets along the ticket chart, reply and add internal notes. Every read of a client's
// ticket and every write is audited, the write's entry in its own transaction. Staff below ADMIN
// see, open and work only the categories their role answers (clinic settings; issue 32).
import type { FastifyInstance } from 'fastify';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { attachmentRoutes } from './attachments-routes.ts';
import { messageRoutes } from './messages-routes.ts';
import { ticketRoutes } from './tickets-routes.ts';

export async function supportRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const mail: MailTransport = app.runtime.mail;
  // A solved ticket's auto-close is a job, run by the jobs module's worker (server/jobs/index.ts).

  ticketRoutes(app, ctx);
  messageRoutes(app, ctx, mail);
  attachmentRoutes(app, ctx);
}
