// /api/docs: the contract itself (openapi/openapi.yaml, static mode) in Swagger UI, and its JSON
// and YAML at /api/docs/json and /api/docs/yaml. Public: it holds no data. Swagger is handed the
// generated JSON of the contract: given the YAML, it parsed 240 KB of it at every server start.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { CONTRACT_JSON_PATH } from './contract.ts';

export async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { path: CONTRACT_JSON_PATH, baseDir: '' } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
