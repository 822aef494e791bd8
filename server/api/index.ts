// The business API under /api/v1, described by openapi/openapi.yaml. Unknown paths under the
// prefix answer a JSON 404 (the app's not-found handler).
import type { FastifyInstance } from 'fastify';

export async function businessApi(_app: FastifyInstance): Promise<void> {}
