// Password policy (the shared rules in machines/rules/password-policy.ts, enforced here with
// Cognito's messages), argon2id hashing and generated temporary passwords.
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { passwordPolicy } from '../../machines/rules/password-policy.ts';
import { IdentityError } from './contracts.ts';

export const MAX_PASSWORD_LENGTH = 256;

/** The first rule the password breaks, in Cognito's words, or null. */
export function policyViolation(password: string): string | null {
  if (password.length < passwordPolicy.minLength) return 'Password not long enough';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (![...password].some((c) => passwordPolicy.specialCharacters.includes(c))) return 'Password must have symbol characters';
  return null;
}

/**
 * Throws Cognito's errors for a new password. SignUp says "did not conform with", the other
 * actions "does not conform to" (identity-reference §4.2).
 */
export function assertAcceptablePassword(password: unknown, style: 'signUp' | 'other', field = 'password'): string {
  if (typeof password !== 'string' || password.length === 0) {
    throw new IdentityError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must not be null`,
    );
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new IdentityError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must have length less than or equal to ${MAX_PASSWORD_LENGTH}`,
    );
  }
  if (/^\s|\s$/.test(password)) {
    throw new IdentityError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`,
    );
  }
  const reason = policyViolation(password);
  if (reason) {
    throw new IdentityError(
      'InvalidPasswordException',
      style === 'signUp' ? `Password did not conform with policy: ${reason}` : `Password does not conform to policy: ${reason}`,
    );
  }
  return password;
}

// OWASP's argon2id baseline (19 MiB, 2 passes): about 15 ms to verify on the target machine.
// algorithm 2 = Argon2id (the package's const enum, spelled out for isolatedModules).
// The test suites create thousands of passwords: PASSWORD_HASH_COST=test (set only by the vitest
// configs) makes each hash cheap; a production server refuses to start with it. A hash records
// its own parameters, so either kind verifies under either setting.
const TEST_COST = process.env.PASSWORD_HASH_COST === 'test';
if (TEST_COST && process.env.NODE_ENV === 'production') throw new Error('PASSWORD_HASH_COST=test is for the test suites only; a production server refuses it');
const ARGON2 = TEST_COST
  ? ({ algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const)
  : ({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) {
    // Spend the same time as a real check so absence does not show in response times.
    await hash(password, ARGON2);
    return false;
  }
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A random password that satisfies the policy (used when an admin gives none). */
export function generateTemporaryPassword(): string {
  const groups = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#%+-=?@'];
  const chars = groups.map((g) => g[randomInt(g.length)]);
  const all = groups.join('');
  while (chars.length < 14) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
