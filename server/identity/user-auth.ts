// Choice-based sign-in (USER_AUTH): the person picks a first factor — a password (PASSWORD or
// PASSWORD_SRP, then MFA as usual), a passkey (WEB_AUTHN, verified in webauthn.ts) or a one-time
// code sent by email or SMS (EMAIL_OTP, SMS_OTP) — from those the pool allows
// (IDENTITY_SIGN_IN_FACTORS). No answer tells whether an account exists: an unknown username, or
// one without a verified address for the factor, gets a decoy challenge shaped like a real one,
// and every code or assertion given to it is refused.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { issueCode, consumeCode } from './codes.ts';
import type { IdentityContext } from './context.ts';
import { emailDelivery, maskEmail, maskPhone, sendCode, smsDelivery, type CodeDeliveryDetails } from './delivery.ts';
import { Errors, invalidParameter } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { consumeSession, createSession, readSession, recordSessionFailure, SESSION_MS } from './sessions.ts';
import type { AuthResponse, Tokens } from './tokens.ts';
import { findUser, findUserBySub, normaliseUsername, type UserRow } from './users.ts';
import { type Passkeys, recordSecurityEvent, type SecurityReason } from './webauthn.ts';

export type FirstFactorChallenge = 'PASSWORD' | 'PASSWORD_SRP' | 'WEB_AUTHN' | 'EMAIL_OTP' | 'SMS_OTP';
type CodeFactor = 'EMAIL_OTP' | 'SMS_OTP';

/** Every first factor Cognito names. */
const KNOWN_CHALLENGES = ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN'];

/** Sign-in codes one username may be sent per hour, decoys included, so the limit reveals nothing. */
export const SIGN_IN_CODES_PER_USERNAME_PER_HOUR = 10;
/** Passkey sign-ins one username may start per hour, decoys included. */
export const PASSKEY_SIGN_INS_PER_USERNAME_PER_HOUR = 30;
const PASSKEY_SESSION = 'WEB_AUTHN';
/** Wrong codes a session takes before it expires: the same count as a real session (sessions.ts). */
const DECOY_FAILURES = 5;
const CHOICE_PURPOSE = 'user-auth-choice';
const DECOY_PURPOSE = 'user-auth-decoy';

