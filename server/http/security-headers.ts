// Security headers on every response, API and SPA alike.
import type { FastifyInstance } from 'fastify';

export function contentSecurityPolicy(connectSources: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects <style> elements at run time; scripts stay strictly same-origin.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean; connectSources: string[] }): void {
  const csp = contentSecurityPolicy(options.connectSources);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (options.https) {
      reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    }
    return payload;
  });
}
