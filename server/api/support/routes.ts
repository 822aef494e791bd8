// /api/v1/support/*: tickets, their conversation and attachments (issue 21). Authorization: a
// CLIENT opens, reads and replies on their own tickets only (another client's answers 404) and
// never sees or writes internal notes; staff work the queue of the categories their role answers
// (ADMIN every one): assign, move tickets along the ticket chart, reply and add internal notes. Every read of a client's
// ticket and every write is audited, the write's entry in its own transaction. Staff below ADMIN
// see, open and work only the categories their role answers (clinic settings; issue 32).
import type { FastifyInstance } from 'fastify';
import { startWorker } from '../../jobs/queue.ts';
import { autoCloseHandler, SUPPORT_AUTO_CLOSE_JOB } from '../../jobs/support-auto-close.ts';
import type { MailTransport } from '../../mail/transport.ts';
import type { ApiContext } from '../context.ts';
import { attachmentRoutes } from './attachments-routes.ts';
import { messageRoutes } from './messages-routes.ts';
import { ticketRoutes } from './tickets-routes.ts';

export async function supportRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db } = ctx;
  const mail: MailTransport = app.runtime.mail;

  // Auto-close: the shared queue, polled like scheduling's reminders (SUPPORT_JOBS_POLL_MS, 0 = off).
  const pollMs = Number(process.env.SUPPORT_JOBS_POLL_MS ?? process.env.SCHEDULING_JOBS_POLL_MS ?? 60_000);
  if (pollMs > 0) {
    const worker = startWorker(db, { [SUPPORT_AUTO_CLOSE_JOB]: autoCloseHandler() }, { intervalMs: pollMs, log: app.log });
    app.addHook('onClose', () => worker.stop());
  }

  ticketRoutes(app, ctx);
  messageRoutes(app, ctx, mail);
  attachmentRoutes(app, ctx);
}
