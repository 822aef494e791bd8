// The whole HTTP surface as one Fastify instance, built from already-opened parts so tests can
// build it around a fresh database and drive it with inject() (server/main.ts owns listen and
// shutdown).
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Logger } from 'pino';
import { apiDocs } from './api/docs.ts';
import { businessApi } from './api/index.ts';
import { backupRoutes, newBackupToken } from './backup/endpoint.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { apiHardening } from './http/api-hardening.ts';
import { serializersOnFirstUse } from './http/compile-on-first-use.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerJsonDepthLimit } from './http/json-depth.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTextSafety } from './http/text-safety.ts';
import type { IdentityRuntime } from './identity/index.ts';
import { identityRoutes } from './identity/routes.ts';
import type { MailTransport } from './mail/transport.ts';
import { devOutboxRoutes } from './routes/dev-outbox.ts';
import { healthRoutes } from './routes/health.ts';
import { clinicLogoRoutes } from './routes/clinic-logo.ts';
import { runtimeConfigRoutes } from './routes/runtime-config.ts';
import { isClientRoute, registerSpa, type SpaIndex } from './routes/spa.ts';
import { isFhirPath, underApi } from './api/fhir/base.ts';
import { fhirNotFound } from './api/fhir/outcome.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface Runtime {
  config: ServerConfig;
  database: Database;
  identity: IdentityRuntime;
  mail: MailTransport;
  /** Set once migrations have run; /readyz reports it. */
  migrated: boolean;
  /** Token for POST /internal/backup (loopback only); a random one when not given. */
  backupToken?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime;
  }
}

export async function buildApp(runtime: Runtime, options: { logger: Logger; serveSpa?: boolean }): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as unknown as FastifyBaseLogger,
    // Our own request log (http/request-log.ts) replaces Fastify's; the controller is Fastify 5's
    // place for both settings (the top-level options print FSTDEP023/FSTDEP024 at start-up).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => crypto.randomUUID(),
    // The FHIR API's own base (issue 40) reaches its routes under /api/v1 (server/api/fhir/base.ts).
    rewriteUrl: (request) => underApi(request.url ?? '/'),
    // Forwarded headers only from the proxies TRUST_PROXY names: off by default, so a caller
    // cannot choose the address the per-IP limits count (config.ts).
    trustProxy: runtime.config.trustProxy as FastifyServerOptions['trustProxy'],
    forceCloseConnections: 'idle',
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse } },
  });
  app.decorate('runtime', runtime);

  registerRequestLog(app);
  registerSecurityHeaders(app, {
    https: runtime.config.publicUrl.startsWith('https://'),
    connectSources: runtime.identity.provider === 'cognito' ? [`https://cognito-idp.${runtime.identity.region}.amazonaws.com`] : [],
  });
  let spa: SpaIndex | null = null;
  registerErrorHandling(app, {
    // A path under the FHIR base that names nothing is FHIR's 404 (an OperationOutcome). Unknown
    // non-API GETs are client-side routes: answer with the app's index.html.
    fallback: (request, reply) => (isFhirPath(request.url) ? fhirNotFound(request, reply) : spa && isClientRoute(request) ? spa.send(reply) : null),
  });
  registerJsonDepthLimit(app);
  registerTextSafety(app);

  await app.register(healthRoutes);
  await app.register(runtimeConfigRoutes);
  await app.register(clinicLogoRoutes);
  if (runtime.mail.kind === 'outbox') await app.register(devOutboxRoutes);
  if (runtime.identity.provider === 'builtin') await app.register(identityRoutes);
  await app.register(
    async (api) => {
      // Rate limits and CORS first, then the API's own hooks (bearer auth) in its child context.
      await apiHardening(api, { config: runtime.config.api });
      await api.register(businessApi);
    },
    { prefix: '/api/v1' },
  );
  await app.register(apiDocs);
  await app.register(backupRoutes, { token: runtime.backupToken ?? newBackupToken() });
  if (options.serveSpa !== false) spa = await registerSpa(app, runtime.config.distDir);
  return app;
}
