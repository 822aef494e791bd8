// Bearer access tokens on every business API request. The identity side verifies the token
// (signature against the issuer's JWKS, iss, exp, token_use, client_id, revocation); the role
// comes from the clinic's own users row for the token's `sub`, read on every request through
// `findCaller`, so a demotion or a removal takes effect on the caller's next request. The API
// layer passes `findCaller` in: this module knows tokens, not tables.
//
// Every 401 and 403 carries a machine-readable `code` beside `detail` (AUTH_CODE), so the browser
// needs no text matching; the words of `detail` stay as they were ("expired" and "invalid" mean
// refresh and retry) for clients that still read them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../machines/guard/roles.ts';
import type { components } from '../../openapi/generated/api.ts';
import { AccessTokenError, type AccessTokenVerifier } from '../identity/contracts.ts';
import { HttpError } from '../http/errors.ts';

/** The signed-in caller, as the clinic's users table knows them on this request. */
export interface Caller {
  id: number;
  role: Role;
  sub: string;
}

/** What the clinic knows of a token's subject: enough to admit them or not. */
export interface CallerRecord {
  id: number;
  role: Role;
  is_active: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const AUTH_DETAIL = {
  missing: 'Authentication credentials were not provided.',
  malformed: 'Access token is invalid: send "Authorization: Bearer <access token>".',
  expired: 'Access token has expired.',
  invalid: 'Access token is invalid.',
  revoked: 'Access token is invalid: it has been revoked.',
  inactive: 'Access token is invalid: this account has been disabled.',
  noAccount: 'Your account has no role at this clinic. Ask an administrator to set it up.',
} as const;

/** The `code` of each refusal: what the browser does next depends on it, not on the words. */
export const AUTH_CODE = {
  /** No token: sign in. */
  missing: 'token_missing',
  /** Expired: refresh once and retry. */
  expired: 'token_expired',
  /** Malformed, unverifiable or revoked: refresh once and retry (a revoked session then fails to refresh). */
  invalid: 'token_invalid',
  /** The account is disabled: back to /login, no refresh. */
  disabled: 'account_disabled',
  /** Signed in, but the clinic has no user for them. */
  noAccount: 'no_account',
  /** Signed in, and this is not theirs to do. */
  forbidden: 'forbidden',
} as const satisfies Record<string, AuthCode>;

/** The contract's ErrorCode enum (openapi/openapi.yaml). */
export type AuthCode = components['schemas']['ErrorCode'];

function unauthorized(reply: FastifyReply, detail: string, code: AuthCode): HttpError {
  reply.header('www-authenticate', code === AUTH_CODE.missing ? 'Bearer' : 'Bearer error="invalid_token"');
  return new HttpError(401, detail, undefined, code);
}

export function registerBearerAuth(
  app: FastifyInstance,
  options: {
    /** The clinic's record of the token's subject (the API layer may create a client's on first access). */
    findCaller: (sub: string, request: { username: string; requestId: string }) => Promise<CallerRecord | undefined>;
    verifier: () => AccessTokenVerifier;
  },
): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // An operation the contract declares public (`security: []`, e.g. the website's enquiry form).
    if ((request.routeOptions.config as { public?: boolean } | undefined)?.public) return;
    const header = request.headers.authorization;
    if (!header) throw unauthorized(reply, AUTH_DETAIL.missing, AUTH_CODE.missing);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized(reply, AUTH_DETAIL.malformed, AUTH_CODE.invalid);
    let sub: string;
    let username: string;
    try {
      ({ sub, username } = await options.verifier().verify(match[1]));
    } catch (error) {
      if (error instanceof AccessTokenError) {
        if (error.reason === 'expired') throw unauthorized(reply, AUTH_DETAIL.expired, AUTH_CODE.expired);
        throw unauthorized(reply, error.reason === 'revoked' ? AUTH_DETAIL.revoked : AUTH_DETAIL.invalid, AUTH_CODE.invalid);
      }
      throw error;
    }
    const user = await options.findCaller(sub, { username, requestId: request.id });
    if (!user) throw new HttpError(403, AUTH_DETAIL.noAccount, undefined, AUTH_CODE.noAccount);
    if (!user.is_active) throw unauthorized(reply, AUTH_DETAIL.inactive, AUTH_CODE.disabled);
    request.caller = { id: user.id, role: user.role, sub };
  });
}

/** The authenticated caller of a route behind registerBearerAuth. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route is not behind the bearer-token hook');
  return request.caller;
}
