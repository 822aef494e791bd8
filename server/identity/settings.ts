// Identity settings beyond server/config.ts, read from the same environment (docs/identity.md).
import { ConfigError } from '../config.ts';

export type MfaConfiguration = 'OFF' | 'OPTIONAL' | 'ON';

export interface IdentitySettings {
  mfa: MfaConfiguration;
  accessTokenMinutes: number;
  idTokenMinutes: number;
  refreshTokenDays: number;
  keyRotationDays: number;
  /** Requests per minute per client IP for each of InitiateAuth, SignUp, ForgotPassword, ResendConfirmationCode. */
  rateLimitPerMinute: number;
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
    accessTokenMinutes: intVar(env, 'IDENTITY_ACCESS_TOKEN_MINUTES', 60, 5, 1440),
    idTokenMinutes: intVar(env, 'IDENTITY_ID_TOKEN_MINUTES', 60, 5, 1440),
    refreshTokenDays: intVar(env, 'IDENTITY_REFRESH_TOKEN_DAYS', 30, 1, 3650),
    keyRotationDays: intVar(env, 'IDENTITY_KEY_ROTATION_DAYS', 90, 1, 3650),
    rateLimitPerMinute: intVar(env, 'IDENTITY_RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
  };
}
