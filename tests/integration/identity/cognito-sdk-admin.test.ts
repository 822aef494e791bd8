// The Cognito provider's admin adapter (@aws-sdk/client-cognito-identity-provider) run against
// the built-in service over HTTP: signed with the admin key it administers the pool; unsigned
// or wrongly signed requests are refused.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cognitoClient, createCognitoAdmin, createJwksAccessTokenVerifier } from '../../../server/identity/cognito.ts';
import type { IdentityAdmin } from '../../../server/identity/contracts.ts';
import { engines } from '../../support/engines.ts';
import { identityCall, latestCode, latestTemporaryPassword, signIn } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

const KEY = { accessKeyId: 'AKIDCLINICADMIN01', secretAccessKey: 'admin-secret-for-tests-only-0123456789' };

describe.each(engines)('Cognito SDK adapter against the built-in service (%s)', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  let admin: IdentityAdmin;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { IDENTITY_ADMIN_ACCESS_KEY_ID: KEY.accessKeyId, IDENTITY_ADMIN_SECRET_ACCESS_KEY: KEY.secretAccessKey },
    });
    baseUrl = await t.listen();
    admin = createCognitoAdmin(cognitoClient({ region: 'ap-south-1', endpoint: `${baseUrl}/identity`, credentials: KEY }), t.runtime.identity.poolId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, updates, lists, resets, disables and deletes users', async () => {
    const { User } = await admin.adminCreateUser({
      Username: 'SDK.User@example.com',
      UserAttributes: [
        { Name: 'email', Value: 'sdk.user@example.com' },
        { Name: 'custom:role', Value: 'ADMIN' },
      ],
    });
    expect(User).toMatchObject({ Username: 'sdk.user@example.com', UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    expect(User.UserCreateDate).toBeInstanceOf(Date);
    const temporary = await latestTemporaryPassword(t, 'sdk.user@example.com');
    expect(temporary.length).toBeGreaterThanOrEqual(8);

    await expect(admin.adminCreateUser({ Username: 'sdk.user@example.com' })).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'User account already exists',
    });
    await admin.adminCreateUser({ Username: 'sdk.user@example.com', MessageAction: 'RESEND' });
    expect(await latestTemporaryPassword(t, 'sdk.user@example.com')).not.toBe(temporary);

    const got = await admin.adminGetUser({ Username: 'sdk.user@example.com' });
    expect(got.Attributes).toEqual(
      expect.arrayContaining([
        { Name: 'custom:role', Value: 'ADMIN' },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
    await admin.adminUpdateUserAttributes({
      Username: 'sdk.user@example.com',
      UserAttributes: [
        { Name: 'custom:role', Value: 'DOCTOR' },
        { Name: 'given_name', Value: 'Sam' },
      ],
    });
    expect((await admin.adminGetUser({ Username: 'sdk.user@example.com' })).Attributes).toEqual(
      expect.arrayContaining([{ Name: 'custom:role', Value: 'DOCTOR' }]),
    );

    await admin.adminSetUserPassword({ Username: 'sdk.user@example.com', Password: 'Sdk-Perm-Pass-1', Permanent: true });
    expect((await admin.adminGetUser({ Username: 'sdk.user@example.com' })).UserStatus).toBe('CONFIRMED');
    const tokens = await signIn(t, 'sdk.user@example.com', 'Sdk-Perm-Pass-1');

    await admin.adminUserGlobalSignOut({ Username: 'sdk.user@example.com' });
    expect((await identityCall(t, 'GetUser', { AccessToken: tokens.accessToken })).body.message).toBe('Access Token has been revoked');

    await admin.adminResetUserPassword({ Username: 'sdk.user@example.com' });
    expect((await admin.adminGetUser({ Username: 'sdk.user@example.com' })).UserStatus).toBe('RESET_REQUIRED');
    const reset = await identityCall(t, 'InitiateAuth', {
      ClientId: t.runtime.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'sdk.user@example.com', PASSWORD: 'Sdk-Perm-Pass-1' },
    });
    expect(reset.body).toEqual({ __type: 'PasswordResetRequiredException', message: 'Password reset required for the user' });
    const code = await latestCode(t, 'sdk.user@example.com');
    await identityCall(t, 'ConfirmForgotPassword', {
      ClientId: t.runtime.identity.clientId,
      Username: 'sdk.user@example.com',
      ConfirmationCode: code,
      Password: 'Sdk-Reset-Pass-2',
    });
    expect((await admin.adminGetUser({ Username: 'sdk.user@example.com' })).UserStatus).toBe('CONFIRMED');

    for (const n of [1, 2, 3]) await admin.adminCreateUser({ Username: `list${n}@example.com`, MessageAction: 'SUPPRESS' });
    const page1 = await admin.listUsers({ Limit: 2, Filter: 'email ^= "list"' });
    expect(page1.Users.map((u) => u.Username)).toEqual(['list1@example.com', 'list2@example.com']);
    const page2 = await admin.listUsers({ Limit: 2, Filter: 'email ^= "list"', PaginationToken: page1.PaginationToken });
    expect(page2.Users.map((u) => u.Username)).toEqual(['list3@example.com']);
    expect(page2.PaginationToken).toBeUndefined();
    expect((await admin.listUsers({ Filter: 'cognito:user_status = "FORCE_CHANGE_PASSWORD"' })).Users).toHaveLength(3);

    await admin.adminDisableUser({ Username: 'sdk.user@example.com' });
    expect((await admin.adminGetUser({ Username: 'sdk.user@example.com' })).Enabled).toBe(false);
    await admin.adminEnableUser({ Username: 'sdk.user@example.com' });
    await admin.adminDeleteUser({ Username: 'sdk.user@example.com' });
    await expect(admin.adminGetUser({ Username: 'sdk.user@example.com' })).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });

  it('refuses unsigned and wrongly signed admin requests', async () => {
    const before = await t.database.db
      .selectFrom('identity.users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const unsigned = await identityCall(t, 'AdminCreateUser', { UserPoolId: t.runtime.identity.poolId, Username: 'intruder@example.com' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
    const wrong = createCognitoAdmin(
      cognitoClient({ region: 'ap-south-1', endpoint: `${baseUrl}/identity`, credentials: { ...KEY, secretAccessKey: 'not-the-secret' } }),
      t.runtime.identity.poolId,
    );
    await expect(wrong.adminCreateUser({ Username: 'intruder@example.com' })).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    const otherKey = createCognitoAdmin(
      cognitoClient({
        region: 'ap-south-1',
        endpoint: `${baseUrl}/identity`,
        credentials: { accessKeyId: 'AKIDSOMEONEELSE', secretAccessKey: KEY.secretAccessKey },
      }),
      t.runtime.identity.poolId,
    );
    await expect(otherKey.listUsers({})).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    const otherPool = createCognitoAdmin(cognitoClient({ region: 'ap-south-1', endpoint: `${baseUrl}/identity`, credentials: KEY }), 'ap-south-1_Other');
    await expect(otherPool.listUsers({})).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    const after = await t.database.db
      .selectFrom('identity.users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('verifies access tokens against the published JWKS (the Cognito verifier)', async () => {
    await t.runtime.identity.admin.adminCreateUser({ Username: 'jwks@example.com', MessageAction: 'SUPPRESS' });
    await t.runtime.identity.admin.adminSetUserPassword({ Username: 'jwks@example.com', Password: 'Jwks-Pass-123', Permanent: true });
    const tokens = await signIn(t, 'jwks@example.com', 'Jwks-Pass-123');
    const { createRemoteJWKSet } = await import('jose');
    const verifier = createJwksAccessTokenVerifier({
      issuer: t.runtime.identity.issuer,
      clientId: t.runtime.identity.clientId,
      jwks: createRemoteJWKSet(new URL(`${baseUrl}/identity/${t.runtime.identity.poolId}/.well-known/jwks.json`)),
    });
    expect((await verifier.verify(tokens.accessToken)).username).toBe('jwks@example.com');
    await expect(verifier.verify(tokens.idToken)).rejects.toMatchObject({ reason: 'invalid' });
  });
});
