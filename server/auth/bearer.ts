// Bearer access tokens on every business API request. The identity side verifies the token
// (signature against the issuer's JWKS, iss, exp, token_use, client_id, revocation); the role
// comes from the clinic's own users row for the token's `sub`, read on every request, so a
// demotion or a removal takes effect on the caller's next request.
//
// The browser's session logic keys on the words in `detail`: "expired" means refresh and retry,
// "invalid" likewise; a missing token says neither.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { AccessTokenError, type AccessTokenVerifier } from '../identity/contracts.ts';
import { HttpError } from '../http/errors.ts';
import type { Caller } from '../api/policy.ts';
import { findUserBySub } from '../api/data/users.ts';

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

function unauthorized(reply: FastifyReply, detail: string): HttpError {
  reply.header('www-authenticate', detail === AUTH_DETAIL.missing ? 'Bearer' : 'Bearer error="invalid_token"');
  return new HttpError(401, detail);
}

export function registerBearerAuth(app: FastifyInstance, options: { db: Db; verifier: () => AccessTokenVerifier }): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(reply, AUTH_DETAIL.missing);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized(reply, AUTH_DETAIL.malformed);
    let sub: string;
    try {
      sub = (await options.verifier().verify(match[1])).sub;
    } catch (error) {
      if (error instanceof AccessTokenError) {
        throw unauthorized(reply, error.reason === 'expired' ? AUTH_DETAIL.expired : error.reason === 'revoked' ? AUTH_DETAIL.revoked : AUTH_DETAIL.invalid);
      }
      throw error;
    }
    const user = await findUserBySub(options.db, sub);
    if (!user) throw new HttpError(403, AUTH_DETAIL.noAccount);
    if (!user.is_active) throw unauthorized(reply, AUTH_DETAIL.inactive);
    request.caller = { id: user.id, role: user.role, sub };
  });
}

/** The authenticated caller of a route behind registerBearerAuth. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route is not behind the bearer-token hook');
  return request.caller;
}
