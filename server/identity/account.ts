// The user actions besides sign-in: self sign-up and its confirmation, password reset, the
// signed-in user's own account (attributes, verification, password, MFA, sign-out, deletion).
import { IdentityError } from './contracts.ts';
import { checkAttribute } from './attributes.ts';
import type { IdentityContext } from './context.ts';
import { consumeCode, issueCode } from './codes.ts';
import { type CodeDeliveryDetails, emailDelivery, maskEmail, sendCode, smsDelivery } from './delivery.ts';
import { Errors, invalidParameter } from './errors.ts';
import { attributeArray, type Body, optionalString, requiredString, stringArray } from './input.ts';
import type { Mfa } from './mfa.ts';
import { assertAcceptablePassword, verifyPassword } from './passwords.ts';
import { RateLimiter } from './rate-limit.ts';
import { accessErrorToIdentity, type Tokens } from './tokens.ts';
import {
  attributeList,
  deleteUser,
  emailTaken,
  findUser,
  findUserBySub,
  insertUser,
  isUniqueViolation,
  normaliseUsername,
  passwordColumns,
  type UserRow,
  updateUser,
} from './users.ts';
import { userChanged } from './verified-tokens.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Codes one user may be sent per hour (Cognito allows "between 5 and 20"). */
export const CODES_PER_USER_PER_HOUR = 10;

export class Account {
  private readonly codeSends: RateLimiter;

  constructor(
    private readonly ctx: IdentityContext,
    private readonly tokens: Tokens,
    private readonly mfa: Mfa,
    private readonly recordFailure: (user: UserRow) => Promise<void>,
  ) {
    this.codeSends = new RateLimiter(ctx.db, 'codes-per-user', CODES_PER_USER_PER_HOUR, 3_600_000);
  }

  private checkClient(body: Body): void {
    const clientId = requiredString(body, 'ClientId', 128);
    if (clientId !== this.ctx.clientId) {
      throw new IdentityError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    }
  }

  /** The user behind a live access token. */
  private async signedIn(body: Body): Promise<{ user: UserRow; originJti: string }> {
    const token = requiredString(body, 'AccessToken', 8192);
    const { claims, user } = await this.tokens.verifyWithUser(token).catch((error) => {
      throw accessErrorToIdentity(error);
    });
    return { user, originJti: claims.origin_jti };
  }

