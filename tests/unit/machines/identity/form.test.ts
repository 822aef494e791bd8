// The sign-in forms' logic: fields per screen from the identity configuration, validation as the
// machine runs it, and the §3 sign-up payload.
import { describe, expect, it } from 'vitest';
import { REQUIRED_FIELD } from '../../../../machines/rules/validation.ts';
import { ALLOWED_SIGN_UP_ATTRIBUTES, isAllowedSignUpAttribute, toAuthenticatorConfig } from '../../../../machines/identity/config.ts';
import { codeErrorMessage, errorMessage, isNetworkError, passkeyErrorMessage, passkeyRegistrationMessage } from '../../../../machines/identity/errors.ts';
import { formFields, initialValues, isFormComplete, signUpPayload, validateForm } from '../../../../machines/identity/form.ts';
import { hubEventToMachineEvent } from '../../../../machines/identity/hub-events.ts';
import { codeDeliveryMessage, codeDeliveryTitle, PASSWORDLESS_TEXTS } from '../../../../machines/identity/texts.ts';

const outputs = {
  username_attributes: ['email'],
  standard_required_attributes: ['email', 'phone_number', 'not_allowed', 'custom:clinic'],
  password_policy: { min_length: 8, require_lowercase: true, require_uppercase: true, require_numbers: true, require_symbols: true },
};
const config = toAuthenticatorConfig(outputs);

describe('identity configuration', () => {
  it('reads login mechanisms, sign-up attributes (allowed list + custom:*), password settings and providers', () => {
    expect(config).toEqual({
      loginMechanisms: ['email'],
      signUpAttributes: ['email', 'phone_number', 'custom:clinic'],
      passwordSettings: { minLength: 8, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true },
      socialProviders: [],
      signInFactors: ['PASSWORD'],
    });
    expect(toAuthenticatorConfig(undefined)).toEqual({
      loginMechanisms: ['username'],
      signUpAttributes: [],
      passwordSettings: null,
      socialProviders: [],
      signInFactors: ['PASSWORD'],
    });
  });
  it('reads the first factors from the passwordless settings, the password first and always', () => {
    const factors = (passwordless: Record<string, unknown>) => toAuthenticatorConfig({ ...outputs, passwordless }).signInFactors;
    expect(factors({ email_otp_enabled: true, sms_otp_enabled: true })).toEqual(['PASSWORD', 'EMAIL_OTP', 'SMS_OTP']);
    expect(factors({ email_otp_enabled: false, sms_otp_enabled: true, web_authn: { relying_party_id: 'clinic.example' } })).toEqual([
      'PASSWORD',
      'WEB_AUTHN',
      'SMS_OTP',
    ]);
    expect(factors({ email_otp_enabled: false, sms_otp_enabled: false })).toEqual(['PASSWORD']);
  });
  it('allows the §3 attributes and custom: ones only', () => {
    expect(ALLOWED_SIGN_UP_ATTRIBUTES).toHaveLength(17);
    expect(isAllowedSignUpAttribute('zoneinfo')).toBe(true);
    expect(isAllowedSignUpAttribute('custom:anything')).toBe(true);
    expect(isAllowedSignUpAttribute('role')).toBe(false);
  });
});

describe('forms', () => {
  it('lists each screen’s fields', () => {
    expect(formFields('signUp', config)).toEqual(['email', 'phone_number', 'custom:clinic', 'password', 'confirm_password']);
    expect(formFields('confirmResetPassword', config)).toEqual(['confirmation_code', 'password', 'confirm_password']);
    expect(formFields('verifyUser', config)).toEqual(['unverifiedAttr']);
    expect(initialValues('signIn', config)).toEqual({ username: '', password: '' });
    expect(initialValues('signUp', config).country_code).toBe('+1');
  });
  it('requires sign-in username and password, shown once touched', () => {
    expect(validateForm('signIn', config, { username: '', password: '' }, {})).toEqual({});
    expect(validateForm('signIn', config, { username: '', password: '' }, { username: true })).toEqual({
      username: [REQUIRED_FIELD],
    });
    // Before a submit attempt a blurred empty field is not flagged yet.
    expect(validateForm('signIn', config, { username: '', password: '' }, { username: true }, false)).toEqual({});
    expect(isFormComplete('signIn', config, { username: 'a@b.c', password: '' })).toBe(false);
    expect(isFormComplete('signIn', config, { username: 'a@b.c', password: 'x' })).toBe(true);
  });
  it('applies the password rules and the match rule on new-password forms', () => {
    const errors = validateForm(
      'forceNewPassword',
      config,
      { password: 'short', confirm_password: 'other' },
      {
        password: true,
        confirm_password: true,
      },
    );
    expect(errors.password).toContain('Password must have at least 8 characters');
    expect(errors.confirm_password).toEqual(['Your passwords must match']);
    expect(validateForm('signIn', config, { username: 'a', password: 'short' }, { password: true })).toEqual({});
  });
  it('builds the §3 sign-up payload', () => {
    expect(
      signUpPayload(config, {
        email: 'ada@example.com',
        phone_number: '(555) 123-4567',
        country_code: '+1',
        'custom:clinic': 'Pune',
        password: ' Passw0rd! ',
        confirm_password: ' Passw0rd! ',
      }),
    ).toEqual({
      username: 'ada@example.com',
      password: ' Passw0rd! ',
      options: { autoSignIn: true, userAttributes: { email: 'ada@example.com', phone_number: '+15551234567', 'custom:clinic': 'Pune' } },
    });
  });
});

