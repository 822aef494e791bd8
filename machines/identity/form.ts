// The sign-in forms: which fields each screen has and how its values are validated (spec §3, §5).
// Pure functions the authenticator machine calls from its actions and guards.
import { DEFAULT_DIAL_CODE } from '../rules/dial-codes.ts';
import { confirmPasswordError, normalizePhoneNumber, normalizeValue, passwordErrors, REQUIRED_FIELD } from '../rules/validation.ts';
import type { AuthenticatorConfig } from './config.ts';

export type FormName =
  | 'signIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'confirmSignIn'
  | 'setupTotp'
  | 'forceNewPassword'
  | 'forgotPassword'
  | 'confirmResetPassword'
  | 'verifyUser'
  | 'confirmVerifyUser'
  | 'selectMfaType'
  | 'setupEmail'
  | 'selectFactor'
  | 'signInCode'
  | 'signInPasskey'
  | 'offerPasskey';

export type FormValues = Record<string, string>;
export type Touched = Record<string, boolean>;
export type FieldErrors = Record<string, string[]>;

/** The sign-up field that doubles as the username: the first login mechanism. */
export function primaryAlias(config: AuthenticatorConfig): string {
  return config.loginMechanisms[0] ?? 'username';
}

/**
 * The fields a screen renders, in order. `attributes` are the user attributes the pool still
 * requires when a new password is forced (the sign-in step's missingAttributes).
 */
export function formFields(form: FormName, config: AuthenticatorConfig, attributes: readonly string[] = []): string[] {
  switch (form) {
    case 'signIn':
    case 'forgotPassword':
      return ['username'];
    case 'signUp': {
      const alias = primaryAlias(config);
      const signUpAttributes = config.signUpAttributes.filter((a) => a !== alias);
      return [alias, ...signUpAttributes, 'password', 'confirm_password'];
    }
    case 'forceNewPassword':
      return ['password', 'confirm_password', ...attributes.filter((a) => a !== 'password' && a !== 'confirm_password')];
    case 'confirmResetPassword':
      return ['confirmation_code', 'password', 'confirm_password'];
    case 'verifyUser':
      return ['unverifiedAttr'];
    case 'selectMfaType':
      return ['mfa_type'];
    case 'setupEmail':
      return ['email'];
    case 'selectFactor':
      return ['username', 'sign_in_factor'];
    // The passkey screens have no field: the browser's own dialog asks.
    case 'signInPasskey':
    case 'offerPasskey':
      return [];
    default:
      return ['confirmation_code'];
  }
}

/** Sign-in also needs the password; kept apart so `formFields` lists what a screen renders in order. */
export function requiredFields(form: FormName, config: AuthenticatorConfig, attributes: readonly string[] = []): string[] {
  return form === 'signIn' ? ['username', 'password'] : formFields(form, config, attributes);
}

export function initialValues(form: FormName, config: AuthenticatorConfig, attributes: readonly string[] = []): FormValues {
  const values: FormValues = {};
  for (const field of requiredFields(form, config, attributes)) values[field] = '';
  if (values.phone_number !== undefined) values.country_code = DEFAULT_DIAL_CODE;
  return values;
}

/** The values as used (validated and submitted): trimmed, except passwords (§5). Typing keeps them as typed. */
export function normalizedValues(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, normalizeValue(name, value)]));
}

/**
 * Field errors for the current values; rules show only for touched fields (or by the §5 length
 * rule). An empty required field is reported only after a submit attempt: flagging it on blur
 * would shift the layout under a click on the button below it.
 */
export function validateForm(
  form: FormName,
  config: AuthenticatorConfig,
  typed: FormValues,
  touched: Touched,
  submitted = true,
  attributes: readonly string[] = [],
): FieldErrors {
  const values = normalizedValues(typed);
  const errors: FieldErrors = {};
  for (const field of requiredFields(form, config, attributes)) {
    if (submitted && touched[field] && !values[field]) errors[field] = [REQUIRED_FIELD];
  }
  const hasNewPassword = requiredFields(form, config, attributes).includes('confirm_password');
  if (hasNewPassword) {
    const password = values.password ?? '';
    // §5: the rules apply once the field is touched, an empty password included.
    const rules = passwordErrors(password, config.passwordSettings, Boolean(touched.password));
    if (rules.length) errors.password = rules;
    const mismatch = confirmPasswordError(password, values.confirm_password ?? '', {
      password: Boolean(touched.password),
      confirm: Boolean(touched.confirm_password),
    });
    if (mismatch && values.confirm_password) errors.confirm_password = [mismatch];
  }
  return errors;
}

export function touchAll(form: FormName, config: AuthenticatorConfig, attributes: readonly string[] = []): Touched {
  return Object.fromEntries(requiredFields(form, config, attributes).map((f) => [f, true]));
}

export function isFormComplete(form: FormName, config: AuthenticatorConfig, values: FormValues, attributes: readonly string[] = []): boolean {
  const errors = validateForm(form, config, values, touchAll(form, config, attributes), true, attributes);
  return Object.keys(errors).length === 0;
}

/** Keeps what was typed: values are trimmed when used (validation and submit), so "Mary Ann" can be typed. */
export function changeValue(values: FormValues, name: string, value: string): FormValues {
  return { ...values, [name]: value };
}

/** The user attributes a forced new password sends with it (trimmed, empty ones left out). */
export function requiredAttributesPayload(values: FormValues, attributes: readonly string[]): Record<string, string> {
  const used = normalizedValues(values);
  const payload: Record<string, string> = {};
  for (const name of attributes) if (used[name]) payload[name] = used[name];
  return payload;
}

export interface SignUpInput {
  username: string;
  password: string;
  options: { autoSignIn: true; userAttributes: Record<string, string> };
}

/** The §3 sign-up payload: username, password, autoSignIn true and the allowed attributes. */
export function signUpPayload(config: AuthenticatorConfig, typed: FormValues): SignUpInput {
  const values = normalizedValues(typed);
  const alias = primaryAlias(config);
  const userAttributes: Record<string, string> = {};
  for (const field of formFields('signUp', config)) {
    if (field === 'password' || field === 'confirm_password' || field === 'username') continue;
    const value = values[field] ?? '';
    if (!value) continue;
    userAttributes[field] = field === 'phone_number' ? normalizePhoneNumber(values.country_code ?? DEFAULT_DIAL_CODE, value) : value;
  }
  const username = alias === 'username' ? (values.username ?? '') : (userAttributes[alias] ?? '');
  return { username, password: values.password ?? '', options: { autoSignIn: true, userAttributes } };
}
