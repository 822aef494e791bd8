// Field rules of the sign-in forms (spec §5), pure so the statechart, the views and the tests share
// them. Messages are the specification's, word for word.
import { passwordPolicy } from './password-policy.ts';

export interface PasswordSettings {
  minLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
}

export const PASSWORD_MESSAGES = {
  minLength: (n: number) => `Password must have at least ${n} characters`,
  lowercase: 'Password must have lower case letters',
  uppercase: 'Password must have upper case letters',
  numbers: 'Password must have numbers',
  symbols: 'Password must have special characters',
} as const;

export const PASSWORDS_MUST_MATCH = 'Your passwords must match';
/** Not a spec string (§5 gives none): shown under an empty required field once it was touched. */
export const REQUIRED_FIELD = 'This field is required';
/** §9: the confirm-password check also runs once both fields reach this length. */
export const CONFIRM_PASSWORD_THRESHOLD = 6;

export const SPECIAL_CHARACTERS: string = passwordPolicy.specialCharacters;

/** Password rules apply only when the field was touched and the pool has settings (§5). */
export function passwordErrors(password: string, settings: PasswordSettings | null, touched: boolean): string[] {
  if (!touched || !settings) return [];
  const errors: string[] = [];
  if (password.length < settings.minLength) errors.push(PASSWORD_MESSAGES.minLength(settings.minLength));
  if (settings.requireLowercase && !/[a-z]/.test(password)) errors.push(PASSWORD_MESSAGES.lowercase);
  if (settings.requireUppercase && !/[A-Z]/.test(password)) errors.push(PASSWORD_MESSAGES.uppercase);
  if (settings.requireNumbers && !/[0-9]/.test(password)) errors.push(PASSWORD_MESSAGES.numbers);
  if (settings.requireSymbols && ![...password].some((c) => SPECIAL_CHARACTERS.includes(c))) {
    errors.push(PASSWORD_MESSAGES.symbols);
  }
  return errors;
}

/** 'Your passwords must match' when they differ and both were touched, or both are long enough to compare. */
export function confirmPasswordError(password: string, confirm: string, touched: { password: boolean; confirm: boolean }): string | null {
  if (password === confirm) return null;
  const bothTouched = touched.password && touched.confirm;
  const bothLong = password.length >= CONFIRM_PASSWORD_THRESHOLD && confirm.length >= CONFIRM_PASSWORD_THRESHOLD;
  return bothTouched || bothLong ? PASSWORDS_MUST_MATCH : null;
}

/** Every value is trimmed except passwords (§5). */
export function normalizeValue(name: string, value: string): string {
  return isPasswordField(name) ? value : value.trim();
}

export function isPasswordField(name: string): boolean {
  return name === 'password' || name === 'confirm_password';
}

/** The sign-up phone number: dial code joined to the number, keeping only letters, digits and '+' (§3). */
export function normalizePhoneNumber(dialCode: string, phoneNumber: string): string {
  return `${dialCode}${phoneNumber}`.replace(/[^A-Za-z0-9+]/g, '');
}
