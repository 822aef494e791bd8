// Token issuance with Cognito's claim sets, refresh-token families (origin_jti) with rotation and
// reuse detection, revocation, and access-token verification.
import { createHash, randomBytes, randomUUID, sign as signWithKey } from 'node:crypto';
import { promisify } from 'node:util';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type AccessTokenClaims, AccessTokenError, type AccessTokenVerifier } from './contracts.ts';
import type { IdentityContext } from './context.ts';
import { Errors } from './errors.ts';
import type { SigningKeys } from './keys.ts';
import { findUserBySub, normalise, type UserRow } from './users.ts';
import { changeMark, userChanged, VerifiedTokens } from './verified-tokens.ts';

export const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

/** What a sign-in step answers: a challenge to meet next, or the tokens (auth.ts and mfa.ts both build it). */
export interface AuthResponse {
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  Session?: string;
  AuthenticationResult?: AuthenticationResult;
  /** USER_AUTH's SELECT_CHALLENGE: the first factors to choose from. */
  AvailableChallenges?: string[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const rsaSign = promisify(signWithKey);
const encodePart = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function idClaims(user: UserRow): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(user.attributes)) {
    // Verified flags are booleans in ID tokens; custom attributes stay strings.
    claims[name] = name.endsWith('_verified') ? value === 'true' : value;
  }
  return claims;
}

export class Tokens implements AccessTokenVerifier {
  private readonly recent = new VerifiedTokens<{ claims: AccessTokenClaims; user: UserRow }>();

  constructor(
    private readonly ctx: IdentityContext,
    private readonly keys: SigningKeys,
  ) {}

  /**
   * An RS256 JWT (RSASSA-PKCS1-v1_5 with SHA-256, RFC 7518 §3.3) signed by node:crypto on the
   * thread pool: jose signs through WebCrypto, which took about three times as long per token
   * here, and a sign-in signs two. Verification stays with jose.
   */
  private async sign(use: 'id' | 'access', claims: Record<string, unknown>, minutes: number, now: number): Promise<string> {
    const key = await this.keys.signingKey(use);
    const header = encodePart({ alg: 'RS256', kid: key.kid });
    const payload = encodePart({ ...claims, iss: this.ctx.issuer, iat: now, exp: now + minutes * 60, jti: randomUUID() });
    const signature = await rsaSign('sha256', Buffer.from(`${header}.${payload}`), key.privateKey);
    return `${header}.${payload}.${signature.toString('base64url')}`;
  }

  private async accessAndId(user: UserRow, originJti: string, authTime: number): Promise<AuthenticationResult> {
    const now = Math.floor(Date.now() / 1000);
    const eventId = randomUUID();
    const s = this.ctx.settings;
    const access = {
      sub: user.sub,
      client_id: this.ctx.clientId,
      origin_jti: originJti,
      event_id: eventId,
      token_use: 'access',
      scope: ACCESS_SCOPE,
      auth_time: authTime,
      username: user.username,
    };
    const id = {
      ...idClaims(user),
      sub: user.sub,
      'cognito:username': user.username,
      origin_jti: originJti,
      aud: this.ctx.clientId,
      event_id: eventId,
      token_use: 'id',
      auth_time: authTime,
    };
    // Both signatures at once, each on a thread-pool thread.
    const [AccessToken, IdToken] = await Promise.all([this.sign('access', access, s.accessTokenMinutes, now), this.sign('id', id, s.idTokenMinutes, now)]);
    return { AccessToken, IdToken, ExpiresIn: s.accessTokenMinutes * 60, TokenType: 'Bearer' };
  }

  /**
   * The tokens of a completed sign-in, signed but not yet stored: `record` writes the new family
   * and its first refresh token. Given `onlyIf`, a data-changing statement returning one row or
   * none, it runs that first in the same statement and writes only if it returned a row; false
   * when it did not. Signing comes first so no statement waits on it.
   */
  async mint(user: UserRow): Promise<{ result: AuthenticationResult; record: (db: Db, onlyIf?: RawBuilder<unknown>) => Promise<boolean> }> {
    const originJti = randomUUID();
    const authTime = Math.floor(Date.now() / 1000);
    const refreshToken = randomBytes(64).toString('base64url');
    const result = { ...(await this.accessAndId(user, originJti, authTime)), RefreshToken: refreshToken };
    const expiresAt = new Date(Date.now() + this.ctx.settings.refreshTokenDays * 86_400_000);
    const record = async (db: Db, onlyIf: RawBuilder<unknown> = sql`select 1`) => {
      // One statement for the condition, the family and its first refresh token.
      const { rows } = await sql`with allowed as (${onlyIf}),
        family as (
          insert into identity.token_families (origin_jti, sub, client_id, auth_time, expires_at)
          select ${originJti}, ${user.sub}, ${this.ctx.clientId}, ${authTime}, ${expiresAt} where exists (select from allowed)
          returning origin_jti)
        insert into identity.refresh_tokens (token_hash, origin_jti) select ${hashToken(refreshToken)}, origin_jti from family
        returning origin_jti`.execute(db);
      return rows.length === 1;
    };
    return { result, record };
  }

  /** A completed sign-in: a new family and its first refresh token. */
  async issue(user: UserRow, db: Db = this.ctx.db): Promise<AuthenticationResult> {
    const minted = await this.mint(user);
    await minted.record(db);
    return minted.result;
  }

