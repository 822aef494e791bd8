// The business API under /api/v1, described by openapi/openapi.yaml. Unknown paths under the
// prefix answer a JSON 404 (the app's not-found handler). Every route is behind the bearer-token
// hook and validated against the contract's schemas.
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { registerBearerAuth } from '../auth/bearer.ts';
import { compiledOnFirstUse } from '../http/compile-on-first-use.ts';
import { registerIdempotency } from '../http/idempotency.ts';
import { decimalIntegers } from '../http/decimal-params.ts';
import { startJobWorkers } from '../jobs/index.ts';
import { paymentGatewayFrom } from '../payments/razorpay-gateway.ts';
import { createAadhaarVault } from './people/aadhaar.ts';
import type { ApiContext } from './context.ts';
import { loadContract } from './contract.ts';
import { callerFinder } from './people/first-access.ts';
import { registerAccessHook } from './route-access.ts';
import { ROUTE_MODULES } from './routes.ts';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function validators(): { body: Ajv; other: Ajv } {
  const base: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };
  // Bodies are JSON: a string where a number belongs is bad input, not something to convert.
  // Query strings and path parameters are text by nature, so those are coerced.
  const body = addFormats(new Ajv({ ...base, coerceTypes: false }));
  const other = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  return { body, other };
}

export async function businessApi(app: FastifyInstance): Promise<void> {
  const { runtime } = app;
  const identity = runtime.identity;
  const ctx: ApiContext = {
    db: runtime.database.db,
    contract: loadContract(),
    aadhaar: createAadhaarVault(runtime.config),
    identityAdmin: () => identity.admin,
    supportEmail: runtime.config.supportEmail,
  };
  // One source: a route here must be an operation of the contract, with its schemas.
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) throw new Error(`${route.method} ${route.url} is not an operation of openapi/openapi.yaml`);
  });
  const ajv = validators();
  // Path ids and query integers: decimal digits only, before ajv converts them (http/decimal-params.ts).
  app.setValidatorCompiler(({ schema, httpPart }) =>
    compiledOnFirstUse(() => (httpPart === 'body' ? ajv.body.compile(schema) : ajv.other.compile(decimalIntegers(schema) as object))),
  );
  registerBearerAuth(app, {
    findCaller: callerFinder(ctx),
    verifier: () => identity.accessTokens,
  });
  // Writes a person may send twice: the operations whose contract takes an Idempotency-Key.
  registerIdempotency(app, { db: ctx.db, operationIds: ctx.contract.idempotentOperations() });
  // Who may call each operation: its declaration (route-access.ts), checked after the idempotency replay as the handlers did.
  registerAccessHook(app);
  // The job workers (scheduling's reminders and notices, support's auto-close, the partner lab's round, billing's reconciler): one table, server/jobs/index.ts.
  const payments = runtime.config.payments;
  const workers = startJobWorkers({
    db: ctx.db,
    mail: runtime.mail,
    log: app.log,
    gateway: paymentGatewayFrom(payments),
    reconcileAfterMs: payments.razorpay?.reconcileAfterMs ?? 0,
  });
  app.addHook('onClose', async () => {
    for (const worker of workers) await worker.stop();
  });
  for (const routes of ROUTE_MODULES) await routes(app, ctx);
}
