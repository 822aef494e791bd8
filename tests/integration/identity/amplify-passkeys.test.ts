// Passkeys through the real aws-amplify client: associateWebAuthnCredential (Start, the
// authenticator, Complete), listWebAuthnCredentials, deleteWebAuthnCredential, and a sign-in with
// the passkey alone (USER_AUTH, WEB_AUTHN), chosen up front or from the choice of factors. The
// "browser" is this process with a software authenticator behind navigator.credentials.
import { CognitoIdentityProviderClient, ListWebAuthnCredentialsCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  associateWebAuthnCredential,
  confirmSignIn,
  deleteWebAuthnCredential,
  getCurrentUser,
  listWebAuthnCredentials,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../../support/engines.ts';
import { createSignedInUser } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { installNavigatorCredentials, SoftwareAuthenticator } from '../../support/webauthn-authenticator.ts';
import { configureAmplify, type MemoryStorage } from './amplify-harness.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

const PASSKEY = { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } as const;
const DONE = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };

describe.each(engines)('passkeys through Amplify (%s)', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  let storage: MemoryStorage;
  let authenticator: SoftwareAuthenticator;
  let browser: ReturnType<typeof installNavigatorCredentials>;

  beforeAll(async () => {
    // Passkeys are on where the clinic names WEB_AUTHN (docs/identity.md).
    t = await buildTestApp(engine, { env: { IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,EMAIL_OTP,SMS_OTP,WEB_AUTHN' } });
    ({ baseUrl, storage } = await configureAmplify(t));
    authenticator = new SoftwareAuthenticator(t.runtime.config.publicUrl);
    browser = installNavigatorCredentials(authenticator);
  });
  afterEach(async () => {
    browser.control.cancel = false;
    await signOut().catch(() => {});
  });
  afterAll(async () => {
    browser?.uninstall();
    await t?.close();
  });

  it('a client adds a passkey, sees it listed, signs out and signs in with the passkey alone', async () => {
    const u = await createSignedInUser(t, { email: 'passkey.client@example.com', role: 'CLIENT' });
    await signIn({ username: u.email, password: u.password });
    await associateWebAuthnCredential();
    const { credentials, nextToken } = await listWebAuthnCredentials();
    expect(nextToken).toBeUndefined();
    expect(credentials).toEqual([
      {
        credentialId: authenticator.passkeys[0].id.toString('base64url'),
        friendlyCredentialName: 'Passkey 1',
        relyingPartyId: 'localhost',
        authenticatorAttachment: 'platform',
        authenticatorTransports: ['internal', 'hybrid'],
        createdAt: expect.any(Date),
      },
    ]);
    expect(Math.abs(credentials[0].createdAt!.getTime() - Date.now())).toBeLessThan(60_000);
    await signOut();

    expect(await signIn({ username: u.email, options: PASSKEY })).toEqual(DONE);
    expect(await getCurrentUser()).toMatchObject({ username: u.username, userId: u.sub });
    expect(storage.token('accessToken')).toEqual(expect.any(String));
    const row = await t.database.db
      .selectFrom('identity.webauthn_credentials')
      .select(['sign_count', 'last_used_at'])
      .where('sub', '=', u.sub)
      .executeTakeFirstOrThrow();
    expect(Number(row.sign_count)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    await signOut();

    // From the choice of factors: WEB_AUTHN is offered now that the account has a passkey.
    expect(await signIn({ username: u.email, options: { authFlowType: 'USER_AUTH' } })).toEqual({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
        availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP'],
      },
    });
    expect(await confirmSignIn({ challengeResponse: 'WEB_AUTHN' })).toEqual(DONE);

    const events = await t.database.db.selectFrom('identity.security_events').select(['event', 'outcome']).where('sub', '=', u.sub).orderBy('id').execute();
    expect(events).toEqual([
      { event: 'webauthn.registered', outcome: 'success' },
      { event: 'webauthn.sign_in', outcome: 'success' },
      { event: 'webauthn.sign_in', outcome: 'success' },
    ]);
  });

  it('refuses the same authenticator twice, pages the list, and removes passkeys until none is offered', async () => {
    const u = await createSignedInUser(t, { email: 'two.passkeys@example.com', role: 'NURSE' });
    await signIn({ username: u.email, password: u.password });
    authenticator.passkeys.splice(0);
    await associateWebAuthnCredential();
    // The options exclude the passkey already registered, so the authenticator declines.
    await expect(associateWebAuthnCredential()).rejects.toMatchObject({ name: 'PasskeyAlreadyExists' });
    // Another device (this authenticator with its passkeys put away) adds a second one.
    const first = authenticator.passkeys.splice(0);
    await associateWebAuthnCredential();
    authenticator.passkeys.unshift(...first);

    const page1 = await listWebAuthnCredentials({ pageSize: 1 });
    expect(page1.credentials.map((c) => c.friendlyCredentialName)).toEqual(['Passkey 1']);
    expect(page1.nextToken).toEqual(expect.any(String));
    const page2 = await listWebAuthnCredentials({ pageSize: 1, nextToken: page1.nextToken });
    expect(page2.credentials.map((c) => c.friendlyCredentialName)).toEqual(['Passkey 2']);
    expect(page2.nextToken).toBeUndefined();

    await deleteWebAuthnCredential({ credentialId: page1.credentials[0].credentialId! });
    expect((await listWebAuthnCredentials()).credentials.map((c) => c.credentialId)).toEqual([page2.credentials[0].credentialId]);
    await signOut();
    // The remaining passkey signs in; the options name only it.
    expect(await signIn({ username: u.email, options: PASSKEY })).toEqual(DONE);
    await deleteWebAuthnCredential({ credentialId: page2.credentials[0].credentialId! });
    expect((await listWebAuthnCredentials()).credentials).toEqual([]);
    await signOut();

    // No passkey left: WEB_AUTHN asked for is not offered, and the person chooses another factor.
    expect(await signIn({ username: u.email, options: PASSKEY })).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP'] },
    });
  });

  it('reports a cancelled passkey dialog as Amplify names it, and the sign-in can be tried again', async () => {
    const u = await createSignedInUser(t, { email: 'cancel.passkey@example.com', role: 'CLIENT' });
    await signIn({ username: u.email, password: u.password });
    authenticator.passkeys.splice(0);
    await associateWebAuthnCredential();
    await signOut();
    browser.control.cancel = true;
    await expect(signIn({ username: u.email, options: PASSKEY })).rejects.toMatchObject({ name: 'PasskeyAuthenticationCanceled' });
    browser.control.cancel = false;
    expect(await signIn({ username: u.email, options: PASSKEY })).toEqual(DONE);
  });

  it('lists passkeys through the AWS SDK with the access token, CreatedAt as a date', async () => {
    const u = await createSignedInUser(t, { email: 'sdk.passkey@example.com', role: 'DOCTOR' });
    await signIn({ username: u.email, password: u.password });
    authenticator.passkeys.splice(0);
    await associateWebAuthnCredential();
    const client = new CognitoIdentityProviderClient({
      region: 'ap-south-1',
      endpoint: `${baseUrl}/identity`,
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
    });
    const out = await client.send(new ListWebAuthnCredentialsCommand({ AccessToken: storage.token('accessToken')!, MaxResults: 20 }));
    expect(out.Credentials).toEqual([
      {
        CredentialId: authenticator.passkeys[0].id.toString('base64url'),
        FriendlyCredentialName: 'Passkey 1',
        RelyingPartyId: 'localhost',
        AuthenticatorAttachment: 'platform',
        AuthenticatorTransports: ['internal', 'hybrid'],
        CreatedAt: expect.any(Date),
      },
    ]);
    client.destroy();
  });
});