  /**
   * New access and ID tokens for a refresh token. With `rotate`, the submitted token is spent and
   * a new one returned; presenting a spent token again revokes the whole family.
   */
  async refresh(refreshToken: string, clientId: string, rotate: boolean): Promise<AuthenticationResult> {
    const found = await this.ctx.db
      .selectFrom('identity.refresh_tokens as r')
      .innerJoin('identity.token_families as f', 'f.origin_jti', 'r.origin_jti')
      .select(['r.token_hash', 'r.rotated_at', 'f.origin_jti', 'f.sub', 'f.client_id', 'f.auth_time', 'f.expires_at', 'f.revoked_at'])
      .where('r.token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (!found || found.client_id !== clientId) throw Errors.invalidRefreshToken();
    if (found.revoked_at) throw Errors.refreshTokenRevoked();
    if (new Date(found.expires_at).getTime() <= Date.now()) throw Errors.refreshTokenExpired();
    if (found.rotated_at) {
      await this.revokeFamily(found.origin_jti);
      throw Errors.refreshTokenReused();
    }
    const user = await findUserBySub(this.ctx.db, found.sub);
    if (!user) throw Errors.invalidRefreshToken();
    if (!user.enabled) throw Errors.userDisabled();
    const result = await this.accessAndId(user, found.origin_jti, Number(found.auth_time));
    if (!rotate) return result;
    const next = randomBytes(64).toString('base64url');
    const spent = await this.ctx.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('identity.refresh_tokens')
        .set({ rotated_at: new Date() })
        .where('token_hash', '=', found.token_hash)
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('identity.refresh_tokens')
        .values({ token_hash: hashToken(next), origin_jti: found.origin_jti })
        .execute();
      return true;
    });
    if (!spent) {
      // Another request spent it first: a replay.
      await this.revokeFamily(found.origin_jti);
      throw Errors.refreshTokenReused();
    }
    return { ...result, RefreshToken: next };
  }

  async revokeFamily(originJti: string, db: Db = this.ctx.db): Promise<void> {
    const revoked = await db
      .updateTable('identity.token_families')
      .set({ revoked_at: new Date() })
      .where('origin_jti', '=', originJti)
      .where('revoked_at', 'is', null)
      .returning('sub')
      .execute();
    for (const { sub } of revoked) userChanged(sub);
  }

  /** RevokeToken: the refresh token's family, and so every access token issued from it. */
  async revokeRefreshToken(refreshToken: string, clientId: string): Promise<void> {
    const found = await this.ctx.db
      .selectFrom('identity.refresh_tokens as r')
      .innerJoin('identity.token_families as f', 'f.origin_jti', 'r.origin_jti')
      .select(['f.origin_jti', 'f.client_id'])
      .where('r.token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (!found) return;
    if (found.client_id !== clientId) throw Errors.invalidRefreshToken();
    await this.revokeFamily(found.origin_jti);
  }

  /**
   * GlobalSignOut, password change or reset, disable: every family of the user. Inside a
   * transaction (`db` a trx), the caller calls userChanged(sub) again once it has committed.
   */
  async revokeUser(sub: string, db: Db = this.ctx.db): Promise<void> {
    await db
      .updateTable('identity.token_families')
      .set({ revoked_at: sql`now()` })
      .where('sub', '=', sub)
      .where('revoked_at', 'is', null)
      .execute();
    userChanged(sub);
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    return (await this.verifyRecent(token)).claims;
  }

  /**
   * verifyWithUser() for reads: a token verified in full within the last few seconds is taken
   * as it was then (revocation rule in verified-tokens.ts). The user row is shared between
   * calls: read it, never change it; an action that writes uses verifyWithUser().
   */
  async verifyRecent(token: string): Promise<{ claims: AccessTokenClaims; user: UserRow }> {
    return (typeof token === 'string' && this.recent.recall(token)) || this.verifyWithUser(token);
  }

  /** The full check, also returning the user row read by the same query. */
  async verifyWithUser(token: string): Promise<{ claims: AccessTokenClaims; user: UserRow }> {
    if (typeof token !== 'string' || token.length > 8192) throw new AccessTokenError('invalid', 'Invalid Access Token');
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw new AccessTokenError('invalid', 'Invalid Access Token');
    }
    const found = kid ? await this.keys.publicKey(kid) : null;
    if (!found || found.use !== 'access') throw new AccessTokenError('invalid', 'Invalid Access Token');
    let claims: AccessTokenClaims;
    try {
      const verified = await jwtVerify(token, found.key, { algorithms: ['RS256'], issuer: this.ctx.issuer });
      claims = verified.payload as unknown as AccessTokenClaims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired', 'Access Token has expired');
      throw new AccessTokenError('invalid', 'Invalid Access Token');
    }
    if (claims.token_use !== 'access' || typeof claims.sub !== 'string' || claims.client_id !== this.ctx.clientId || typeof claims.origin_jti !== 'string') {
      throw new AccessTokenError('invalid', 'Invalid Access Token');
    }
    const mark = changeMark(claims.sub);
    const row = await this.ctx.db
      .selectFrom('identity.token_families as f')
      .innerJoin('identity.users as u', 'u.sub', 'f.sub')
      .selectAll('u')
      .select(['f.revoked_at as family_revoked_at'])
      .where('f.origin_jti', '=', claims.origin_jti)
      .executeTakeFirst();
    if (!row || row.family_revoked_at || !row.enabled || row.sub !== claims.sub) {
      throw new AccessTokenError('revoked', 'Access Token has been revoked');
    }
    const verified = { claims, user: normalise(row) };
    this.recent.remember(token, claims.sub, mark, Number(claims.exp) * 1000, verified);
    return verified;
  }
}

/** AccessTokenError as the wire protocol reports it. */
export function accessErrorToIdentity(error: unknown): Error {
  if (error instanceof AccessTokenError) {
    if (error.reason === 'expired') return Errors.accessTokenExpired();
    if (error.reason === 'revoked') return Errors.accessTokenRevoked();
    return Errors.accessTokenInvalid();
  }
  return error as Error;
}
