// The user store: one row per account, Cognito attributes as a JSON object of strings.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AttributeType, IdentityUser, UserStatus } from './contracts.ts';
import type { IdentityContext } from './context.ts';
import { hashPassword } from './passwords.ts';
import { createVerifier, type SrpVerifier } from './srp.ts';
import { userChanged } from './verified-tokens.ts';

export interface UserRow {
  sub: string;
  username: string;
  email: string | null;
  status: UserStatus;
  enabled: boolean;
  attributes: Record<string, string>;
  password_hash: string | null;
  srp_sealed: string | null;
  temp_password_expires_at: Date | null;
  failed_attempts: number;
  lockout_until: Date | null;
  last_attempt_at: Date | null;
  totp_sealed: string | null;
  totp_pending_sealed: string | null;
  totp_last_step: number | null;
  mfa_totp: boolean;
  mfa_sms: boolean;
  mfa_email: boolean;
  mfa_preferred: string | null;
  created_at: Date;
  updated_at: Date;
}

export const TEMPORARY_PASSWORD_DAYS = 7;

const dateCols = ['temp_password_expires_at', 'lockout_until', 'last_attempt_at', 'created_at', 'updated_at'] as const;

export function normalise(row: Record<string, unknown>): UserRow {
  const out = { ...row } as Record<string, unknown>;
  for (const c of dateCols) if (out[c] != null) out[c] = new Date(out[c] as string);
  if (typeof out.attributes === 'string') out.attributes = JSON.parse(out.attributes);
  if (out.totp_last_step != null) out.totp_last_step = Number(out.totp_last_step);
  return out as unknown as UserRow;
}

export function normaliseUsername(value: string): string {
  return value.trim().toLowerCase();
}

/** By username or by email, case-insensitively. */
export async function findUser(db: Db, usernameOrEmail: string): Promise<UserRow | null> {
  const key = normaliseUsername(usernameOrEmail);
  const rows = await db
    .selectFrom('identity.users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', key), eb('email', '=', key)]))
    .execute();
  const row = rows.find((r) => r.username === key) ?? rows[0];
  return row ? normalise(row) : null;
}

export async function findUserBySub(db: Db, sub: string): Promise<UserRow | null> {
  const row = await db.selectFrom('identity.users').selectAll().where('sub', '=', sub).executeTakeFirst();
  return row ? normalise(row) : null;
}

export async function lockUserRow(db: Db, sub: string): Promise<UserRow | null> {
  const row = await db.selectFrom('identity.users').selectAll().where('sub', '=', sub).forUpdate().executeTakeFirst();
  return row ? normalise(row) : null;
}

export function sealVerifier(ctx: IdentityContext, verifier: SrpVerifier): string {
  return ctx.sealer.seal('srp-verifier', JSON.stringify(verifier));
}

export function openVerifier(ctx: IdentityContext, sealed: string): SrpVerifier {
  return JSON.parse(ctx.sealer.open('srp-verifier', sealed).toString('utf8')) as SrpVerifier;
}

/** The argon2id hash and sealed SRP verifier for a new password. */
export async function passwordColumns(ctx: IdentityContext, username: string, password: string) {
  return {
    password_hash: await hashPassword(password),
    srp_sealed: sealVerifier(ctx, createVerifier(ctx.poolName, username, password)),
  };
}

export async function insertUser(
  ctx: IdentityContext,
  db: Db,
  input: {
    username: string;
    attributes: Record<string, string>;
    status: UserStatus;
    password: string | null;
    temporary: boolean;
  },
): Promise<UserRow> {
  const sub = randomUUID();
  const pw = input.password ? await passwordColumns(ctx, input.username, input.password) : { password_hash: null, srp_sealed: null };
  const email = input.attributes.email ? input.attributes.email.toLowerCase() : null;
  const row = await db
    .insertInto('identity.users')
    .values({
      sub,
      username: input.username,
      email,
      status: input.status,
      attributes: sql`${JSON.stringify(input.attributes)}::jsonb`,
      ...pw,
      temp_password_expires_at: input.temporary ? new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * 86_400_000) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return normalise(row);
}

export async function updateUser(db: Db, sub: string, values: Record<string, unknown>): Promise<void> {
  const set: Record<string, unknown> = { ...values, updated_at: sql`now()` };
  if (values.attributes) {
    set.attributes = sql`${JSON.stringify(values.attributes)}::jsonb`;
    const email = (values.attributes as Record<string, string>).email;
    set.email = email ? email.toLowerCase() : null;
  }
  await db.updateTable('identity.users').set(set).where('sub', '=', sub).execute();
  userChanged(sub);
}

export async function deleteUser(db: Db, sub: string): Promise<void> {
  await db.deleteFrom('identity.users').where('sub', '=', sub).execute();
  userChanged(sub);
}

export function attributeList(user: UserRow): AttributeType[] {
  const list: AttributeType[] = [{ Name: 'sub', Value: user.sub }];
  for (const [Name, Value] of Object.entries(user.attributes)) list.push({ Name, Value });
  return list;
}

export function toIdentityUser(user: UserRow): IdentityUser {
  return {
    Username: user.username,
    Attributes: attributeList(user),
    UserStatus: user.status,
    Enabled: user.enabled,
    UserCreateDate: user.created_at,
    UserLastModifiedDate: user.updated_at,
  };
}

/** True for a unique-constraint violation (PostgreSQL 23505) on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/** True when another account already answers to `email` (as its username or its email). */
export async function emailTaken(db: Db, email: string, exceptSub: string): Promise<boolean> {
  const key = normaliseUsername(email);
  const row = await db
    .selectFrom('identity.users')
    .select('sub')
    .where((eb) => eb.or([eb('username', '=', key), eb('email', '=', key)]))
    .where('sub', '!=', exceptSub)
    .executeTakeFirst();
  return Boolean(row);
}
