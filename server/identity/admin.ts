// The in-process IdentityAdmin of the built-in pool (Cognito Admin* semantics).
import { sql } from 'kysely';
import type { AttributeType, IdentityAdmin, IdentityUser } from './contracts.ts';
import { IdentityError } from './contracts.ts';
import type { Account } from './account.ts';
import { checkAttribute } from './attributes.ts';
import type { IdentityContext } from './context.ts';
import { issueCode } from './codes.ts';
import { sendCode, sendInvitation } from './delivery.ts';
import { Errors, invalidParameter } from './errors.ts';
import { assertAcceptablePassword, generateTemporaryPassword } from './passwords.ts';
import type { Tokens } from './tokens.ts';
import {
  deleteUser,
  emailTaken,
  findUser,
  insertUser,
  isUniqueViolation,
  normalise,
  normaliseUsername,
  passwordColumns,
  TEMPORARY_PASSWORD_DAYS,
  toIdentityUser,
  type UserRow,
  updateUser,
} from './users.ts';
import { userChanged } from './verified-tokens.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FILTERABLE: Record<string, 'username' | 'email' | 'sub' | 'status'> = {
  username: 'username',
  email: 'email',
  sub: 'sub',
  status: 'status',
  'cognito:user_status': 'status',
};

export class BuiltinAdmin implements IdentityAdmin {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly tokens: Tokens,
    private readonly account: Account,
  ) {}

  private async user(username: unknown): Promise<UserRow> {
    if (typeof username !== 'string' || username.length === 0 || username.length > 128) {
      throw invalidParameter("1 validation error detected: Value at 'username' failed to satisfy constraint: Member must not be null");
    }
    const user = await findUser(this.ctx.db, username);
    if (!user) throw Errors.userNotFound();
    return user;
  }

  private attributes(list: AttributeType[] | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const a of list ?? []) {
      if (!a || typeof a.Name !== 'string' || typeof a.Value !== 'string') throw invalidParameter('Attributes need Name and Value strings.');
      if (a.Name === 'sub') throw invalidParameter('Cannot modify an non-mutable attribute: sub');
      checkAttribute(a, 'admin');
      out[a.Name] = a.Name === 'email' ? a.Value.toLowerCase() : a.Value;
    }
    return out;
  }

  async adminCreateUser(input: Parameters<IdentityAdmin['adminCreateUser']>[0]): Promise<{ User: IdentityUser }> {
    const username = normaliseUsername(String(input?.Username ?? ''));
    if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
    const given = this.attributes(input.UserAttributes);
    const password =
      input.TemporaryPassword === undefined ? generateTemporaryPassword() : assertAcceptablePassword(input.TemporaryPassword, 'other', 'temporaryPassword');
    if (input.MessageAction !== undefined && input.MessageAction !== 'RESEND' && input.MessageAction !== 'SUPPRESS') {
      throw invalidParameter(
        "1 validation error detected: Value at 'messageAction' failed to satisfy constraint: Member must satisfy enum value set: [RESEND, SUPPRESS]",
      );
    }
    if (input.MessageAction === 'RESEND') {
      const existing = await this.user(username);
      if (existing.status !== 'FORCE_CHANGE_PASSWORD') {
        throw new IdentityError('UnsupportedUserStateException', 'Resend not possible. User is not in FORCE_CHANGE_PASSWORD state.');
      }
      const columns = await passwordColumns(this.ctx, existing.username, password);
      await this.ctx.db.transaction().execute(async (trx) => {
        await updateUser(trx, existing.sub, { ...columns, temp_password_expires_at: new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * 86_400_000) });
        await sendInvitation(this.ctx, trx, existing.attributes.email ?? existing.username, existing.username, password);
      });
      userChanged(existing.sub);
      return { User: toIdentityUser((await findUser(this.ctx.db, username))!) };
    }
    const attributes: Record<string, string> = { ...given, email: given.email ?? username };
    if (attributes.email !== username) throw invalidParameter('The email attribute must be the username.');
    // An invited address is treated as verified: the invitation reaches it, and password reset needs it.
    attributes.email_verified = given.email_verified ?? 'true';
    if (await findUser(this.ctx.db, username)) throw new IdentityError('UsernameExistsException', 'User account already exists');
    try {
      const user = await this.ctx.db.transaction().execute(async (trx) => {
        const created = await insertUser(this.ctx, trx, { username, attributes, status: 'FORCE_CHANGE_PASSWORD', password, temporary: true });
        if (input.MessageAction !== 'SUPPRESS') await sendInvitation(this.ctx, trx, attributes.email, username, password);
        return created;
      });
      return { User: toIdentityUser(user) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new IdentityError('UsernameExistsException', 'User account already exists');
      throw error;
    }
  }

  async adminGetUser(input: { Username: string }): Promise<IdentityUser> {
    return toIdentityUser(await this.user(input?.Username));
  }

  async adminUpdateUserAttributes(input: { Username: string; UserAttributes: AttributeType[] }): Promise<void> {
    const user = await this.user(input?.Username);
    const changes = this.attributes(input.UserAttributes);
    const attributes = { ...user.attributes, ...changes };
    if (changes.email && changes.email !== user.attributes.email && changes.email_verified === undefined) attributes.email_verified = 'false';
    if (changes.phone_number && changes.phone_number !== user.attributes.phone_number && changes.phone_number_verified === undefined) {
      attributes.phone_number_verified = 'false';
    }
    if (changes.email && changes.email !== user.attributes.email && (await emailTaken(this.ctx.db, changes.email, user.sub))) throw Errors.aliasExists();
    try {
      await updateUser(this.ctx.db, user.sub, { attributes });
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.aliasExists();
      throw error;
    }
  }

  async adminDeleteUser(input: { Username: string }): Promise<void> {
    const user = await this.user(input?.Username);
    await deleteUser(this.ctx.db, user.sub);
  }

  async adminDisableUser(input: { Username: string }): Promise<void> {
    const user = await this.user(input?.Username);
    await this.ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.sub, { enabled: false });
      await this.tokens.revokeUser(user.sub, trx);
    });
    userChanged(user.sub);
  }

  async adminEnableUser(input: { Username: string }): Promise<void> {
    const user = await this.user(input?.Username);
    await updateUser(this.ctx.db, user.sub, { enabled: true });
  }

  async adminResetUserPassword(input: { Username: string }): Promise<void> {
    const user = await this.user(input?.Username);
    if (!user.attributes.email || user.attributes.email_verified !== 'true') throw Errors.noVerifiedContact();
    await this.ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.sub, { status: 'RESET_REQUIRED' });
      await this.tokens.revokeUser(user.sub, trx);
      const code = await issueCode(this.ctx, trx, user.sub, 'forgot-password');
      await sendCode(this.ctx, trx, { channel: 'email', address: user.attributes.email }, 'forgot-password', code);
    });
    userChanged(user.sub);
  }

  async adminSetUserPassword(input: { Username: string; Password: string; Permanent: boolean }): Promise<void> {
    const user = await this.user(input?.Username);
    const password = assertAcceptablePassword(input.Password, 'other');
    if (input.Permanent) {
      await this.account.setPassword({ ...user, status: user.status === 'UNCONFIRMED' ? 'CONFIRMED' : user.status }, password);
      return;
    }
    const columns = await passwordColumns(this.ctx, user.username, password);
    await this.ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.sub, {
        ...columns,
        status: 'FORCE_CHANGE_PASSWORD',
        temp_password_expires_at: new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * 86_400_000),
      });
      await this.tokens.revokeUser(user.sub, trx);
    });
    userChanged(user.sub);
  }

  async adminUserGlobalSignOut(input: { Username: string }): Promise<void> {
    const user = await this.user(input?.Username);
    await this.tokens.revokeUser(user.sub);
  }

  /** Filter: `name = "value"` or `name ^= "prefix"` (Cognito's syntax), username order. */
  async listUsers(input: { Filter?: string; Limit?: number; PaginationToken?: string }): Promise<{ Users: IdentityUser[]; PaginationToken?: string }> {
    const limit = input?.Limit ?? 60;
    if (!Number.isInteger(limit) || limit < 1 || limit > 60) {
      throw invalidParameter("1 validation error detected: Value at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60");
    }
    let query = this.ctx.db
      .selectFrom('identity.users')
      .selectAll()
      .orderBy('username')
      .limit(limit + 1);
    if (input.Filter) {
      const m = /^\s*([\w:]+)\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(input.Filter);
      if (!m) throw invalidParameter('Invalid search filter.');
      const [, name, op, raw] = m;
      const value = raw.replace(/\\(.)/g, '$1');
      const column = FILTERABLE[name];
      if (column) {
        const v = column === 'username' || column === 'email' ? value.toLowerCase() : value;
        query = op === '=' ? query.where(column, '=', v) : query.where(column, 'like', `${v.replace(/[\\%_]/g, '\\$&')}%`);
      } else if (['phone_number', 'name', 'given_name', 'family_name', 'preferred_username'].includes(name)) {
        const expr = sql<string>`attributes->>${name}`;
        query = op === '=' ? query.where(expr, '=', value) : query.where(expr, 'like', `${value.replace(/[\\%_]/g, '\\$&')}%`);
      } else {
        throw invalidParameter(`Invalid search attribute: ${name.slice(0, 32)}`);
      }
    }
    if (input.PaginationToken) {
      let after: string;
      try {
        after = Buffer.from(input.PaginationToken, 'base64url').toString('utf8');
      } catch {
        throw invalidParameter('Invalid pagination token.');
      }
      query = query.where('username', '>', after);
    }
    const rows = (await query.execute()) as unknown as UserRow[];
    const page = rows.slice(0, limit);
    const users = page.map((r) => toIdentityUser(normalise(r as unknown as Record<string, unknown>)));
    return rows.length > limit ? { Users: users, PaginationToken: Buffer.from(page[page.length - 1].username).toString('base64url') } : { Users: users };
  }
}
