// One JSON line per request: method, path, status, duration, and the request id
// (pino's `request_id` binding). The path is logged
// without its query string (searches carry names and phone numbers) and bodies never are.
import type { FastifyInstance } from 'fastify';

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    request.log.info(
      {
        method: request.method,
        path: q === -1 ? url : url.slice(0, q),
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
