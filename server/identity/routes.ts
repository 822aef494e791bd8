// The built-in service over HTTP: POST /identity speaks Cognito's JSON 1.1 protocol (action in
// X-Amz-Target), errors as {__type, message} with x-amzn-errortype; CORS for the browser; the
// JWKS and OIDC discovery documents under /identity/<poolId>/.well-known/.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { JSON_TOO_DEEP_REASON, jsonNestsDeeperThan, jsonTooDeep } from '../http/json-depth.ts';
import { IdentityError, type IdentityUser } from './contracts.ts';
import { Errors } from './errors.ts';
import type { Body } from './input.ts';
import { RateLimiter } from './rate-limit.ts';
import type { BuiltinIdentityService } from './service.ts';
import { verifySigV4 } from './sigv4.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';
const RATE_LIMITED = new Set(['InitiateAuth', 'SignUp', 'ForgotPassword', 'ResendConfirmationCode']);

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, cache-control, amz-sdk-invocation-id, amz-sdk-request, authorization, x-amz-date, x-amz-security-token, x-amz-content-sha256',
  'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid, x-amzn-errormessage, date',
  'access-control-max-age': '86400',
};

function wireUser(user: IdentityUser, attributesKey: 'Attributes' | 'UserAttributes') {
  return {
    Username: user.Username,
    [attributesKey]: user.Attributes,
    UserCreateDate: user.UserCreateDate.getTime() / 1000,
    UserLastModifiedDate: user.UserLastModifiedDate.getTime() / 1000,
    Enabled: user.Enabled,
    UserStatus: user.UserStatus,
  };
}

