// Choice-based sign-in (USER_AUTH) through the real aws-amplify client and the AWS SDK: a code by
// email or SMS as the first factor (from the outbox), the choice of factor (SELECT_CHALLENGE),
// the password factors as before, the factors the pool allows, and refusals that never tell
// whether an account exists.
import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { confirmSignIn, getCurrentUser, signIn, signOut, updateMFAPreference } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_CODES_PER_USERNAME_PER_HOUR } from '../../../server/identity/user-auth.ts';
import { readOutbox } from '../../../server/mail/transport.ts';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall, latestCode, latestMessage } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { configureAmplify } from './amplify-harness.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

const USER_AUTH = { authFlowType: 'USER_AUTH' } as const;
const MISMATCH = { name: 'CodeMismatchException', message: 'Invalid code or auth state for the user.' };
const EXPIRED = { name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' };

/** A code that is not `code`, of the same length. */
const otherThan = (code: string) => (code === '00000000' ? '11111111' : '00000000');

describe.each(engines)('USER_AUTH sign-in through Amplify (%s)', (engine) => {
  describe('every factor allowed (the default)', () => {
    let t: TestApp;
    let baseUrl: string;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      ({ baseUrl } = await configureAmplify(t));
    });
    afterEach(async () => {
      await signOut().catch(() => {});
    });
    afterAll(async () => {
      await t?.close();
    });

    it('signs in with an 8-digit code sent by email, refusing a wrong one and a spent one', async () => {
      const u = await createSignedInUser(t, { email: 'otp.client@example.com', role: 'CLIENT' });
      const step = await signIn({ username: 'OTP.Client@example.com', options: { ...USER_AUTH, preferredChallenge: 'EMAIL_OTP' } });
      expect(step).toEqual({
        isSignedIn: false,
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'o***t@example.com' } },
      });
      const message = await latestMessage(t, u.email);
      expect(message.subject).toMatch(/^Your sign-in code · /);
      const code = await latestCode(t, u.email);
      expect(code).toMatch(/^\d{8}$/);
      await expect(confirmSignIn({ challengeResponse: otherThan(code) })).rejects.toMatchObject(MISMATCH);
      expect(await confirmSignIn({ challengeResponse: code })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      expect(await getCurrentUser()).toMatchObject({ username: u.username, userId: u.sub });
      await signOut();

      // A spent code does not open a second sign-in.
      await signIn({ username: u.email, options: { ...USER_AUTH, preferredChallenge: 'EMAIL_OTP' } });
      const fresh = await latestCode(t, u.email);
      await expect(confirmSignIn({ challengeResponse: code === fresh ? otherThan(code) : code })).rejects.toMatchObject(MISMATCH);
    });

    it('offers the choice of factor, then sends an SMS code to a verified phone', async () => {
      const u = await createSignedInUser(t, {
        email: 'sms.nurse@example.com',
        role: 'NURSE',
        attributes: { phone_number: '+919876543210', phone_number_verified: 'true' },
      });
      const choice = await signIn({ username: u.email, options: USER_AUTH });
      expect(choice).toEqual({
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
          availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP'],
        },
      });
      const step = await confirmSignIn({ challengeResponse: 'SMS_OTP' });
      expect(step).toEqual({
        isSignedIn: false,
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+********3210' } },
      });
      const code = await latestCode(t, '+919876543210');
      expect(await confirmSignIn({ challengeResponse: code })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    });

    it('chooses the password, by SRP or plainly, with the same refusals as before', async () => {
      const u = await createSignedInUser(t, { email: 'pw.doctor@example.com', role: 'DOCTOR' });
      await signIn({ username: u.email, options: USER_AUTH });
      expect(await confirmSignIn({ challengeResponse: 'PASSWORD_SRP' })).toEqual({
        isSignedIn: false,
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_PASSWORD' },
      });
      expect(await confirmSignIn({ challengeResponse: u.password })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      await signOut();

      await signIn({ username: u.email, options: USER_AUTH });
      await confirmSignIn({ challengeResponse: 'PASSWORD' });
      await expect(confirmSignIn({ challengeResponse: 'Not-the-Password-1' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });

      for (const preferredChallenge of ['PASSWORD', 'PASSWORD_SRP'] as const) {
        const done = await signIn({ username: u.email, password: u.password, options: { ...USER_AUTH, preferredChallenge } });
        expect(done, preferredChallenge).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
        await signOut();
      }
    });

    it('refuses a code that has expired', async () => {
      const u = await createSignedInUser(t, { email: 'late.client@example.com', role: 'CLIENT' });
      await signIn({ username: u.email, options: { ...USER_AUTH, preferredChallenge: 'EMAIL_OTP' } });
      const code = await latestCode(t, u.email);
      await t.database.db
        .updateTable('identity.codes')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('sub', '=', u.sub)
        .execute();
      await expect(confirmSignIn({ challengeResponse: code })).rejects.toMatchObject(EXPIRED);
    });

    it('answers an unknown username, or one without a verified phone, like a real one, and sends nothing', async () => {
      const noPhone = await createSignedInUser(t, { email: 'no.phone@example.com', role: 'CLIENT' });
      const unknown = await signIn({ username: 'nobody.here@example.com', options: { ...USER_AUTH, preferredChallenge: 'EMAIL_OTP' } });
      expect(unknown.nextStep).toEqual({
        signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'n***e@example.com' },
      });
      await expect(confirmSignIn({ challengeResponse: '12345678' })).rejects.toMatchObject(MISMATCH);
      expect(await readOutbox(t.database.db, 'nobody.here@example.com', 1)).toEqual([]);

      const sms = await signIn({ username: noPhone.email, options: { ...USER_AUTH, preferredChallenge: 'SMS_OTP' } });
      expect(sms.nextStep).toMatchObject({ signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS' } });
      expect((sms.nextStep as { codeDeliveryDetails: { destination: string } }).codeDeliveryDetails.destination).toMatch(/^\+\*{8}\d{4}$/);
      await expect(confirmSignIn({ challengeResponse: '12345678' })).rejects.toMatchObject(MISMATCH);
    });

    it('on the wire: the same shapes for a real and an unknown account, five wrong codes, then the session expires', async () => {
      await createSignedInUser(t, { email: 'wire.client@example.com', role: 'CLIENT' });
      const clientId = t.runtime.identity.clientId;
      const start = (username: string) =>
        identityCall(t, 'InitiateAuth', {
          AuthFlow: 'USER_AUTH',
          ClientId: clientId,
          AuthParameters: { USERNAME: username, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
        });
      for (const username of ['wire.client@example.com', 'wire.nobody@example.com']) {
        const res = await start(username);
        expect(res.status, username).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['ChallengeName', 'ChallengeParameters', 'Session']);
        expect(res.body.Session).toHaveLength(128);
        const answer = (code: string) =>
          identityCall(t, 'RespondToAuthChallenge', {
            ClientId: clientId,
            ChallengeName: 'EMAIL_OTP',
            Session: res.body.Session,
            ChallengeResponses: { USERNAME: username, EMAIL_OTP_CODE: code },
          });
        for (let i = 0; i < 5; i++) {
          expect((await answer('00000001')).body, `${username} try ${i + 1}`).toEqual({ __type: MISMATCH.name, message: MISMATCH.message });
        }
        expect((await answer('00000001')).body, username).toEqual({ __type: EXPIRED.name, message: EXPIRED.message });
      }

      const choice = await identityCall(t, 'InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: 'wire.nobody@example.com' },
      });
      // An unknown username is offered WEB_AUTHN or not by a keyed coin of its own (attacks.test.ts).
      expect({ ...choice.body, AvailableChallenges: choice.body.AvailableChallenges.filter((c: string) => c !== 'WEB_AUTHN') }).toEqual({
        ChallengeName: 'SELECT_CHALLENGE',
        Session: expect.any(String),
        ChallengeParameters: {},
        AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP'],
      });
      const tampered = `${choice.body.Session.slice(0, -4)}AAAA`;
      const refused = await identityCall(t, 'RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'SELECT_CHALLENGE',
        Session: tampered,
        ChallengeResponses: { USERNAME: 'wire.nobody@example.com', ANSWER: 'EMAIL_OTP' },
      });
      expect(refused.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid session for the user.' });

      const bad = await identityCall(t, 'InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: 'wire.client@example.com', PREFERRED_CHALLENGE: 'CARRIER_PIGEON' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.__type).toBe('InvalidParameterException');
      expect(bad.body.message).toMatch(/PREFERRED_CHALLENGE/);
    });

    it('sends at most 10 sign-in codes per username an hour, known or not, with the same refusal', async () => {
      await createSignedInUser(t, { email: 'many.codes@example.com', role: 'CLIENT' });
      const clientId = t.runtime.identity.clientId;
      for (const username of ['many.codes@example.com', 'many.nobody@example.com']) {
        const ask = () =>
          identityCall(t, 'InitiateAuth', {
            AuthFlow: 'USER_AUTH',
            ClientId: clientId,
            AuthParameters: { USERNAME: username, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
          });
        for (let i = 0; i < SIGN_IN_CODES_PER_USERNAME_PER_HOUR; i++) expect((await ask()).status, `${username} #${i + 1}`).toBe(200);
        expect((await ask()).body, username).toEqual({ __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
      }
      expect(await readOutbox(t.database.db, 'many.codes@example.com', 20)).toHaveLength(SIGN_IN_CODES_PER_USERNAME_PER_HOUR);
    });

    it('works through the AWS SDK: SELECT_CHALLENGE, then EMAIL_OTP, then tokens', async () => {
      const u = await createSignedInUser(t, { email: 'sdk.otp@example.com', role: 'CLIENT' });
      const client = new CognitoIdentityProviderClient({
        region: 'ap-south-1',
        endpoint: `${baseUrl}/identity`,
        credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
      });
      const ClientId = t.runtime.identity.clientId;
      const first = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_AUTH', ClientId, AuthParameters: { USERNAME: u.email } }));
      expect(first.ChallengeName).toBe('SELECT_CHALLENGE');
      expect(first.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP']);
      const second = await client.send(
        new RespondToAuthChallengeCommand({
          ClientId,
          ChallengeName: 'SELECT_CHALLENGE',
          Session: first.Session,
          ChallengeResponses: { USERNAME: u.email, ANSWER: 'EMAIL_OTP' },
        }),
      );
      expect(second.ChallengeName).toBe('EMAIL_OTP');
      expect(second.ChallengeParameters).toEqual({ CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: 's***p@example.com' });
      const third = await client.send(
        new RespondToAuthChallengeCommand({
          ClientId,
          ChallengeName: 'EMAIL_OTP',
          Session: second.Session,
          ChallengeResponses: { USERNAME: u.email, EMAIL_OTP_CODE: await latestCode(t, u.email) },
        }),
      );
      expect(third.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
      client.destroy();
    });
  });

  describe('IDENTITY_SIGN_IN_FACTORS=PASSWORD,EMAIL_OTP with IDENTITY_MFA=OPTIONAL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { env: { IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,EMAIL_OTP', IDENTITY_MFA: 'OPTIONAL' } });
      await configureAmplify(t);
    });
    afterEach(async () => {
      await signOut().catch(() => {});
    });
    afterAll(async () => {
      await t?.close();
    });

    it('does not offer SMS codes, and refuses them when chosen anyway', async () => {
      const u = await createSignedInUser(t, {
        email: 'no.sms@example.com',
        role: 'CLIENT',
        attributes: { phone_number: '+919812345678', phone_number_verified: 'true' },
      });
      const step = await signIn({ username: u.email, options: { ...USER_AUTH, preferredChallenge: 'SMS_OTP' } });
      expect(step.nextStep).toEqual({
        signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
        availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
      });
      await expect(confirmSignIn({ challengeResponse: 'SMS_OTP' })).rejects.toMatchObject({ name: 'InvalidParameterException' });
      expect(await readOutbox(t.database.db, '+919812345678', 1)).toEqual([]);
    });

    it('without WEB_AUTHN, refuses to register passkeys but still lists them', async () => {
      const u = await createSignedInUser(t, { email: 'no.passkeys@example.com', role: 'CLIENT' });
      expect((await identityCall(t, 'StartWebAuthnRegistration', { AccessToken: u.accessToken })).body).toEqual({
        __type: 'WebAuthnNotEnabledException',
        message: 'Passkeys are not enabled for this user pool.',
      });
      expect((await identityCall(t, 'ListWebAuthnCredentials', { AccessToken: u.accessToken })).body).toEqual({ Credentials: [] });
    });

    it('a chosen password still asks for the email second factor the person turned on', async () => {
      const u = await createSignedInUser(t, { email: 'mfa.staff@example.com', role: 'ADMIN' });
      await signIn({ username: u.email, password: u.password });
      await updateMFAPreference({ email: 'PREFERRED' });
      await signOut();
      const step = await signIn({ username: u.email, password: u.password, options: { ...USER_AUTH, preferredChallenge: 'PASSWORD_SRP' } });
      expect(step.nextStep).toMatchObject({ signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE' });
      const code = await latestCode(t, u.email);
      expect(code).toMatch(/^\d{6}$/);
      expect(await confirmSignIn({ challengeResponse: code })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    });
  });
});
