// Sign-in: InitiateAuth (USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH, and USER_AUTH
// through user-auth.ts), RespondToAuthChallenge, GetTokensFromRefreshToken. The password check is followed by the same
// steps for every flow: lockout bookkeeping, account state, forced new password, MFA, tokens.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { IdentityError } from './contracts.ts';
import type { IdentityContext } from './context.ts';
import { Errors, invalidParameter } from './errors.ts';
import { type Body, requiredString, stringMap } from './input.ts';
import type { Mfa } from './mfa.ts';
import { assertAcceptablePassword, verifyPassword } from './passwords.ts';
import { consumeSession, createSession, purgeNowAndThen, readSession, secretBlockSpending, sessionChallenge, spendSecretBlock } from './sessions.ts';
import { N, padHex, parseA, parseTimestamp, serverEphemeral, verifyClaim } from './srp.ts';
import type { AuthResponse, Tokens } from './tokens.ts';
import { checkAttribute } from './attributes.ts';
import type { UserAuth } from './user-auth.ts';
import { findUser, findUserBySub, normaliseUsername, openVerifier, passwordColumns, type UserRow, updateUser } from './users.ts';

const LOCKOUT_FREE_FAILURES = 5;
const LOCKOUT_MAX_SECONDS = 900;
const LOCKOUT_RESET_MS = 15 * 60_000;
const VERIFIER_WINDOW_MS = 3 * 60_000;
const CLOCK_SKEW_MS = 5 * 60_000;

interface SecretBlock {
  /** 1 for a simulated challenge (unknown user): its sid and sub are random fillers. */
  f: 0 | 1;
  /** Session id for single use. */
  sid: string;
  sub: string;
  user: string;
  A: string;
  B: string;
  b: string;
  iat: number;
}

export class Auth {
  mfa!: Mfa;
  userAuth!: UserAuth;

  constructor(
    private readonly ctx: IdentityContext,
    private readonly tokens: Tokens,
  ) {}

  private checkClient(body: Body): void {
    const clientId = requiredString(body, 'ClientId', 128);
    if (clientId !== this.ctx.clientId) {
      throw new IdentityError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    }
  }

