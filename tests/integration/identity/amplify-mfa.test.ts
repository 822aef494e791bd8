// Second factors through the real aws-amplify client: TOTP set up while signed in and then asked
// at sign-in (codes from otpauth), TOTP set up during sign-in when MFA is required, SMS and email
// codes from the outbox, and the choice between factors.
import { confirmSignIn, fetchMFAPreference, setUpTOTP, signIn, signOut, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import * as OTPAuth from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall, latestCode } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { configureAmplify } from './amplify-harness.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

/** A code for the next time step: the one just used to verify the setup cannot be used again. */
function nextTotp(secret: string): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + 30_000 });
}
function currentTotp(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
}

describe.each(engines)('Amplify MFA flows (%s)', (engine) => {
  describe('IDENTITY_MFA=OPTIONAL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { env: { IDENTITY_MFA: 'OPTIONAL' } });
      await configureAmplify(t);
    });
    afterEach(async () => {
      await signOut().catch(() => {});
    });
    afterAll(async () => {
      await t?.close();
    });

    it('sets up TOTP, then asks for it at sign-in', async () => {
      const u = await createSignedInUser(t, { email: 'totp@example.com', role: 'DOCTOR' });
      expect((await signIn({ username: u.email, password: u.password })).isSignedIn).toBe(true);
      const setup = await setUpTOTP();
      const uri = setup.getSetupUri('Thrive Clinic', u.email);
      expect(uri.href).toMatch(new RegExp(`^otpauth://totp/Thrive%20Clinic:totp(@|%40)example\\.com\\?secret=${setup.sharedSecret}&issuer=Thrive%20Clinic$`));
      const parsed = OTPAuth.URI.parse(uri.href) as OTPAuth.TOTP;
      await expect(verifyTOTPSetup({ code: '000000' === currentTotp(setup.sharedSecret) ? '111111' : '000000' })).rejects.toMatchObject({
        name: 'EnableSoftwareTokenMFAException',
        message: 'Code mismatch and fail enable Software Token MFA',
      });
      await verifyTOTPSetup({ code: parsed.generate() });
      await updateMFAPreference({ totp: 'PREFERRED' });
      expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
      await signOut();

      const step = await signIn({ username: u.email, password: u.password });
      expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      await expect(confirmSignIn({ challengeResponse: '12345' })).rejects.toMatchObject({
        name: 'CodeMismatchException',
        message: 'Invalid code received for user',
      });
      const code = nextTotp(setup.sharedSecret);
      expect(await confirmSignIn({ challengeResponse: code })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      await signOut();
      // The same code cannot be used twice.
      await signIn({ username: u.email, password: u.password });
      await expect(confirmSignIn({ challengeResponse: code })).rejects.toMatchObject({
        message: 'Your software token has already been used once.',
      });
    });

    it('asks for an SMS code sent through the outbox', async () => {
      const u = await createSignedInUser(t, { email: 'sms@example.com', role: 'NURSE', attributes: { phone_number: '+15555550123' } });
      await signIn({ username: u.email, password: u.password });
      await updateMFAPreference({ sms: 'PREFERRED' });
      await signOut();
      const step = await signIn({ username: u.email, password: u.password });
      expect(step.nextStep).toEqual({
        signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
        codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+*******0123' },
      });
      const code = await latestCode(t, '+15555550123');
      await expect(confirmSignIn({ challengeResponse: code === '123456' ? '654321' : '123456' })).rejects.toMatchObject({
        name: 'CodeMismatchException',
        message: 'Invalid code or auth state for the user.',
      });
      expect((await confirmSignIn({ challengeResponse: code })).isSignedIn).toBe(true);
    });

    it('asks for an email code', async () => {
      const u = await createSignedInUser(t, { email: 'emailotp@example.com', role: 'NURSE' });
      await signIn({ username: u.email, password: u.password });
      await updateMFAPreference({ email: 'ENABLED' });
      await signOut();
      const step = await signIn({ username: u.email, password: u.password });
      expect(step.nextStep).toMatchObject({
        signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'e***p@example.com' },
      });
      expect((await confirmSignIn({ challengeResponse: await latestCode(t, u.email) })).isSignedIn).toBe(true);
    });

    it('lets the user choose between factors', async () => {
      const u = await createSignedInUser(t, { email: 'both@example.com', role: 'NURSE', attributes: { phone_number: '+15555550999' } });
      await signIn({ username: u.email, password: u.password });
      const setup = await setUpTOTP();
      await verifyTOTPSetup({ code: currentTotp(setup.sharedSecret) });
      await updateMFAPreference({ totp: 'ENABLED', sms: 'ENABLED' });
      await signOut();
      const step = await signIn({ username: u.email, password: u.password });
      expect(step.nextStep).toEqual({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP'] });
      const sms = await confirmSignIn({ challengeResponse: 'SMS' });
      expect(sms.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
      expect((await confirmSignIn({ challengeResponse: await latestCode(t, '+15555550999') })).isSignedIn).toBe(true);
    });

    it('refuses to enable TOTP before it is verified', async () => {
      const u = await createSignedInUser(t, { email: 'early.totp@example.com', role: 'NURSE' });
      const res = await identityCall(t, 'SetUserMFAPreference', { AccessToken: u.accessToken, SoftwareTokenMfaSettings: { Enabled: true } });
      expect(res.body).toEqual({
        __type: 'InvalidParameterException',
        message: 'User does not have delivery config set to turn on SOFTWARE_TOKEN_MFA',
      });
    });
  });

  describe('IDENTITY_MFA=ON', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { env: { IDENTITY_MFA: 'ON' } });
      await configureAmplify(t);
    });
    afterAll(async () => {
      await signOut().catch(() => {});
      await t?.close();
    });

    it('makes a user without a factor set up TOTP during sign-in', async () => {
      await t.runtime.identity.admin.adminCreateUser({ Username: 'required@example.com', TemporaryPassword: 'Temp-Pass-123', MessageAction: 'SUPPRESS' });
      await t.runtime.identity.admin.adminSetUserPassword({ Username: 'required@example.com', Password: 'Perm-Pass-123', Permanent: true });
      const step = await signIn({ username: 'required@example.com', password: 'Perm-Pass-123' });
      expect(step.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
      const secret = (step.nextStep as { totpSetupDetails: { sharedSecret: string } }).totpSetupDetails.sharedSecret;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await confirmSignIn({ challengeResponse: currentTotp(secret) })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      await signOut();
      const again = await signIn({ username: 'required@example.com', password: 'Perm-Pass-123' });
      expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
      expect((await confirmSignIn({ challengeResponse: nextTotp(secret) })).isSignedIn).toBe(true);
    });
  });
});
