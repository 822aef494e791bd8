// The sign-in rules of spec §3, §5 and §9: password messages word for word, the confirm-password
// rule, trimming, phone normalisation, dial codes and masking.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIAL_CODE, DIAL_CODES } from '../../../../machines/rules/dial-codes.ts';
import { maskDestination, maskEmail, maskPhone } from '../../../../machines/rules/masking.ts';
import {
  CONFIRM_PASSWORD_THRESHOLD,
  confirmPasswordError,
  normalizePhoneNumber,
  normalizeValue,
  PASSWORD_MESSAGES,
  PASSWORDS_MUST_MATCH,
  passwordErrors,
  type PasswordSettings,
  SPECIAL_CHARACTERS,
} from '../../../../machines/rules/validation.ts';

const settings: PasswordSettings = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: true,
};

describe('password rules (§5)', () => {
  it('has the specification messages word for word', () => {
    expect(PASSWORD_MESSAGES.minLength(8)).toBe('Password must have at least 8 characters');
    expect(PASSWORD_MESSAGES.lowercase).toBe('Password must have lower case letters');
    expect(PASSWORD_MESSAGES.uppercase).toBe('Password must have upper case letters');
    expect(PASSWORD_MESSAGES.numbers).toBe('Password must have numbers');
    expect(PASSWORD_MESSAGES.symbols).toBe('Password must have special characters');
    expect(PASSWORDS_MUST_MATCH).toBe('Your passwords must match');
  });

  it('reports each broken rule', () => {
    expect(passwordErrors('abc', settings, true)).toEqual([
      'Password must have at least 8 characters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]);
    expect(passwordErrors('ABCDEFGH1!', settings, true)).toEqual(['Password must have lower case letters']);
    expect(passwordErrors('abcdefgh1!', settings, true)).toEqual(['Password must have upper case letters']);
    expect(passwordErrors('Abcdefgh!', settings, true)).toEqual(['Password must have numbers']);
    expect(passwordErrors('Abcdefgh1', settings, true)).toEqual(['Password must have special characters']);
    expect(passwordErrors('Abcdefg1!', settings, true)).toEqual([]);
  });

  it('uses the configured minimum length', () => {
    expect(passwordErrors('Ab1!', { ...settings, minLength: 12 }, true)).toEqual(['Password must have at least 12 characters']);
  });

  it('applies only once the field is touched and settings exist', () => {
    expect(passwordErrors('a', settings, false)).toEqual([]);
    expect(passwordErrors('a', null, true)).toEqual([]);
  });

  it('accepts every special character of §5, space included, and nothing else as one', () => {
    const specials = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';
    expect([...SPECIAL_CHARACTERS].sort()).toEqual([...specials].sort());
    for (const c of specials) expect(passwordErrors(`Abcdefg1${c}`, settings, true)).toEqual([]);
    for (const c of ['é', '€', '§']) {
      expect(passwordErrors(`Abcdefg1${c}`, settings, true)).toEqual(['Password must have special characters']);
    }
  });

  it('skips rules the pool does not require', () => {
    const lax = { minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: false, requireSymbols: false };
    expect(passwordErrors('simple', lax, true)).toEqual([]);
  });
});

describe('confirm password (§5)', () => {
  const untouched = { password: false, confirm: false };
  it('is silent while the passwords match', () => {
    expect(confirmPasswordError('Secret1!', 'Secret1!', { password: true, confirm: true })).toBeNull();
  });
  it('shows when both fields are touched and differ', () => {
    expect(confirmPasswordError('a', 'b', { password: true, confirm: true })).toBe(PASSWORDS_MUST_MATCH);
    expect(confirmPasswordError('a', 'b', { password: true, confirm: false })).toBeNull();
  });
  it(`shows when both are at least ${CONFIRM_PASSWORD_THRESHOLD} characters and differ, touched or not`, () => {
    expect(CONFIRM_PASSWORD_THRESHOLD).toBe(6);
    expect(confirmPasswordError('abcdef', 'abcdeg', untouched)).toBe(PASSWORDS_MUST_MATCH);
    expect(confirmPasswordError('abcdef', 'abcde', untouched)).toBeNull();
  });
});

describe('values', () => {
  it('are trimmed, except passwords', () => {
    expect(normalizeValue('username', '  ada@example.com ')).toBe('ada@example.com');
    expect(normalizeValue('password', ' Secret1! ')).toBe(' Secret1! ');
    expect(normalizeValue('confirm_password', ' x ')).toBe(' x ');
  });
});

describe('phone numbers (§3)', () => {
  it('join the dial code and keep only letters, digits and +', () => {
    expect(normalizePhoneNumber('+1', '(555) 123-4567')).toBe('+15551234567');
    expect(normalizePhoneNumber('+91', ' 98765 43210 ')).toBe('+919876543210');
    expect(normalizePhoneNumber('+44', '20.7946.0958 ext9')).toBe('+442079460958ext9');
  });
  it('offer about 200 distinct dial codes with +1 by default', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+1');
    expect(DIAL_CODES[0]).toBe('+1');
    expect(DIAL_CODES.length).toBeGreaterThanOrEqual(190);
    expect(DIAL_CODES.length).toBeLessThanOrEqual(250);
    expect(new Set(DIAL_CODES).size).toBe(DIAL_CODES.length);
    for (const code of DIAL_CODES) expect(code).toMatch(/^\+\d{1,3}$/);
    expect(DIAL_CODES).toContain('+91');
  });
});

describe('masking (§9)', () => {
  it('hides the middle of an email local part', () => {
    expect(maskEmail('ada@example.com')).toBe('a*a@example.com');
    expect(maskEmail('jonathan@clinic.local')).toBe('j******n@clinic.local');
    expect(maskEmail('ab@x.io')).toBe('a*@x.io');
    expect(maskEmail('a@x.io')).toBe('a@x.io');
  });
  it('shows only the last 4 digits of a phone number', () => {
    expect(maskPhone('+15551234567')).toBe('+*******4567');
    expect(maskPhone('+1 (555) 123-4567')).toBe('+* (***) ***-4567');
  });
  it('leaves a destination the service already masked', () => {
    expect(maskDestination('a***@e***.com', 'EMAIL')).toBe('a***@e***.com');
    expect(maskDestination('ada@example.com', 'EMAIL')).toBe('a*a@example.com');
    expect(maskDestination('+15551234567', 'SMS')).toBe('+*******4567');
    expect(maskDestination(undefined)).toBe('');
  });
});
