// /dev/outbox: the messages the server would have sent, newest first, `?to=` filters by
// recipient. Only with MAIL_TRANSPORT=outbox and only from the machine itself: it shows codes
// and temporary passwords.
import type { FastifyInstance } from 'fastify';
import { readOutbox } from '../mail/transport.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { to?: string; limit?: string } }>('/dev/outbox', async (request, reply) => {
    if (!loopback.has(request.socket.remoteAddress ?? '') || request.headers['x-forwarded-for']) {
      return reply.code(404).send({ detail: `Not found: GET /dev/outbox` });
    }
    const limit = Math.min(Math.max(Number(request.query.limit ?? 100) || 100, 1), 1000);
    const messages = await readOutbox(app.runtime.database.db, request.query.to ?? null, limit);
    reply.header('cache-control', 'no-store');
    return { messages };
  });
}
