// Liveness (the process answers) and readiness (the database answers and migrations ran).
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    if (!app.runtime.migrated) {
      return reply.code(503).send({ status: 'unavailable', detail: 'Migrations have not been applied.' });
    }
    try {
      await app.runtime.database.ping();
    } catch {
      return reply.code(503).send({ status: 'unavailable', detail: 'The database is not reachable.' });
    }
    return { status: 'ready', engine: app.runtime.database.engine };
  });
}