/** The session a real code challenge is stored under; the challenge name alone is shared with MFA. */
export const firstFactorSession = (factor: CodeFactor) => `USER_AUTH_${factor}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The password flows of auth.ts, which a chosen PASSWORD or PASSWORD_SRP continues. */
export interface PasswordSteps {
  passwordAuth(params: Record<string, string>): Promise<AuthResponse>;
  startSrp(params: Record<string, string>): Promise<AuthResponse>;
}

interface Choice {
  /** The username as typed, normalised. */
  u: string;
  iat: number;
}

export class UserAuth {
  private readonly codeSends: RateLimiter;
  private readonly passkeyStarts: RateLimiter;
  private readonly decoyFailures: RateLimiter;

  constructor(
    private readonly ctx: IdentityContext,
    private readonly tokens: Tokens,
    private readonly auth: PasswordSteps,
    private readonly passkeys: Passkeys,
  ) {
    this.codeSends = new RateLimiter(ctx.db, 'sign-in-codes-per-username', SIGN_IN_CODES_PER_USERNAME_PER_HOUR, 3_600_000);
    this.passkeyStarts = new RateLimiter(ctx.db, 'passkey-sign-ins-per-username', PASSKEY_SIGN_INS_PER_USERNAME_PER_HOUR, 3_600_000);
    this.decoyFailures = new RateLimiter(ctx.db, 'decoy-session-failures', DECOY_FAILURES, SESSION_MS);
  }

  /** The challenges the pool offers, in Cognito's order: PASSWORD stands for both password flows. */
  offered(): FirstFactorChallenge[] {
    const factors = this.ctx.settings.signInFactors;
    const out: FirstFactorChallenge[] = [];
    if (factors.includes('PASSWORD')) out.push('PASSWORD', 'PASSWORD_SRP');
    if (factors.includes('WEB_AUTHN')) out.push('WEB_AUTHN');
    if (factors.includes('EMAIL_OTP')) out.push('EMAIL_OTP');
    if (factors.includes('SMS_OTP')) out.push('SMS_OTP');
    return out;
  }

  /**
   * The challenges offered to one username: WEB_AUTHN only to an account with a passkey. An
   * unknown username is offered it by a keyed coin of its own (stable, unpredictable without
   * IDENTITY_SECRET), so being offered a passkey does not prove the account exists.
   */
  async offeredTo(typed: string): Promise<FirstFactorChallenge[]> {
    const offered = this.offered();
    if (!offered.includes('WEB_AUTHN')) return offered;
    const user = await findUser(this.ctx.db, typed);
    const passkey = user ? await this.passkeys.hasPasskey(user.sub) : this.decoyHasPasskey(normaliseUsername(typed));
    return passkey ? offered : offered.filter((c) => c !== 'WEB_AUTHN');
  }

  private decoyHasPasskey(username: string): boolean {
    return (Buffer.from(this.ctx.sealer.digest('decoy-passkey', username), 'base64url')[0] & 1) === 1;
  }

  /** InitiateAuth with USER_AUTH: straight to the preferred factor when offered, else the choice. */
  async initiate(params: Record<string, string>): Promise<AuthResponse> {
    const typed = params.USERNAME;
    if (!typed || typed.length > 128) throw invalidParameter('Missing required parameter USERNAME');
    const preferred = params.PREFERRED_CHALLENGE;
    if (preferred !== undefined && !KNOWN_CHALLENGES.includes(preferred)) {
      throw invalidParameter(`Invalid PREFERRED_CHALLENGE: must be one of ${KNOWN_CHALLENGES.join(', ')}`);
    }
    const offered = await this.offeredTo(typed);
    const chosen = offered.find((c) => c === preferred);
    if (chosen) return this.start(chosen, typed, params);
    return {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: this.sealChoice(typed),
      ChallengeParameters: {},
      AvailableChallenges: offered,
    };
  }

  /** RespondToAuthChallenge SELECT_CHALLENGE: ANSWER names the factor, with its password or SRP_A. */
  async select(sessionId: unknown, responses: Record<string, string>): Promise<AuthResponse> {
    const choice = this.openChoice(sessionId);
    const offered = await this.offeredTo(choice.u);
    const chosen = offered.find((c) => c === responses.ANSWER);
    if (!chosen) throw invalidParameter(`Invalid ANSWER for SELECT_CHALLENGE: must be one of ${offered.join(', ')}`);
    // ANSWER=WEB_AUTHN with a CREDENTIAL in the same step has no challenge to be signed against:
    // it gets the WEB_AUTHN challenge like an ANSWER alone.
    return this.start(chosen, choice.u, responses);
  }

  private async start(factor: FirstFactorChallenge, username: string, params: Record<string, string>): Promise<AuthResponse> {
    switch (factor) {
      case 'PASSWORD':
        if (!params.PASSWORD) throw invalidParameter('Missing required parameter PASSWORD');
        return this.auth.passwordAuth({ USERNAME: username, PASSWORD: params.PASSWORD });
      case 'PASSWORD_SRP':
        return this.auth.startSrp({ USERNAME: username, SRP_A: params.SRP_A ?? '' });
      case 'EMAIL_OTP':
      case 'SMS_OTP':
        return this.sendSignInCode(factor, username);
      case 'WEB_AUTHN':
        return this.startPasskey(username);
    }
  }

  // ---- passkeys ------------------------------------------------------------------------------

  private async startPasskey(typed: string): Promise<AuthResponse> {
    const username = normaliseUsername(typed);
    const user = await findUser(this.ctx.db, typed);
    if (!(await this.passkeyStarts.allow(username))) {
      await recordSecurityEvent(this.ctx.db, user?.sub ?? null, 'webauthn.sign_in', 'denied', 'rate-limit');
      throw Errors.limitExceeded();
    }
    const allow = user ? await this.passkeys.allowedCredentials(user.sub) : [];
    let session: string;
    let options: { challenge: string; json: string };
    if (user && allow.length > 0) {
      options = await this.passkeys.requestOptions(allow);
      session = await createSession(this.ctx.db, user.sub, PASSKEY_SESSION, { challenge: options.challenge });
    } else {
      options = await this.passkeys.requestOptions(this.decoyCredentials(username));
      session = this.decoySession();
    }
    return { ChallengeName: 'WEB_AUTHN', Session: session, ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: options.json } };
  }

  /** A stable, made-up credential for a username with no passkey, shaped like a real one. */
  private decoyCredentials(username: string): { id: string; transports: string[] }[] {
    return [{ id: this.ctx.sealer.digest('decoy-credential', username), transports: ['hybrid', 'internal'] }];
  }

  /** RespondToAuthChallenge WEB_AUTHN: CREDENTIAL is the assertion (AuthenticationResponseJSON). */
  async respondPasskey(sessionId: unknown, responses: Record<string, string>): Promise<AuthResponse> {
    const decoy = this.openDecoy(sessionId);
    if (decoy !== null) {
      if (decoy <= Date.now()) throw Errors.sessionExpired();
      const key = createHash('sha256').update(String(sessionId)).digest('base64url');
      if (!(await this.decoyFailures.allow(key))) throw Errors.sessionExpired();
      await recordSecurityEvent(this.ctx.db, null, 'webauthn.sign_in', 'denied', 'unknown-account');
      throw Errors.passkeyRefused();
    }
    const session = await readSession(this.ctx.db, sessionId, [PASSKEY_SESSION]).catch(async (error) => {
      const reason: SecurityReason = error?.message === Errors.sessionReused().message ? 'replay' : 'challenge';
      await recordSecurityEvent(this.ctx.db, null, 'webauthn.sign_in', 'denied', reason);
      throw error;
    });
    const credential = responses.CREDENTIAL;
    if (!credential) throw invalidParameter('Missing required parameter CREDENTIAL');
    const refused = await this.passkeys.verifyAssertion(session.sub, String(session.data.challenge ?? ''), credential);
    if (refused) {
      await recordSessionFailure(this.ctx.db, session);
      await recordSecurityEvent(this.ctx.db, session.sub, 'webauthn.sign_in', 'denied', refused);
      throw Errors.passkeyRefused();
    }
    await consumeSession(this.ctx.db, session);
    const user = await findUserBySub(this.ctx.db, session.sub);
    if (!user) throw Errors.sessionInvalid();
    if (!user.enabled) throw Errors.userDisabled();
    if (user.status === 'RESET_REQUIRED') throw Errors.passwordResetRequired();
    await recordSecurityEvent(this.ctx.db, user.sub, 'webauthn.sign_in', 'success');
    return { AuthenticationResult: await this.tokens.issue(user), ChallengeParameters: {} };
  }

  // ---- one-time codes ------------------------------------------------------------------------

  private async sendSignInCode(factor: CodeFactor, typed: string): Promise<AuthResponse> {
    const username = normaliseUsername(typed);
    if (!(await this.codeSends.allow(username))) throw Errors.limitExceeded();
    const user = await findUser(this.ctx.db, typed);
    const sms = factor === 'SMS_OTP';
    const address = user ? this.verifiedAddress(user, factor) : null;
    let session: string;
    let delivery: CodeDeliveryDetails;
    if (user && address) {
      const purpose = sms ? 'sign-in-sms' : 'sign-in-email';
      await this.ctx.db.transaction().execute(async (trx) => {
        const code = await issueCode(this.ctx, trx, user.sub, purpose, { digits: 8 });
        await sendCode(this.ctx, trx, { channel: sms ? 'sms' : 'email', address }, purpose, code);
      });
      session = await createSession(this.ctx.db, user.sub, firstFactorSession(factor));
      delivery = sms ? smsDelivery(address) : emailDelivery(address);
    } else {
      session = this.decoySession();
      delivery = this.decoyDelivery(factor, username);
    }
    return {
      ChallengeName: factor,
      Session: session,
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: delivery.DeliveryMedium, CODE_DELIVERY_DESTINATION: delivery.Destination },
    };
  }

  /** Where a code may go: a verified address of an account that can sign in, or none. */
  private verifiedAddress(user: UserRow, factor: CodeFactor): string | null {
    if (!user.enabled || user.status !== 'CONFIRMED') return null;
    const [attribute, verified] = factor === 'SMS_OTP' ? ['phone_number', 'phone_number_verified'] : ['email', 'email_verified'];
    const address = user.attributes[attribute];
    return address && user.attributes[verified] === 'true' ? address : null;
  }

  /** RespondToAuthChallenge EMAIL_OTP / SMS_OTP for a first-factor session (real or decoy). */
  async respondCode(factor: CodeFactor, sessionId: unknown, responses: Record<string, string>): Promise<AuthResponse> {
    const decoy = this.openDecoy(sessionId);
    if (decoy !== null) {
      if (decoy <= Date.now()) throw Errors.sessionExpired();
      const key = createHash('sha256').update(String(sessionId)).digest('base64url');
      if (!(await this.decoyFailures.allow(key))) throw Errors.sessionExpired();
      throw Errors.mfaCodeMismatch();
    }
    const session = await readSession(this.ctx.db, sessionId, [firstFactorSession(factor)]);
    const user = await findUserBySub(this.ctx.db, session.sub);
    if (!user) throw Errors.sessionInvalid();
    const code = responses[factor === 'EMAIL_OTP' ? 'EMAIL_OTP_CODE' : 'SMS_OTP_CODE'] ?? '';
    try {
      if (!/^\d{8}$/.test(code)) throw Errors.mfaCodeMismatch();
      await consumeCode(this.ctx, this.ctx.db, user.sub, factor === 'EMAIL_OTP' ? 'sign-in-email' : 'sign-in-sms', code, {
        mismatch: Errors.mfaCodeMismatch,
      }).catch((error) => {
        throw error?.name === 'ExpiredCodeException' ? Errors.sessionExpired() : error;
      });
    } catch (error) {
      await recordSessionFailure(this.ctx.db, session);
      throw error;
    }
    await consumeSession(this.ctx.db, session);
    // The account may have been disabled while the code was on its way.
    if (!user.enabled) throw Errors.userDisabled();
    return { AuthenticationResult: await this.tokens.issue(user), ChallengeParameters: {} };
  }

  // ---- sessions that need no row -------------------------------------------------------------

  /**
   * The SELECT_CHALLENGE session: the typed username sealed with its time, so the choice step
   * writes nothing and looks the same for every username. Answering it only starts a factor,
   * which InitiateAuth could start as well, so it is not single use; it lasts a session's time.
   */
  private sealChoice(typed: string): string {
    const choice: Choice = { u: normaliseUsername(typed), iat: Date.now() };
    return Buffer.from(this.ctx.sealer.seal(CHOICE_PURPOSE, JSON.stringify(choice)), 'base64url').toString('base64');
  }

  private openChoice(sessionId: unknown): Choice {
    if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > 4096) throw Errors.sessionInvalid();
    let choice: Choice;
    try {
      const raw = Buffer.from(sessionId, 'base64').toString('base64url');
      choice = JSON.parse(this.ctx.sealer.open(CHOICE_PURPOSE, raw).toString('utf8')) as Choice;
    } catch {
      throw Errors.sessionInvalid();
    }
    if (typeof choice?.u !== 'string' || typeof choice.iat !== 'number') throw Errors.sessionInvalid();
    if (Date.now() - choice.iat > SESSION_MS) throw Errors.sessionExpired();
    return choice;
  }

  /**
   * A decoy code session: 96 bytes like a real one (sessions.ts), made of its expiry, random
   * filler and a keyed digest of both, so it needs no row and cannot be forged.
   */
  private decoySession(): string {
    const head = Buffer.alloc(64);
    head.writeBigUInt64BE(BigInt(Date.now() + SESSION_MS), 0);
    randomBytes(56).copy(head, 8);
    return Buffer.concat([head, this.decoyMac(head)]).toString('base64');
  }

  /** The decoy's expiry (epoch ms), or null when the string is not a decoy session. */
  private openDecoy(sessionId: unknown): number | null {
    if (typeof sessionId !== 'string' || sessionId.length !== 128) return null;
    const raw = Buffer.from(sessionId, 'base64');
    if (raw.length !== 96) return null;
    const head = raw.subarray(0, 64);
    const mac = raw.subarray(64);
    if (!timingSafeEqual(mac, this.decoyMac(head))) return null;
    return Number(head.readBigUInt64BE(0));
  }

  private decoyMac(head: Buffer): Buffer {
    return Buffer.from(this.ctx.sealer.digest(DECOY_PURPOSE, head.toString('hex')), 'base64url');
  }

  /** A plausible, stable destination for a username that has no address for this factor. */
  private decoyDelivery(factor: CodeFactor, username: string): CodeDeliveryDetails {
    if (factor === 'EMAIL_OTP') {
      return { ...emailDelivery(''), Destination: maskEmail(EMAIL.test(username) ? username : `${username}@example.com`) };
    }
    const digits = Buffer.from(this.ctx.sealer.digest('decoy-phone', username), 'base64url').readUInt32BE(0) % 10_000;
    return { ...smsDelivery(''), Destination: maskPhone(`+91${'0'.repeat(6)}${String(digits).padStart(4, '0')}`) };
  }
}