function adminActions(service: BuiltinIdentityService): Record<string, (body: Body) => Promise<unknown>> {
  const admin = service.admin;
  const empty = async (p: Promise<void>) => {
    await p;
    return {};
  };
  return {
    AdminCreateUser: async (b) => ({ User: wireUser((await admin.adminCreateUser(b as never)).User, 'Attributes') }),
    AdminGetUser: async (b) => {
      const user = await admin.adminGetUser(b as never);
      const row = await service.ctx.db.selectFrom('identity.users').selectAll().where('username', '=', user.Username).executeTakeFirst();
      return { ...wireUser(user, 'UserAttributes'), ...(row ? service.mfa.settings(row as never) : {}) };
    },
    AdminUpdateUserAttributes: (b) => empty(admin.adminUpdateUserAttributes(b as never)),
    AdminDeleteUser: (b) => empty(admin.adminDeleteUser(b as never)),
    AdminDisableUser: (b) => empty(admin.adminDisableUser(b as never)),
    AdminEnableUser: (b) => empty(admin.adminEnableUser(b as never)),
    AdminResetUserPassword: (b) => empty(admin.adminResetUserPassword(b as never)),
    AdminSetUserPassword: (b) => empty(admin.adminSetUserPassword(b as never)),
    AdminUserGlobalSignOut: (b) => empty(admin.adminUserGlobalSignOut(b as never)),
    ListUsers: async (b) => {
      const out = await admin.listUsers(b as never);
      return { Users: out.Users.map((u) => wireUser(u, 'Attributes')), ...(out.PaginationToken ? { PaginationToken: out.PaginationToken } : {}) };
    },
  };
}

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const runtime = app.runtime.identity;
  const service = runtime.builtin;
  if (!service) throw new Error('identity routes need the built-in provider');
  const { config } = app.runtime;
  const admin = adminActions(service);
  const limiter = new RateLimiter(service.ctx.db, 'action-per-ip', service.ctx.settings.rateLimitPerMinute);

  // Amplify and the AWS SDK send application/x-amz-json-1.1; take any body as text and parse it
  // here so malformed input becomes Cognito's SerializationException, not a generic error. A body
  // nested too deep is refused before anything parses or walks it (http/json-depth.ts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
    jsonNestsDeeperThan(body as string) ? done(jsonTooDeep(), undefined) : done(null, body),
  );

  app.setErrorHandler((error, request, reply) => {
    const fe = error as { statusCode?: number; code?: string };
    if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, request, new IdentityError('InvalidParameterException', 'Request body is too large.'), 413);
    }
    if (error instanceof HttpError && error.errors?.body?.[0] === JSON_TOO_DEEP_REASON) {
      return sendError(reply, request, new IdentityError('InvalidParameterException', `Invalid request body: ${JSON_TOO_DEEP_REASON}`));
    }
    if (fe.statusCode && fe.statusCode < 500) {
      return sendError(reply, request, new IdentityError('SerializationException', 'Malformed request.'));
    }
    request.log.error({ err: { type: (error as Error).name, stack: (error as Error).stack } }, 'identity action failed');
    return sendError(reply, request, new IdentityError('InternalErrorException', 'Internal error.'), 500);
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(CORS_HEADERS);
  });

  // The AWS SDK posts to the endpoint with a trailing slash; Amplify posts to it as given.
  for (const url of ['/identity', '/identity/']) app.options(url, async (_request, reply) => reply.code(204).send());

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = request.headers['x-amz-target'];
    const action = typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const raw = typeof request.body === 'string' ? request.body : '';
    let body: Body;
    try {
      const parsed = JSON.parse(raw === '' ? '{}' : raw) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Body;
    } catch {
      return sendError(reply, request, new IdentityError('SerializationException', 'Malformed request body: expected a JSON object.'));
    }
    try {
      let result: unknown;
      const userAction = Object.hasOwn(service.userActions, action) ? service.userActions[action] : undefined;
      const adminAction = Object.hasOwn(admin, action) ? admin[action] : undefined;
      if (userAction) {
        if (RATE_LIMITED.has(action) && !(await limiter.allow(`${action}\n${request.ip}`))) throw Errors.tooManyRequests();
        result = await userAction(body);
      } else if (adminAction) {
        const key = config.identity;
        if (!key.adminAccessKeyId || !key.adminSecretAccessKey) throw Errors.missingAuthentication();
        if (typeof request.headers.authorization !== 'string') throw Errors.missingAuthentication();
        const ok = await verifySigV4(
          { method: request.method, path: request.url, headers: request.headers, body: raw },
          { accessKeyId: key.adminAccessKeyId, secretAccessKey: key.adminSecretAccessKey },
        );
        if (!ok) throw Errors.invalidSignature();
        if (body.UserPoolId !== service.ctx.poolId) {
          throw new IdentityError('ResourceNotFoundException', `User pool ${String(body.UserPoolId).slice(0, 64)} does not exist.`);
        }
        result = await adminAction(body);
      } else {
        throw new IdentityError('UnknownOperationException', action ? `Unknown operation ${action.slice(0, 64)}` : 'Missing or unknown X-Amz-Target.');
      }
      return reply
        .code(200)
        .header('content-type', AMZ_JSON)
        .header('x-amzn-requestid', request.id)
        .send(JSON.stringify(result ?? {}));
    } catch (error) {
      if (error instanceof IdentityError) return sendError(reply, request, error);
      throw error;
    }
  };
  app.post('/identity', handle);
  app.post('/identity/', handle);

  const wellKnown = (path: string) => `/identity/:poolId/.well-known/${path}`;
  const poolCheck = (request: FastifyRequest<{ Params: { poolId: string } }>, reply: FastifyReply) => {
    if (request.params.poolId !== service.ctx.poolId) {
      reply
        .code(404)
        .type('application/json')
        .send({ detail: `Not found: unknown user pool ${request.params.poolId.slice(0, 64)}` });
      return false;
    }
    return true;
  };
  app.get<{ Params: { poolId: string } }>(wellKnown('jwks.json'), async (request, reply) => {
    if (!poolCheck(request, reply)) return reply;
    await service.keys.load();
    return reply.header('cache-control', 'public, max-age=300').send(service.keys.jwks());
  });
  app.get<{ Params: { poolId: string } }>(wellKnown('openid-configuration'), async (request, reply) => {
    if (!poolCheck(request, reply)) return reply;
    const issuer = service.ctx.issuer;
    return reply.header('cache-control', 'public, max-age=300').send({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['code', 'token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'phone', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      claims_supported: ['sub', 'email', 'email_verified', 'phone_number', 'phone_number_verified', 'cognito:username', 'custom:role'],
    });
  });
}

function sendError(reply: FastifyReply, request: FastifyRequest, error: IdentityError, status = 400) {
  const requestId = request.id ?? randomUUID();
  return reply
    .code(status)
    .header('content-type', AMZ_JSON)
    .header('x-amzn-errortype', `${error.type}:`)
    .header('x-amzn-errormessage', error.message.replace(/[^\x20-\x7e]/g, '?'))
    .header('x-amzn-requestid', requestId)
    .send(JSON.stringify({ __type: error.type, message: error.message }));
}