  async initiateAuth(body: Body): Promise<AuthResponse> {
    this.checkClient(body);
    const flow = requiredString(body, 'AuthFlow', 64);
    const params = stringMap(body, 'AuthParameters', true);
    switch (flow) {
      case 'USER_SRP_AUTH':
        return this.startSrp(params);
      case 'USER_PASSWORD_AUTH':
        return this.passwordAuth(params);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN': {
        const token = params.REFRESH_TOKEN;
        if (!token) throw invalidParameter('Missing required parameter REFRESH_TOKEN');
        return { AuthenticationResult: await this.tokens.refresh(token, this.ctx.clientId, false), ChallengeParameters: {} };
      }
      case 'USER_AUTH':
        return this.userAuth.initiate(params);
      case 'CUSTOM_AUTH':
      case 'ADMIN_NO_SRP_AUTH':
      case 'ADMIN_USER_PASSWORD_AUTH':
        throw invalidParameter(`${flow} flow not enabled for this client`);
      default:
        throw new IdentityError(
          'InvalidParameterException',
          "1 validation error detected: Value at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set: [USER_SRP_AUTH, REFRESH_TOKEN_AUTH, REFRESH_TOKEN, CUSTOM_AUTH, ADMIN_NO_SRP_AUTH, USER_PASSWORD_AUTH, ADMIN_USER_PASSWORD_AUTH, USER_AUTH]",
        );
    }
  }

  async getTokensFromRefreshToken(body: Body): Promise<AuthResponse> {
    this.checkClient(body);
    const token = requiredString(body, 'RefreshToken', 4096);
    return { AuthenticationResult: await this.tokens.refresh(token, this.ctx.clientId, true) };
  }

  private username(params: Record<string, string>): string {
    const value = params.USERNAME;
    if (!value) throw invalidParameter('Missing required parameter USERNAME');
    if (value.length > 128) throw invalidParameter('Missing required parameter USERNAME');
    return value;
  }

  // ---- SRP ----------------------------------------------------------------------------------

  private sealBlock(block: SecretBlock): string {
    return Buffer.from(this.ctx.sealer.seal('srp-secret-block', JSON.stringify(block)), 'base64url').toString('base64');
  }

  private openBlock(value: string): SecretBlock | null {
    try {
      const raw = Buffer.from(value, 'base64').toString('base64url');
      return JSON.parse(this.ctx.sealer.open('srp-secret-block', raw).toString('utf8')) as SecretBlock;
    } catch {
      return null;
    }
  }

  /** A deterministic salt and verifier for an unknown username, so its challenge looks real. */
  private simulatedVerifier(username: string): { salt: string; verifier: string } {
    const seed = (label: string) => Buffer.from(this.ctx.sealer.digest(label, username), 'base64url').toString('hex');
    const salt = seed('fake-salt').slice(0, 32);
    // Any value in the group works as a verifier: the answer is refused whatever it is.
    const v = (BigInt(`0x${seed('fake-v1')}${seed('fake-v2')}${seed('fake-v3')}`) % (N - 3n)) + 2n;
    return { salt, verifier: v.toString(16) };
  }

  async startSrp(params: Record<string, string>): Promise<AuthResponse> {
    const typed = this.username(params);
    const A = parseA(params.SRP_A ?? '');
    if (!A) throw invalidParameter('Invalid SRP_A');
    const user = await findUser(this.ctx.db, typed);
    let verifier: { salt: string; verifier: string };
    let userId: string;
    if (user?.srp_sealed) {
      verifier = openVerifier(this.ctx, user.srp_sealed);
      userId = user.username;
    } else {
      verifier = this.simulatedVerifier(normaliseUsername(typed));
      userId = normaliseUsername(typed);
    }
    const { b, B } = serverEphemeral(verifier.verifier);
    // A simulated block has the same fields and sizes as a real one.
    const real = Boolean(user?.srp_sealed);
    // The block carries the whole SRP state; single use is recorded when it is answered.
    const sid = randomBytes(32).toString('base64url');
    const block: SecretBlock = {
      f: real ? 0 : 1,
      sid,
      sub: real ? user!.sub : randomUUID(),
      user: userId,
      A: A.toString(16),
      B: B.toString(16),
      b: b.toString(16),
      iat: Date.now(),
    };
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: verifier.salt,
        SRP_B: padHex(B),
        SECRET_BLOCK: this.sealBlock(block),
        USER_ID_FOR_SRP: userId,
        USERNAME: userId,
      },
    };
  }

  private async passwordVerifier(responses: Record<string, string>): Promise<AuthResponse> {
    const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK;
    const signature = responses.PASSWORD_CLAIM_SIGNATURE;
    const timestamp = responses.TIMESTAMP;
    if (!secretBlock || !signature || !timestamp) {
      throw invalidParameter('Missing required parameter PASSWORD_CLAIM_SECRET_BLOCK, PASSWORD_CLAIM_SIGNATURE or TIMESTAMP');
    }
    const block = this.openBlock(secretBlock);
    if (!block || Date.now() - block.iat > VERIFIER_WINDOW_MS) throw Errors.incorrectCredentials();
    const when = parseTimestamp(timestamp);
    if (!when || Math.abs(when.getTime() - Date.now()) > CLOCK_SKEW_MS) throw Errors.incorrectCredentials();
    if (block.f !== 0) {
      // A simulated challenge for an unknown user: the same work, the same answer.
      verifyClaim({
        poolName: this.ctx.poolName,
        userId: block.user,
        verifierHex: this.simulatedVerifier(block.user).verifier,
        A: BigInt(`0x${block.A}`),
        B: BigInt(`0x${block.B}`),
        b: BigInt(`0x${block.b}`),
        secretBlock,
        timestamp,
        signature,
      });
      await findUserBySub(this.ctx.db, block.sub);
      await sql`update identity.users set last_attempt_at = now() where sub = ${block.sub}`.execute(this.ctx.db);
      throw Errors.incorrectCredentials();
    }
    const user = await findUserBySub(this.ctx.db, block.sub);
    if (!user?.srp_sealed || user.username !== block.user) throw Errors.incorrectCredentials();
    await this.assertNotLocked(user);
    const ok = verifyClaim({
      poolName: this.ctx.poolName,
      userId: user.username,
      verifierHex: openVerifier(this.ctx, user.srp_sealed).verifier,
      A: BigInt(`0x${block.A}`),
      B: BigInt(`0x${block.B}`),
      b: BigInt(`0x${block.b}`),
      secretBlock,
      timestamp,
      signature,
    });
    const expiresAt = block.iat + VERIFIER_WINDOW_MS;
    if (ok && this.straightToTokens(user)) {
      // The usual sign-in: one statement spends the block and starts the session family, one
      // round trip and one wait for the disk instead of two. A replayed block writes nothing.
      const minted = await this.tokens.mint(user);
      const recorded = await minted.record(this.ctx.db, secretBlockSpending(block.sid, user.sub, expiresAt));
      await purgeNowAndThen(this.ctx.db);
      if (!recorded) throw Errors.incorrectCredentials();
      return { AuthenticationResult: minted.result, ChallengeParameters: {} };
    }
    if (!(await spendSecretBlock(this.ctx.db, block.sid, user.sub, expiresAt))) throw Errors.incorrectCredentials();
    if (!ok) {
      await this.recordFailure(user);
      throw Errors.incorrectCredentials();
    }
    return this.afterPassword(user);
  }

  // ---- USER_PASSWORD_AUTH ------------------------------------------------------------------

  async passwordAuth(params: Record<string, string>): Promise<AuthResponse> {
    const typed = this.username(params);
    const password = params.PASSWORD;
    if (!password) throw invalidParameter('Missing required parameter PASSWORD');
    const user = await findUser(this.ctx.db, typed);
    if (!user) {
      await verifyPassword(null, password);
      throw Errors.incorrectCredentials();
    }
    await this.assertNotLocked(user);
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.recordFailure(user);
      throw Errors.incorrectCredentials();
    }
    return this.afterPassword(user);
  }

  // ---- lockout -----------------------------------------------------------------------------

  private async assertNotLocked(user: UserRow): Promise<void> {
    if (user.lockout_until && user.lockout_until.getTime() > Date.now()) throw Errors.passwordAttemptsExceeded();
  }

  /** Cognito's schedule: after 5 failures, 1 s doubling per failure up to about 15 min. */
  async recordFailure(user: UserRow): Promise<void> {
    await sql`
      update identity.users set
        failed_attempts = case when last_attempt_at is null or last_attempt_at < ${new Date(Date.now() - LOCKOUT_RESET_MS)}
                               then 1 else failed_attempts + 1 end,
        last_attempt_at = now()
      where sub = ${user.sub}`.execute(this.ctx.db);
    const row = await findUserBySub(this.ctx.db, user.sub);
    if (row && row.failed_attempts >= LOCKOUT_FREE_FAILURES) {
      const seconds = Math.min(2 ** (row.failed_attempts - LOCKOUT_FREE_FAILURES), LOCKOUT_MAX_SECONDS);
      await updateUser(this.ctx.db, user.sub, { lockout_until: new Date(Date.now() + seconds * 1000) });
    }
  }

  // ---- after the password ------------------------------------------------------------------

  /** True when afterPassword() would go straight to tokens, with nothing to write or ask first. */
  private straightToTokens(user: UserRow): boolean {
    return user.enabled && user.status === 'CONFIRMED' && user.failed_attempts === 0 && !user.lockout_until && !this.mfa.asksForSecondFactor(user);
  }

  /** Account state checks, then the next challenge or the tokens. */
  private async afterPassword(user: UserRow): Promise<AuthResponse> {
    if (user.failed_attempts !== 0 || user.lockout_until) {
      await updateUser(this.ctx.db, user.sub, { failed_attempts: 0, lockout_until: null, last_attempt_at: new Date() });
    }
    if (!user.enabled) throw Errors.userDisabled();
    if (user.status === 'UNCONFIRMED') throw Errors.userNotConfirmed();
    if (user.status === 'RESET_REQUIRED') throw Errors.passwordResetRequired();
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      if (user.temp_password_expires_at && user.temp_password_expires_at.getTime() <= Date.now()) throw Errors.tempPasswordExpired();
      const session = await createSession(this.ctx.db, user.sub, 'NEW_PASSWORD_REQUIRED');
      const visible = Object.fromEntries(Object.entries(user.attributes).filter(([k]) => !k.endsWith('_verified')));
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.username,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify(visible),
        },
      };
    }
    return this.secondFactorOrTokens(user);
  }

  async secondFactorOrTokens(user: UserRow): Promise<AuthResponse> {
    const challenge = await this.mfa.challengeFor(user);
    if (challenge) return challenge;
    return { AuthenticationResult: await this.tokens.issue(user), ChallengeParameters: {} };
  }

  // ---- RespondToAuthChallenge --------------------------------------------------------------

  async respondToAuthChallenge(body: Body): Promise<AuthResponse> {
    this.checkClient(body);
    const name = requiredString(body, 'ChallengeName', 64);
    const responses = stringMap(body, 'ChallengeResponses');
    switch (name) {
      case 'PASSWORD_VERIFIER':
        return this.passwordVerifier(responses);
      case 'NEW_PASSWORD_REQUIRED':
        return this.newPassword(body.Session, responses);
      case 'SELECT_CHALLENGE':
        return this.userAuth.select(body.Session, responses);
      case 'SMS_OTP':
        return this.userAuth.respondCode('SMS_OTP', body.Session, responses);
      case 'WEB_AUTHN':
        return this.userAuth.respondPasskey(body.Session, responses);
      case 'EMAIL_OTP': {
        // The same challenge name serves email MFA and the email first factor: the session says which.
        const challenge = await sessionChallenge(this.ctx.db, body.Session);
        if (challenge === 'EMAIL_OTP') return this.mfa.respond(name, body.Session, responses);
        return this.userAuth.respondCode('EMAIL_OTP', body.Session, responses);
      }
      case 'SOFTWARE_TOKEN_MFA':
      case 'SMS_MFA':
      case 'SELECT_MFA_TYPE':
      case 'MFA_SETUP':
        return this.mfa.respond(name, body.Session, responses);
      default:
        throw invalidParameter(`Unsupported challenge: ${name.slice(0, 64)}`);
    }
  }

  private async newPassword(sessionId: unknown, responses: Record<string, string>): Promise<AuthResponse> {
    const session = await readSession(this.ctx.db, sessionId, ['NEW_PASSWORD_REQUIRED']);
    const password = assertAcceptablePassword(responses.NEW_PASSWORD, 'other', 'newPassword');
    const user = await findUserBySub(this.ctx.db, session.sub);
    if (!user) throw Errors.sessionInvalid();
    const attributes = { ...user.attributes };
    for (const [key, value] of Object.entries(responses)) {
      if (!key.startsWith('userAttributes.')) continue;
      const attr = { Name: key.slice('userAttributes.'.length), Value: value };
      checkAttribute(attr, 'user');
      if (attr.Name === 'email') continue; // the email is the username here; it changes through verification only
      attributes[attr.Name] = attr.Value;
    }
    await consumeSession(this.ctx.db, session);
    const columns = await passwordColumns(this.ctx, user.username, password);
    await updateUser(this.ctx.db, user.sub, { ...columns, attributes, status: 'CONFIRMED', temp_password_expires_at: null });
    const updated = (await findUserBySub(this.ctx.db, user.sub))!;
    return this.secondFactorOrTokens(updated);
  }
}