describe('errors, Hub events and code delivery texts', () => {
  it('shows the §8 network message for network failures and the message otherwise', () => {
    expect(isNetworkError({ name: 'NetworkError', message: 'x' })).toBe(true);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network error: Unable to connect to the authentication server. Please check your internet connection.',
    );
    expect(errorMessage({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' })).toBe('Incorrect username or password.');
  });
  it('maps Hub auth events to machine events', () => {
    expect(hubEventToMachineEvent('tokenRefresh')).toEqual({ type: 'hub.tokenRefresh' });
    expect(hubEventToMachineEvent('tokenRefresh_failure')).toEqual({ type: 'hub.tokenRefreshFailure' });
    expect(hubEventToMachineEvent('signedOut')).toEqual({ type: 'hub.signedOut' });
    expect(hubEventToMachineEvent('signInWithRedirect')).toEqual({ type: 'hub.signInWithRedirect' });
    expect(hubEventToMachineEvent('signedIn')).toBeNull();
  });
  it('titles the code delivery by medium', () => {
    expect(codeDeliveryTitle('EMAIL')).toBe('We Emailed You');
    expect(codeDeliveryTitle('SMS')).toBe('We Texted You');
    expect(codeDeliveryTitle(undefined)).toBe('We Sent A Code');
    expect(codeDeliveryMessage('EMAIL', 'a***@e***.com')).toContain('emailed to a***@e***.com');
    expect(codeDeliveryMessage('SMS', '+*******4567')).toContain('texted to +*******4567');
    expect(codeDeliveryMessage('EMAIL', 'x')).toContain('may take a minute');
  });
  it('words a refused sign-in code: wrong, or no longer usable; other refusals as the service says', () => {
    expect(codeErrorMessage({ name: 'CodeMismatchException', message: 'Invalid code or auth state for the user.' })).toBe(PASSWORDLESS_TEXTS.wrongCode);
    expect(codeErrorMessage({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' })).toBe(
      PASSWORDLESS_TEXTS.codeExpired,
    );
    expect(codeErrorMessage({ name: 'LimitExceededException', message: 'Attempt limit exceeded.' })).toBe('Attempt limit exceeded.');
    expect(codeErrorMessage(new TypeError('Failed to fetch'))).toBe(errorMessage(new TypeError('Failed to fetch')));
  });
  it('words a passkey sign-in that failed in the browser: cancelled or none on the device, none for the account, not supported', () => {
    for (const name of ['NotAllowedError', 'PasskeyAuthenticationCanceled', 'PasskeyOperationAborted']) {
      expect(passkeyErrorMessage({ name, message: 'x' }), name).toBe(PASSWORDLESS_TEXTS.passkeyCancelled);
    }
    expect(passkeyErrorMessage({ name: 'PasskeyRetrievalFailed', message: 'x' })).toBe(PASSWORDLESS_TEXTS.noPasskey);
    expect(passkeyErrorMessage({ name: 'PasskeyNotSupported', message: 'x' })).toBe(PASSWORDLESS_TEXTS.passkeyUnsupported);
    expect(passkeyErrorMessage({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' })).toBe('Incorrect username or password.');
  });
  it('words adding a passkey that failed: cancelled, already on this device, not supported', () => {
    for (const name of ['NotAllowedError', 'PasskeyRegistrationCanceled', 'PasskeyOperationAborted']) {
      expect(passkeyRegistrationMessage({ name, message: 'x' }), name).toBe(PASSWORDLESS_TEXTS.addCancelled);
    }
    expect(passkeyRegistrationMessage({ name: 'PasskeyAlreadyExists', message: 'x' })).toBe(PASSWORDLESS_TEXTS.alreadyAdded);
    expect(passkeyRegistrationMessage({ name: 'PasskeyNotSupported', message: 'x' })).toBe(PASSWORDLESS_TEXTS.passkeyUnsupported);
    expect(passkeyRegistrationMessage({ name: 'LimitExceededException', message: 'Attempt limit exceeded.' })).toBe('Attempt limit exceeded.');
  });
});
