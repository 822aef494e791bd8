// One-time codes: 6 random digits (8 for EMAIL_OTP/SMS sign-in codes), stored as a keyed hash
// bound to the user and the purpose, expiring per Cognito's windows, single use, and refused
// after a few wrong guesses. A new code for the same purpose replaces the old one.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { IdentityContext } from './context.ts';
import { Errors } from './errors.ts';

export type CodePurpose = 'signup' | 'forgot-password' | 'verify-attribute' | 'mfa-sms' | 'mfa-email' | 'sign-in-email' | 'sign-in-sms';

export const CODE_WINDOWS_MS: Record<CodePurpose, number> = {
  signup: 24 * 3_600_000,
  'verify-attribute': 24 * 3_600_000,
  'forgot-password': 3_600_000,
  'mfa-sms': 3 * 60_000,
  'mfa-email': 3 * 60_000,
  // A first-factor code lasts as long as the sign-in session it belongs to.
  'sign-in-email': 3 * 60_000,
  'sign-in-sms': 3 * 60_000,
};

export const MAX_CODE_ATTEMPTS = 5;

function digest(ctx: IdentityContext, sub: string, purpose: CodePurpose, attribute: string | null, code: string): string {
  return ctx.sealer.digest('code', `${sub}\n${purpose}\n${attribute ?? ''}\n${code}`);
}

export async function issueCode(
  ctx: IdentityContext,
  db: Db,
  sub: string,
  purpose: CodePurpose,
  options: { attribute?: string; digits?: number } = {},
): Promise<string> {
  const digits = options.digits ?? 6;
  const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  await db.deleteFrom('identity.codes').where('sub', '=', sub).where('purpose', '=', purpose).execute();
  await db
    .insertInto('identity.codes')
    .values({
      sub,
      purpose,
      attribute: options.attribute ?? null,
      code_hash: digest(ctx, sub, purpose, options.attribute ?? null, code),
      expires_at: new Date(Date.now() + CODE_WINDOWS_MS[purpose]),
    })
    .execute();
  return code;
}

/**
 * Spends the user's code for `purpose`. Throws ExpiredCodeException when there is none or it has
 * expired, LimitExceededException after too many wrong guesses, `mismatch()` for a wrong code.
 */
export async function consumeCode(
  ctx: IdentityContext,
  db: Db,
  sub: string,
  purpose: CodePurpose,
  code: string,
  options: { attribute?: string; mismatch?: () => Error } = {},
): Promise<void> {
  const mismatch = options.mismatch ?? Errors.codeMismatch;
  const row = await db
    .selectFrom('identity.codes')
    .selectAll()
    .where('sub', '=', sub)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) throw Errors.codeExpired();
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw Errors.limitExceeded();
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(digest(ctx, sub, purpose, options.attribute ?? row.attribute ?? null, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await db
      .updateTable('identity.codes')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    throw mismatch();
  }
  const spent = await db
    .updateTable('identity.codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw Errors.codeExpired();
}
