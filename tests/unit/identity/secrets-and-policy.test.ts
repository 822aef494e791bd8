import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import type { Db } from '../../../server/db/database.ts';
import { maskEmail, maskPhone } from '../../../server/identity/delivery.ts';
import { createIdentityRuntime } from '../../../server/identity/index.ts';
import { assertAcceptablePassword, generateTemporaryPassword, policyViolation } from '../../../server/identity/passwords.ts';
import { createSealer, MissingIdentitySecretError, resolveIdentitySecret, SECRET_FILE } from '../../../server/identity/secret.ts';
import { loadIdentitySettings } from '../../../server/identity/settings.ts';

describe('IDENTITY_SECRET', () => {
  it('is required in production: the service refuses to start without it', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: os.tmpdir() });
    expect(() => resolveIdentitySecret(config)).toThrow(MissingIdentitySecretError);
    await expect(createIdentityRuntime(config, {} as Db)).rejects.toThrow(/IDENTITY_SECRET is required/);
  });

  it('is generated once under DATA_DIR with 0600 in development', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-secret-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveIdentitySecret(config);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(fs.statSync(path.join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveIdentitySecret(config)).toBe(first);
    expect(resolveIdentitySecret(loadConfig({ DATA_DIR: dir, IDENTITY_SECRET: 'given' }))).toBe('given');
    fs.rmSync(dir, { recursive: true });
  });

  it('seals with AES-256-GCM bound to a purpose', () => {
    const sealer = createSealer('s3cret');
    const sealed = sealer.seal('totp', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealer.open('totp', sealed).toString()).toBe('JBSWY3DPEHPK3PXP');
    expect(() => sealer.open('srp-verifier', sealed)).toThrow();
    expect(() => createSealer('other').open('totp', sealed)).toThrow();
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => sealer.open('totp', raw.toString('base64url'))).toThrow();
    expect(sealer.seal('totp', 'x')).not.toBe(sealer.seal('totp', 'x'));
  });
});

describe('password policy', () => {
  it("reports Cognito's reasons", () => {
    expect(policyViolation('Ab1!')).toBe('Password not long enough');
    expect(policyViolation('ABCDEFG1!')).toBe('Password must have lowercase characters');
    expect(policyViolation('abcdefg1!')).toBe('Password must have uppercase characters');
    expect(policyViolation('Abcdefgh!')).toBe('Password must have numeric characters');
    expect(policyViolation('Abcdefgh1')).toBe('Password must have symbol characters');
    expect(policyViolation('Abcdefg1 x')).toBeNull();
    expect(policyViolation('Abcdefg1^')).toBeNull();
    expect(() => assertAcceptablePassword('Abcdefgh1', 'signUp')).toThrow('Password did not conform with policy: Password must have symbol characters');
    expect(() => assertAcceptablePassword('Abcdefgh1', 'other')).toThrow('Password does not conform to policy: Password must have symbol characters');
    expect(() => assertAcceptablePassword(`Ab1!${'x'.repeat(300)}`, 'other')).toThrow(/length less than or equal to 256/);
  });

  it('generates temporary passwords that satisfy it', () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        expect(policyViolation(generateTemporaryPassword())).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});

describe('masked destinations', () => {
  it('hides the middle of the email local part and all but 4 phone digits', () => {
    expect(maskEmail('john@example.com')).toBe('j***n@example.com');
    expect(maskEmail('jo@example.com')).toBe('j***@example.com');
    expect(maskPhone('+15555550123')).toBe('+*******0123');
  });
});

describe('identity settings', () => {
  it('defaults to MFA off, 60-minute tokens, 30-day refresh', () => {
    expect(loadIdentitySettings({})).toMatchObject({ mfa: 'OFF', accessTokenMinutes: 60, idTokenMinutes: 60, refreshTokenDays: 30 });
    expect(loadIdentitySettings({ IDENTITY_MFA: 'optional' }).mfa).toBe('OPTIONAL');
    expect(() => loadIdentitySettings({ IDENTITY_MFA: 'sometimes' })).toThrow(/IDENTITY_MFA/);
    expect(() => loadIdentitySettings({ IDENTITY_ACCESS_TOKEN_MINUTES: '2' })).toThrow(/IDENTITY_ACCESS_TOKEN_MINUTES/);
  });

  it('offers every first factor by default, no one-time code when MFA is required, and refuses what it cannot offer', () => {
    expect(loadIdentitySettings({}).signInFactors).toEqual(['PASSWORD', 'EMAIL_OTP', 'SMS_OTP']);
    expect(loadIdentitySettings({ IDENTITY_MFA: 'ON' }).signInFactors).toEqual(['PASSWORD']);
    expect(loadIdentitySettings({ IDENTITY_MFA: 'ON', IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,WEB_AUTHN' }).signInFactors).toEqual(['PASSWORD', 'WEB_AUTHN']);
    expect(loadIdentitySettings({ IDENTITY_SIGN_IN_FACTORS: ' password , email_otp,PASSWORD' }).signInFactors).toEqual(['PASSWORD', 'EMAIL_OTP']);
    expect(() => loadIdentitySettings({ IDENTITY_SIGN_IN_FACTORS: 'EMAIL_OTP' })).toThrow(/must include PASSWORD/);
    expect(() => loadIdentitySettings({ IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,SOFTWARE_TOKEN' })).toThrow(
      /IDENTITY_SIGN_IN_FACTORS takes PASSWORD, EMAIL_OTP, SMS_OTP, WEB_AUTHN, got "SOFTWARE_TOKEN"/,
    );
    expect(() => loadIdentitySettings({ IDENTITY_MFA: 'ON', IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,SMS_OTP' })).toThrow(/IDENTITY_MFA=ON/);
  });
});
