// Account flows through the real aws-amplify client: self sign-up with code and auto sign-in,
// resending codes, password reset, contact verification, password change, attribute deletion,
// account deletion.
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  deleteUser,
  deleteUserAttributes,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall, latestCode, latestMessage } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { configureAmplify } from './amplify-harness.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

describe.each(engines)('Amplify account flows (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { IDENTITY_ALLOW_SELF_SIGNUP: 'true' } });
    await configureAmplify(t);
  });
  afterEach(async () => {
    await signOut().catch(() => {});
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up, confirms with the emailed code and signs in automatically', async () => {
    const username = 'New.Client@example.com';
    const started = await signUp({
      username,
      password: 'Sign-Up-Pass-1',
      options: { userAttributes: { email: username }, autoSignIn: true },
    });
    expect(started.isSignUpComplete).toBe(false);
    expect(started.nextStep).toMatchObject({
      signUpStep: 'CONFIRM_SIGN_UP',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'n***t@example.com', attributeName: 'email' },
    });
    expect(started.userId).toMatch(/^[0-9a-f-]{36}$/);
    // A resent code replaces the first one.
    const first = await latestCode(t, 'new.client@example.com');
    const resent = await resendSignUpCode({ username });
    expect(resent.destination).toBe('n***t@example.com');
    const code = await latestCode(t, 'new.client@example.com');
    await expect(confirmSignUp({ username, confirmationCode: first === code ? '000000' : first })).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    const confirmed = await confirmSignUp({ username, confirmationCode: code });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    const signedIn = await autoSignIn();
    expect(signedIn).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await fetchUserAttributes()).toMatchObject({ email: 'new.client@example.com', email_verified: 'true' });
    // Once confirmed, a resend is answered as for an address with no account, and sends nothing.
    const quiet = await resendSignUpCode({ username });
    expect(quiet.destination).toBe('n***t@example.com');
    expect(await latestCode(t, 'new.client@example.com')).toBe(code);
    // The code cannot be used twice.
    const reuse = await identityCall(t, 'ConfirmSignUp', { ClientId: t.runtime.identity.clientId, Username: username, ConfirmationCode: code });
    expect(reuse.body).toEqual({ __type: 'NotAuthorizedException', message: 'User cannot be confirmed. Current status is CONFIRMED' });
  });

  it('signing in before confirming leads to the confirmation step', async () => {
    const username = 'unconfirmed@example.com';
    await signUp({ username, password: 'Sign-Up-Pass-1', options: { userAttributes: { email: username } } });
    const early = await signIn({ username, password: 'Sign-Up-Pass-1' });
    expect(early).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
  });

  it('refuses a sign-up with a weak password or an existing email', async () => {
    await expect(
      signUp({ username: 'weak@example.com', password: 'alllowercase1!', options: { userAttributes: { email: 'weak@example.com' } } }),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    await createSignedInUser(t, { email: 'taken@example.com', role: 'CLIENT' });
    await expect(
      signUp({ username: 'Taken@example.com', password: 'Sign-Up-Pass-1', options: { userAttributes: { email: 'taken@example.com' } } }),
    ).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('resets a forgotten password with the emailed code', async () => {
    const u = await createSignedInUser(t, { email: 'forgetful@example.com', role: 'CLIENT' });
    const reset = await resetPassword({ username: u.email });
    expect(reset.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'f***l@example.com' },
    });
    const message = await latestMessage(t, u.email);
    expect(message.body).toMatch(/\b\d{6}\b/);
    const code = await latestCode(t, u.email);
    await expect(confirmResetPassword({ username: u.email, confirmationCode: code, newPassword: 'nouppercase-1' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    await confirmResetPassword({ username: u.email, confirmationCode: code, newPassword: 'After-Reset-Pass-2' });
    // The old sessions ended with the reset.
    expect((await identityCall(t, 'GetUser', { AccessToken: u.accessToken })).body.message).toBe('Access Token has been revoked');
    await expect(confirmResetPassword({ username: u.email, confirmationCode: code, newPassword: 'Another-Pass-3' })).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    expect((await signIn({ username: u.email, password: 'After-Reset-Pass-2' })).isSignedIn).toBe(true);
  });

  it('a password reset for an unknown user looks like a real one', async () => {
    const reset = await resetPassword({ username: 'ghost.user@example.com' });
    expect(reset.nextStep.codeDeliveryDetails).toMatchObject({ deliveryMedium: 'EMAIL', destination: 'g***r@example.com' });
  });

  it('verifies a changed email with a code, changes the password, deletes attributes and the account', async () => {
    const u = await createSignedInUser(t, { email: 'mover@example.com', role: 'CLIENT', attributes: { name: 'Mo Ver' } });
    await signIn({ username: u.email, password: u.password });
    const updated = await updateUserAttributes({ userAttributes: { email: 'moved@example.com', given_name: 'Mo' } });
    expect(updated.email.nextStep.updateAttributeStep).toBe('CONFIRM_ATTRIBUTE_WITH_CODE');
    expect(updated.given_name.nextStep.updateAttributeStep).toBe('DONE');
    expect(await fetchUserAttributes()).toMatchObject({ email: 'moved@example.com', email_verified: 'false', given_name: 'Mo' });
    const first = await latestCode(t, 'moved@example.com');
    const resent = await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    expect(resent.destination).toBe('m***d@example.com');
    const code = await latestCode(t, 'moved@example.com');
    if (first !== code) {
      await expect(confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: first })).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
    expect((await fetchUserAttributes()).email_verified).toBe('true');

    await expect(updatePassword({ oldPassword: 'Wrong-Old-Pass-1', newPassword: 'Changed-Pass-9' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await updatePassword({ oldPassword: u.password, newPassword: 'Changed-Pass-9' });
    // The session that changed it stays; the others end.
    expect((await fetchUserAttributes()).email).toBe('moved@example.com');
    expect((await identityCall(t, 'GetUser', { AccessToken: u.accessToken })).body.message).toBe('Access Token has been revoked');

    await deleteUserAttributes({ userAttributeKeys: ['name'] });
    expect(await fetchUserAttributes()).not.toHaveProperty('name');

    await expect(updateUserAttributes({ userAttributes: { 'custom:role': 'SUPER_ADMIN' } })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    await deleteUser();
    await expect(t.runtime.identity.admin.adminGetUser({ Username: u.email })).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(signIn({ username: 'moved@example.com', password: 'Changed-Pass-9' })).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
