// Identity settings beyond server/config.ts, read from the same environment (docs/identity.md).
import { ConfigError } from '../config.ts';

export type MfaConfiguration = 'OFF' | 'OPTIONAL' | 'ON';

/** First factors of choice-based sign-in (USER_AUTH), Cognito's AllowedFirstAuthFactors. */
export type SignInFactor = 'PASSWORD' | 'EMAIL_OTP' | 'SMS_OTP' | 'WEB_AUTHN';
export const SIGN_IN_FACTORS: readonly SignInFactor[] = ['PASSWORD', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN'];
/**
 * One-time codes are a single factor, so a pool that requires MFA cannot offer them first. A
 * passkey is not among them: user verification is required (server/identity/webauthn.ts), so it
 * is something held and something known or been, Cognito's MULTI_FACTOR_WITH_USER_VERIFICATION.
 */
const SINGLE_FACTOR_CODES: readonly SignInFactor[] = ['EMAIL_OTP', 'SMS_OTP'];

export interface IdentitySettings {
  mfa: MfaConfiguration;
  accessTokenMinutes: number;
  idTokenMinutes: number;
  refreshTokenDays: number;
  keyRotationDays: number;
  /** Requests per minute per client IP for each of InitiateAuth, SignUp, ForgotPassword, ResendConfirmationCode. */
  rateLimitPerMinute: number;
  /** First factors USER_AUTH offers; PASSWORD covers both PASSWORD and PASSWORD_SRP. */
  signInFactors: SignInFactor[];
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function loadIdentitySettings(env: NodeJS.ProcessEnv): IdentitySettings {
  const mfa = (env.IDENTITY_MFA || 'OFF').toUpperCase();
  if (mfa !== 'OFF' && mfa !== 'OPTIONAL' && mfa !== 'ON') {
    throw new ConfigError(`IDENTITY_MFA must be OFF, OPTIONAL or ON, got "${env.IDENTITY_MFA}"`);
  }
  return {
    mfa,
    signInFactors: signInFactors(env, mfa),
    accessTokenMinutes: intVar(env, 'IDENTITY_ACCESS_TOKEN_MINUTES', 60, 5, 1440),
    idTokenMinutes: intVar(env, 'IDENTITY_ID_TOKEN_MINUTES', 60, 5, 1440),
    refreshTokenDays: intVar(env, 'IDENTITY_REFRESH_TOKEN_DAYS', 30, 1, 3650),
    keyRotationDays: intVar(env, 'IDENTITY_KEY_ROTATION_DAYS', 90, 1, 3650),
    rateLimitPerMinute: intVar(env, 'IDENTITY_RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
  };
}

/**
 * IDENTITY_SIGN_IN_FACTORS: a comma-separated list; by default the password and one-time codes.
 * Passkeys are turned on by naming WEB_AUTHN, as a Cognito pool's are: a passkey is bound to the
 * host in PUBLIC_URL, so it is for a clinic that has set the address its clients use, and the
 * sign-in page then offers to add one after a password sign-in. As in Cognito, a pool that
 * requires MFA offers no one-time code as a first factor (it would then be the only factor), so
 * with IDENTITY_MFA=ON the default is PASSWORD alone.
 */
function signInFactors(env: NodeJS.ProcessEnv, mfa: MfaConfiguration): SignInFactor[] {
  const raw = env.IDENTITY_SIGN_IN_FACTORS;
  if (raw === undefined || raw.trim() === '') {
    return mfa === 'ON' ? ['PASSWORD'] : ['PASSWORD', ...SINGLE_FACTOR_CODES];
  }
  const listed = raw.split(',').map((v) => v.trim().toUpperCase());
  const factors: SignInFactor[] = [];
  for (const value of listed) {
    const factor = SIGN_IN_FACTORS.find((f) => f === value);
    if (!factor) throw new ConfigError(`IDENTITY_SIGN_IN_FACTORS takes ${SIGN_IN_FACTORS.join(', ')}, got "${value}"`);
    if (!factors.includes(factor)) factors.push(factor);
  }
  if (!factors.includes('PASSWORD')) {
    throw new ConfigError('IDENTITY_SIGN_IN_FACTORS must include PASSWORD (staff and invited clients sign in with one)');
  }
  if (mfa === 'ON' && factors.some((f) => SINGLE_FACTOR_CODES.includes(f))) {
    throw new ConfigError('IDENTITY_SIGN_IN_FACTORS cannot offer EMAIL_OTP or SMS_OTP while IDENTITY_MFA=ON');
  }
  return factors;
}
