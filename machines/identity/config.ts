// What the authenticator reads from the identity configuration (an amplify_outputs `auth`
// section): login mechanisms, sign-up attributes, password settings and social providers.
import type { PasswordSettings } from '../rules/validation.ts';

export type LoginMechanism = 'username' | 'email' | 'phone_number';
export type InitialScreen = 'signIn' | 'signUp' | 'forgotPassword';

/** The first factors of choice-based sign-in (Cognito's USER_AUTH) the page may offer. */
export type SignInFactor = 'PASSWORD' | 'WEB_AUTHN' | 'EMAIL_OTP' | 'SMS_OTP';

export interface AuthenticatorConfig {
  loginMechanisms: LoginMechanism[];
  signUpAttributes: string[];
  passwordSettings: PasswordSettings | null;
  socialProviders: string[];
  /** The allowed first factors, PASSWORD first: with PASSWORD alone the sign-in screen is the spec's, unchanged. */
  signInFactors: SignInFactor[];
}

/** amplify_outputs' `auth.passwordless`, as aws-amplify parses it (`Auth.Cognito.passwordless`). */
export interface PasswordlessSettings {
  emailOtpEnabled?: boolean;
  smsOtpEnabled?: boolean;
  webAuthn?: unknown;
}

/** The factors a pool's passwordless settings allow, in the order the choice lists them. */
export function signInFactorsFrom(passwordless: PasswordlessSettings | undefined): SignInFactor[] {
  const factors: SignInFactor[] = ['PASSWORD'];
  if (passwordless?.webAuthn) factors.push('WEB_AUTHN');
  if (passwordless?.emailOtpEnabled) factors.push('EMAIL_OTP');
  if (passwordless?.smsOtpEnabled) factors.push('SMS_OTP');
  return factors;
}

/** §3: the attributes a sign-up form may ask for, plus any `custom:` attribute. */
export const ALLOWED_SIGN_UP_ATTRIBUTES = [
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
] as const;

export const SUPPORTED_SOCIAL_PROVIDERS = ['amazon', 'apple', 'facebook', 'google'] as const;

export function isAllowedSignUpAttribute(name: string): boolean {
  return (ALLOWED_SIGN_UP_ATTRIBUTES as readonly string[]).includes(name) || name.startsWith('custom:');
}

/** The subset of amplify_outputs.json `auth` the authenticator reads. */
export interface AuthOutputsLike {
  username_attributes?: string[];
  standard_required_attributes?: string[];
  password_policy?: {
    min_length: number;
    require_lowercase: boolean;
    require_uppercase: boolean;
    require_numbers: boolean;
    require_symbols: boolean;
  };
  oauth?: { identity_providers?: string[] } & Record<string, unknown>;
  passwordless?: { email_otp_enabled?: boolean; sms_otp_enabled?: boolean; web_authn?: unknown };
}

export function toAuthenticatorConfig(auth: AuthOutputsLike | undefined): AuthenticatorConfig {
  const usernameAttributes = (auth?.username_attributes ?? []).filter((a): a is LoginMechanism => a === 'email' || a === 'phone_number');
  const policy = auth?.password_policy;
  return {
    loginMechanisms: usernameAttributes.length ? usernameAttributes : ['username'],
    signUpAttributes: (auth?.standard_required_attributes ?? []).filter(isAllowedSignUpAttribute),
    passwordSettings: policy
      ? {
          minLength: policy.min_length,
          requireLowercase: policy.require_lowercase,
          requireUppercase: policy.require_uppercase,
          requireNumbers: policy.require_numbers,
          requireSymbols: policy.require_symbols,
        }
      : null,
    socialProviders: (auth?.oauth?.identity_providers ?? []).map((p) => String(p).toLowerCase()),
    signInFactors: signInFactorsFrom(
      auth?.passwordless && {
        emailOtpEnabled: auth.passwordless.email_otp_enabled,
        smsOtpEnabled: auth.passwordless.sms_otp_enabled,
        webAuthn: auth.passwordless.web_authn,
      },
    ),
  };
}
