// Second factors: TOTP (RFC 6238 through otpauth, secrets sealed at rest, each code usable once),
// SMS and email codes through the mail transport. IDENTITY_MFA=OFF (default) never asks for a
// second factor; OPTIONAL asks users who enabled one; ON also makes users without one set up TOTP
// during sign-in (MFA_SETUP).
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { IdentityContext } from './context.ts';
import { consumeCode, issueCode } from './codes.ts';
import { emailDelivery, sendCode, smsDelivery } from './delivery.ts';
import { Errors, invalidParameter } from './errors.ts';
import { consumeSession, createSession, readSession, recordSessionFailure } from './sessions.ts';
import type { AuthResponse, Tokens } from './tokens.ts';
import { findUserBySub, type UserRow, updateUser } from './users.ts';

type MfaName = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';

const TOTP_PERIOD = 30;

function totp(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD });
}

export interface MfaSettings {
  PreferredMfaSetting?: string;
  UserMFASettingList?: string[];
}

export class Mfa {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly tokens: Tokens,
  ) {}

  enabledMethods(user: UserRow): MfaName[] {
    const out: MfaName[] = [];
    if (user.mfa_sms && user.attributes.phone_number) out.push('SMS_MFA');
    if (user.mfa_totp && user.totp_sealed) out.push('SOFTWARE_TOKEN_MFA');
    if (user.mfa_email && user.attributes.email) out.push('EMAIL_OTP');
    return out;
  }

  settings(user: UserRow): MfaSettings {
    const list = this.enabledMethods(user);
    if (list.length === 0) return {};
    const preferred = user.mfa_preferred && list.includes(user.mfa_preferred as MfaName) ? user.mfa_preferred : undefined;
    return { UserMFASettingList: list, ...(preferred ? { PreferredMfaSetting: preferred } : {}) };
  }

  /** Whether this user's sign-in goes through a second-factor step (challengeFor is not null). */
  asksForSecondFactor(user: UserRow): boolean {
    const mfa = this.ctx.settings.mfa;
    return mfa === 'ON' || (mfa === 'OPTIONAL' && this.enabledMethods(user).length > 0);
  }

  /** The second-factor challenge this sign-in needs, or null for none. */
  async challengeFor(user: UserRow): Promise<AuthResponse | null> {
    if (!this.asksForSecondFactor(user)) return null;
    const methods = this.enabledMethods(user);
    if (methods.length === 0) {
      return {
        ChallengeName: 'MFA_SETUP',
        Session: await createSession(this.ctx.db, user.sub, 'MFA_SETUP'),
        ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.username },
      };
    }
    const preferred = user.mfa_preferred as MfaName | null;
    if (preferred && methods.includes(preferred)) return this.challenge(user, preferred);
    if (methods.length === 1) return this.challenge(user, methods[0]);
    return {
      ChallengeName: 'SELECT_MFA_TYPE',
      Session: await createSession(this.ctx.db, user.sub, 'SELECT_MFA_TYPE'),
      ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(methods), USER_ID_FOR_SRP: user.username },
    };
  }

  private async challenge(user: UserRow, name: MfaName): Promise<AuthResponse> {
    const params: Record<string, string> = { USER_ID_FOR_SRP: user.username };
    if (name === 'SMS_MFA' || name === 'EMAIL_OTP') {
      const sms = name === 'SMS_MFA';
      const purpose = sms ? 'mfa-sms' : 'mfa-email';
      const address = sms ? user.attributes.phone_number : user.attributes.email;
      await this.ctx.db.transaction().execute(async (trx) => {
        const code = await issueCode(this.ctx, trx, user.sub, purpose);
        await sendCode(this.ctx, trx, { channel: sms ? 'sms' : 'email', address }, purpose, code);
      });
      const details = sms ? smsDelivery(address) : emailDelivery(address);
      params.CODE_DELIVERY_DELIVERY_MEDIUM = details.DeliveryMedium;
      params.CODE_DELIVERY_DESTINATION = details.Destination;
    }
    return { ChallengeName: name, Session: await createSession(this.ctx.db, user.sub, name), ChallengeParameters: params };
  }

  async respond(name: string, sessionId: unknown, responses: Record<string, string>): Promise<AuthResponse> {
    const session = await readSession(this.ctx.db, sessionId, [name]);
    const user = await findUserBySub(this.ctx.db, session.sub);
    if (!user) throw Errors.sessionInvalid();
    if (name === 'SELECT_MFA_TYPE') {
      const answer = responses.ANSWER as MfaName;
      if (!this.enabledMethods(user).includes(answer)) throw invalidParameter('Invalid ANSWER for SELECT_MFA_TYPE');
      await consumeSession(this.ctx.db, session);
      return this.challenge(user, answer);
    }
    if (name === 'MFA_SETUP') {
      if (session.data.verified !== true) throw invalidParameter('Software token has not been verified for this session');
      await consumeSession(this.ctx.db, session);
      return { AuthenticationResult: await this.tokens.issue(user), ChallengeParameters: {} };
    }
    try {
      if (name === 'SOFTWARE_TOKEN_MFA') {
        await this.checkTotp(user, responses.SOFTWARE_TOKEN_MFA_CODE, Errors.totpCodeMismatch);
      } else {
        const field = name === 'SMS_MFA' ? 'SMS_MFA_CODE' : 'EMAIL_OTP_CODE';
        const code = responses[field] ?? '';
        if (!/^\d{6,8}$/.test(code)) throw Errors.mfaCodeMismatch();
        await consumeCode(this.ctx, this.ctx.db, user.sub, name === 'SMS_MFA' ? 'mfa-sms' : 'mfa-email', code, {
          mismatch: Errors.mfaCodeMismatch,
        }).catch((error) => {
          throw error?.name === 'ExpiredCodeException' ? Errors.sessionExpired() : error;
        });
      }
    } catch (error) {
      await recordSessionFailure(this.ctx.db, session);
      throw error;
    }
    await consumeSession(this.ctx.db, session);
    return { AuthenticationResult: await this.tokens.issue(user), ChallengeParameters: {} };
  }

  /** Checks a TOTP code (±1 step) and spends its time step so it cannot be used again. */
  private async checkTotp(user: UserRow, code: string | undefined, mismatch: () => Error, secretSealed = user.totp_sealed): Promise<number> {
    if (!secretSealed || typeof code !== 'string' || !/^\d{6}$/.test(code)) throw mismatch();
    const secret = this.ctx.sealer.open('totp', secretSealed).toString('utf8');
    const now = Date.now();
    const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) throw mismatch();
    const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
    if (user.totp_last_step !== null && step <= user.totp_last_step) throw Errors.totpReused();
    await updateUser(this.ctx.db, user.sub, { totp_last_step: step });
    return step;
  }

  /** AssociateSoftwareToken for a signed-in user (access token) or during MFA_SETUP (session). */
  async associate(user: UserRow | null, sessionId: unknown): Promise<{ SecretCode: string; Session?: string }> {
    let target = user;
    let nextSession: string | undefined;
    if (!target) {
      const session = await readSession(this.ctx.db, sessionId, ['MFA_SETUP']);
      target = await findUserBySub(this.ctx.db, session.sub);
      if (!target) throw Errors.sessionInvalid();
      await consumeSession(this.ctx.db, session);
      nextSession = await createSession(this.ctx.db, target.sub, 'MFA_SETUP');
    }
    const secret = new OTPAuth.Secret({ buffer: randomBytes(20).buffer as ArrayBuffer }).base32;
    await updateUser(this.ctx.db, target.sub, { totp_pending_sealed: this.ctx.sealer.seal('totp', secret) });
    return { SecretCode: secret, ...(nextSession ? { Session: nextSession } : {}) };
  }

  async verifySoftwareToken(user: UserRow | null, sessionId: unknown, code: string): Promise<{ Status: 'SUCCESS'; Session?: string }> {
    let target = user;
    let session = null;
    if (!target) {
      session = await readSession(this.ctx.db, sessionId, ['MFA_SETUP']);
      target = await findUserBySub(this.ctx.db, session.sub);
      if (!target) throw Errors.sessionInvalid();
    }
    if (!target.totp_pending_sealed) throw Errors.totpEnableMismatch();
    const step = await this.checkTotp({ ...target, totp_last_step: null }, code, Errors.totpEnableMismatch, target.totp_pending_sealed);
    await updateUser(this.ctx.db, target.sub, {
      totp_sealed: target.totp_pending_sealed,
      totp_pending_sealed: null,
      totp_last_step: step,
      mfa_totp: true,
    });
    if (!session) return { Status: 'SUCCESS' };
    await consumeSession(this.ctx.db, session);
    return { Status: 'SUCCESS', Session: await createSession(this.ctx.db, target.sub, 'MFA_SETUP', { verified: true }) };
  }

  async setPreference(user: UserRow, body: Record<string, unknown>): Promise<void> {
    const values: Record<string, unknown> = {};
    let preferred = user.mfa_preferred;
    const apply = (key: string, column: 'mfa_sms' | 'mfa_totp' | 'mfa_email', name: MfaName, available: boolean, notAvailable: () => Error) => {
      const s = body[key] as { Enabled?: unknown; PreferredMfa?: unknown } | undefined;
      if (s === undefined || s === null) return;
      if (typeof s !== 'object') throw invalidParameter(`${key} must be an object`);
      const enabled = s.Enabled === true;
      if (enabled && !available) throw notAvailable();
      values[column] = enabled;
      if (enabled && s.PreferredMfa === true) preferred = name;
      else if (preferred === name && (!enabled || s.PreferredMfa === false)) preferred = null;
    };
    apply('SMSMfaSettings', 'mfa_sms', 'SMS_MFA', Boolean(user.attributes.phone_number), () =>
      invalidParameter('User does not have delivery config set to turn on SMS_MFA'),
    );
    apply('SoftwareTokenMfaSettings', 'mfa_totp', 'SOFTWARE_TOKEN_MFA', Boolean(user.totp_sealed), Errors.totpNotSetUp);
    apply('EmailMfaSettings', 'mfa_email', 'EMAIL_OTP', Boolean(user.attributes.email), () =>
      invalidParameter('User does not have delivery config set to turn on EMAIL_OTP'),
    );
    await updateUser(this.ctx.db, user.sub, { ...values, mfa_preferred: preferred });
  }
}