  /** A plausible delivery for a username that has no account (PreventUserExistenceErrors). */
  private simulatedDelivery(typed: string): CodeDeliveryDetails {
    return { Destination: maskEmail(EMAIL.test(typed) ? normaliseUsername(typed) : `${typed}@example.com`), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  private async limitCodes(user: UserRow): Promise<void> {
    if (!(await this.codeSends.allow(user.sub))) throw Errors.limitExceeded();
  }

  private async sendEmailCode(user: UserRow, purpose: 'signup' | 'forgot-password'): Promise<CodeDeliveryDetails> {
    await this.limitCodes(user);
    const email = user.attributes.email;
    await this.ctx.db.transaction().execute(async (trx) => {
      const code = await issueCode(this.ctx, trx, user.sub, purpose);
      await sendCode(this.ctx, trx, { channel: 'email', address: email }, purpose, code);
    });
    return emailDelivery(email);
  }

  // ---- sign-up -----------------------------------------------------------------------------

  async signUp(body: Body): Promise<Record<string, unknown>> {
    this.checkClient(body);
    if (!this.ctx.allowSelfSignUp) throw Errors.signUpNotPermitted();
    const username = normaliseUsername(requiredString(body, 'Username', 128));
    const password = assertAcceptablePassword(body.Password, 'signUp');
    const attributes: Record<string, string> = {};
    for (const a of attributeArray(body, 'UserAttributes')) {
      checkAttribute(a, 'user');
      attributes[a.Name] = a.Value;
    }
    if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
    attributes.email = (attributes.email ?? username).toLowerCase();
    if (attributes.email !== username) throw invalidParameter('Username should be an email.');
    attributes.email_verified = 'false';
    if (await findUser(this.ctx.db, username)) throw Errors.usernameExists();
    let user: UserRow;
    try {
      user = await insertUser(this.ctx, this.ctx.db, { username, attributes, status: 'UNCONFIRMED', password, temporary: false });
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.usernameExists();
      throw error;
    }
    const details = await this.sendEmailCode(user, 'signup');
    return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: details };
  }

  async confirmSignUp(body: Body): Promise<Record<string, unknown>> {
    this.checkClient(body);
    const username = requiredString(body, 'Username', 128);
    const code = requiredString(body, 'ConfirmationCode', 2048);
    const user = await findUser(this.ctx.db, username);
    if (!user) throw Errors.codeMismatch();
    if (user.status !== 'UNCONFIRMED') {
      throw new IdentityError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`);
    }
    await consumeCode(this.ctx, this.ctx.db, user.sub, 'signup', code);
    await updateUser(this.ctx.db, user.sub, { status: 'CONFIRMED', attributes: { ...user.attributes, email_verified: 'true' } });
    return {};
  }

  async resendConfirmationCode(body: Body): Promise<Record<string, unknown>> {
    this.checkClient(body);
    const username = requiredString(body, 'Username', 128);
    const user = await findUser(this.ctx.db, username);
    // PreventUserExistenceErrors: an account that needs no code (confirmed, or created by staff)
    // gets the same plausible delivery as an address with no account, and nothing is sent, so
    // this action cannot tell which addresses are the clinic's clients.
    if (!user || user.status !== 'UNCONFIRMED') return { CodeDeliveryDetails: this.simulatedDelivery(username) };
    return { CodeDeliveryDetails: await this.sendEmailCode(user, 'signup') };
  }

  // ---- password reset ----------------------------------------------------------------------

  async forgotPassword(body: Body): Promise<Record<string, unknown>> {
    this.checkClient(body);
    const username = requiredString(body, 'Username', 128);
    const user = await findUser(this.ctx.db, username);
    if (!user) return { CodeDeliveryDetails: this.simulatedDelivery(username) };
    if (!user.attributes.email || user.attributes.email_verified !== 'true') throw Errors.noVerifiedContact();
    return { CodeDeliveryDetails: await this.sendEmailCode(user, 'forgot-password') };
  }

  async confirmForgotPassword(body: Body): Promise<Record<string, unknown>> {
    this.checkClient(body);
    const username = requiredString(body, 'Username', 128);
    const code = requiredString(body, 'ConfirmationCode', 2048);
    const password = assertAcceptablePassword(body.Password, 'other');
    const user = await findUser(this.ctx.db, username);
    if (!user) throw Errors.codeMismatch();
    await consumeCode(this.ctx, this.ctx.db, user.sub, 'forgot-password', code);
    await this.setPassword(user, password);
    return {};
  }

  /** A new permanent password: confirmed, unlocked, every session revoked. */
  async setPassword(user: UserRow, password: string): Promise<void> {
    const columns = await passwordColumns(this.ctx, user.username, password);
    await this.ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.sub, {
        ...columns,
        status: user.status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED',
        temp_password_expires_at: null,
        failed_attempts: 0,
        lockout_until: null,
      });
      await this.tokens.revokeUser(user.sub, trx);
    });
    userChanged(user.sub);
  }

  // ---- the signed-in user ------------------------------------------------------------------

  async getUser(body: Body): Promise<Record<string, unknown>> {
    const token = requiredString(body, 'AccessToken', 8192);
    const { user } = await this.tokens.verifyRecent(token).catch((error) => {
      throw accessErrorToIdentity(error);
    });
    return { Username: user.username, UserAttributes: attributeList(user), ...this.mfa.settings(user) };
  }

  async updateUserAttributes(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    const changes = attributeArray(body, 'UserAttributes', true);
    const attributes = { ...user.attributes };
    const toVerify: string[] = [];
    for (const a of changes) {
      checkAttribute(a, 'user');
      if (a.Name === 'email') a.Value = a.Value.toLowerCase();
      if (attributes[a.Name] === a.Value) continue;
      attributes[a.Name] = a.Value;
      if (a.Name === 'email' || a.Name === 'phone_number') {
        attributes[`${a.Name}_verified`] = 'false';
        toVerify.push(a.Name);
      }
    }
    if (attributes.email !== user.attributes.email && (await emailTaken(this.ctx.db, attributes.email, user.sub))) throw Errors.aliasExists();
    try {
      await updateUser(this.ctx.db, user.sub, { attributes });
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.aliasExists();
      throw error;
    }
    const updated = (await findUserBySub(this.ctx.db, user.sub))!;
    const list: CodeDeliveryDetails[] = [];
    for (const name of toVerify) list.push(await this.sendAttributeCode(updated, name));
    return { CodeDeliveryDetailsList: list };
  }

  private async sendAttributeCode(user: UserRow, name: string): Promise<CodeDeliveryDetails> {
    const address = user.attributes[name];
    if ((name !== 'email' && name !== 'phone_number') || !address) {
      throw invalidParameter(`Invalid attribute name: ${name.slice(0, 32)}`);
    }
    await this.limitCodes(user);
    const channel = name === 'email' ? 'email' : 'sms';
    await this.ctx.db.transaction().execute(async (trx) => {
      const code = await issueCode(this.ctx, trx, user.sub, 'verify-attribute', { attribute: name });
      await sendCode(this.ctx, trx, { channel, address }, 'verify-attribute', code);
    });
    return channel === 'email' ? emailDelivery(address) : smsDelivery(address);
  }

  async deleteUserAttributes(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    const names = stringArray(body, 'UserAttributeNames');
    const attributes = { ...user.attributes };
    for (const name of names) {
      checkAttribute({ Name: name, Value: name === 'email' ? 'a@b.co' : name === 'phone_number' ? '+10000' : '' }, 'user');
      if (name === 'email') throw invalidParameter('email is required and cannot be deleted.');
      delete attributes[name];
      if (name === 'phone_number') delete attributes.phone_number_verified;
    }
    await updateUser(this.ctx.db, user.sub, { attributes });
    return {};
  }

  async getUserAttributeVerificationCode(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    const name = requiredString(body, 'AttributeName', 32);
    return { CodeDeliveryDetails: await this.sendAttributeCode(user, name) };
  }

  async verifyUserAttribute(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    const name = requiredString(body, 'AttributeName', 32);
    const code = requiredString(body, 'Code', 2048);
    if (name !== 'email' && name !== 'phone_number') throw invalidParameter(`Invalid attribute name: ${name}`);
    await consumeCode(this.ctx, this.ctx.db, user.sub, 'verify-attribute', code, { attribute: name });
    await updateUser(this.ctx.db, user.sub, { attributes: { ...user.attributes, [`${name}_verified`]: 'true' } });
    return {};
  }

  async changePassword(body: Body): Promise<Record<string, unknown>> {
    const { user, originJti } = await this.signedIn(body);
    const previous = requiredString(body, 'PreviousPassword', 256);
    const proposed = assertAcceptablePassword(body.ProposedPassword, 'other', 'proposedPassword');
    if (user.lockout_until && user.lockout_until.getTime() > Date.now()) throw Errors.passwordAttemptsExceeded();
    if (!(await verifyPassword(user.password_hash, previous))) {
      await this.recordFailure(user);
      throw Errors.incorrectCredentials();
    }
    const columns = await passwordColumns(this.ctx, user.username, proposed);
    await this.ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.sub, columns);
      // Every other session ends; the one that changed the password stays signed in.
      await trx
        .updateTable('identity.token_families')
        .set({ revoked_at: new Date() })
        .where('sub', '=', user.sub)
        .where('origin_jti', '!=', originJti)
        .where('revoked_at', 'is', null)
        .execute();
    });
    userChanged(user.sub);
    return {};
  }

  async globalSignOut(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    await this.tokens.revokeUser(user.sub);
    return {};
  }

  async revokeToken(body: Body): Promise<Record<string, unknown>> {
    this.checkClient(body);
    const token = requiredString(body, 'Token', 4096);
    await this.tokens.revokeRefreshToken(token, this.ctx.clientId);
    return {};
  }

  async deleteUser(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    await deleteUser(this.ctx.db, user.sub);
    return {};
  }

  // ---- MFA ---------------------------------------------------------------------------------

  async associateSoftwareToken(body: Body): Promise<Record<string, unknown>> {
    if (body.AccessToken !== undefined) return this.mfa.associate((await this.signedIn(body)).user, undefined);
    return this.mfa.associate(null, body.Session);
  }

  async verifySoftwareToken(body: Body): Promise<Record<string, unknown>> {
    const code = requiredString(body, 'UserCode', 6);
    optionalString(body, 'FriendlyDeviceName', 256);
    if (body.AccessToken !== undefined) return this.mfa.verifySoftwareToken((await this.signedIn(body)).user, undefined, code);
    return this.mfa.verifySoftwareToken(null, body.Session, code);
  }

  async setUserMFAPreference(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    await this.mfa.setPreference(user, body);
    return {};
  }
}
