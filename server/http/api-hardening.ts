// Limits in front of the business API (/api/v1), registered in the API's own context so the SPA,
// health checks and identity (which limits its own sign-in actions) are unaffected:
//   - rate limits per client IP and per bearer token (@fastify/rate-limit's in-memory store, a
//     fixed one-minute window each), answered 429 {detail} with Retry-After;
//   - CORS from an allowlist (CORS_ORIGINS); with none configured only our own origin can call
//     from a browser, since no Access-Control-Allow-Origin is ever sent.
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { sendError } from './errors.ts';

export const RATE_LIMIT_DETAIL = 'Too many requests. Please wait a moment and try again.';
export const CORS_REFUSED_DETAIL = 'This origin is not allowed to call the API.';

const CORS_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
const CORS_HEADERS = 'authorization, content-type';

function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length === 0) return null;
  // The raw header, hashed: limiting happens before verification, and keys must not hold tokens.
  return `token:${createHash('sha256').update(header).digest('base64url')}`;
}

export async function apiHardening(app: FastifyInstance, options: { config: ServerConfig['api'] }): Promise<void> {
  const { rateLimitPerIp, rateLimitPerToken, corsOrigins } = options.config;
  const allowed = new Set(corsOrigins);

  await app.register(rateLimit, { global: false, timeWindow: 60_000, max: rateLimitPerIp });
  const perIp = app.createRateLimit({ keyGenerator: (request) => `ip:${request.ip}`, max: rateLimitPerIp, timeWindow: 60_000 });
  const perToken = app.createRateLimit({ keyGenerator: (request) => bearerKey(request) ?? '', max: rateLimitPerToken, timeWindow: 60_000 });

  const tooMany = (reply: FastifyReply, seconds: number) => {
    reply.header('retry-after', String(Math.max(1, seconds)));
    return sendError(reply, 429, RATE_LIMIT_DETAIL);
  };

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin === 'string' && allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'retry-after, www-authenticate');
    }
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') return;
    const ip = await perIp(request);
    if (!ip.isAllowed && ip.isExceeded) return tooMany(reply, ip.ttlInSeconds);
    if (bearerKey(request)) {
      const token = await perToken(request);
      if (!token.isAllowed && token.isExceeded) return tooMany(reply, token.ttlInSeconds);
    }
  });

  // Preflight: allowed origins get the methods and headers the API uses; others are refused.
  app.options('/*', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return sendError(reply, 403, CORS_REFUSED_DETAIL);
    return reply
      .header('access-control-allow-methods', CORS_METHODS)
      .header('access-control-allow-headers', CORS_HEADERS)
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });
}
