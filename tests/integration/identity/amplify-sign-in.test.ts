// Sign-in flows through the real aws-amplify client: SRP, forced new password, refresh,
// sign-out (RevokeToken) and global sign-out.
import { fetchAuthSession, fetchUserAttributes, getCurrentUser, confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall, latestTemporaryPassword } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { configureAmplify, type MemoryStorage } from './amplify-harness.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

describe.each(engines)('Amplify sign-in flows (%s)', (engine) => {
  let t: TestApp;
  let storage: MemoryStorage;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'http://clinic.test' } });
    ({ storage } = await configureAmplify(t));
  });
  afterAll(async () => {
    await signOut().catch(() => {});
    await t?.close();
  });

  it('signs in with SRP (the default flow) and reads the attributes', async () => {
    const u = await createSignedInUser(t, { email: 'srp.user@example.com', role: 'DOCTOR' });
    const result = await signIn({ username: 'SRP.User@example.com', password: u.password });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const current = await getCurrentUser();
    expect(current).toMatchObject({ username: 'srp.user@example.com', userId: u.sub });
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ email: 'srp.user@example.com', email_verified: 'true', 'custom:role': 'DOCTOR', sub: u.sub });
    const session = await fetchAuthSession();
    const id = session.tokens!.idToken!.payload;
    expect(id).toMatchObject({
      iss: `http://clinic.test/identity/${t.runtime.identity.poolId}`,
      token_use: 'id',
      'custom:role': 'DOCTOR',
      email_verified: true,
    });
    await signOut();
  });

  it("rejects a wrong password with Cognito's error", async () => {
    await createSignedInUser(t, { email: 'wrong.pw@example.com', role: 'NURSE' });
    await expect(signIn({ username: 'wrong.pw@example.com', password: 'Not-the-Password-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn({ username: 'nobody@example.com', password: 'Not-the-Password-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('walks an invited user through the forced new password', async () => {
    await t.runtime.identity.admin.adminCreateUser({
      Username: 'invited@example.com',
      UserAttributes: [{ Name: 'custom:role', Value: 'RECEPTION' }],
    });
    const temporary = await latestTemporaryPassword(t, 'invited@example.com');
    const first = await signIn({ username: 'invited@example.com', password: temporary });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await expect(confirmSignIn({ challengeResponse: 'short' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    });
    const done = await confirmSignIn({ challengeResponse: 'Brand-New-Pass-42' });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await t.runtime.identity.admin.adminGetUser({ Username: 'invited@example.com' })).UserStatus).toBe('CONFIRMED');
    await signOut();
    expect((await signIn({ username: 'invited@example.com', password: 'Brand-New-Pass-42' })).isSignedIn).toBe(true);
    await signOut();
  });

  it('refreshes with fetchAuthSession({ forceRefresh }) and rotates the refresh token', async () => {
    const u = await createSignedInUser(t, { email: 'refresh@example.com', role: 'CLIENT' });
    await signIn({ username: u.email, password: u.password });
    const before = storage.token('refreshToken');
    const firstAccess = storage.token('accessToken');
    await new Promise((r) => setTimeout(r, 1100));
    const session = await fetchAuthSession({ forceRefresh: true });
    const after = storage.token('refreshToken');
    expect(after).not.toBe(before);
    expect(session.tokens!.accessToken.toString()).not.toBe(firstAccess);
    expect(decodeJwt(session.tokens!.accessToken.toString()).origin_jti).toBe(decodeJwt(firstAccess!).origin_jti);
    // The rotated-out token is refused, and presenting it revokes the family.
    const reuse = await identityCall(t, 'GetTokensFromRefreshToken', { ClientId: t.runtime.identity.clientId, RefreshToken: before });
    expect(reuse.status).toBe(400);
    expect(reuse.body.__type).toBe('RefreshTokenReuseException');
    const next = await identityCall(t, 'GetTokensFromRefreshToken', { ClientId: t.runtime.identity.clientId, RefreshToken: after });
    expect(next.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    await signOut();
  });

  it('signOut() revokes the refresh token and its access tokens', async () => {
    const u = await createSignedInUser(t, { email: 'signout@example.com', role: 'CLIENT' });
    await signIn({ username: u.email, password: u.password });
    const access = storage.token('accessToken')!;
    const refresh = storage.token('refreshToken')!;
    await signOut();
    expect(storage.token('accessToken')).toBeNull();
    const get = await identityCall(t, 'GetUser', { AccessToken: access });
    expect(get.body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    const again = await identityCall(t, 'GetTokensFromRefreshToken', { ClientId: t.runtime.identity.clientId, RefreshToken: refresh });
    expect(again.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    await expect(t.runtime.identity.accessTokens.verify(access)).rejects.toMatchObject({ reason: 'revoked' });
    // Other sessions of the same user are unaffected.
    await identityCall(t, 'GetUser', { AccessToken: u.accessToken }).then((r) => expect(r.status).toBe(200));
  });

  it('signOut({ global: true }) ends every session of the user', async () => {
    const u = await createSignedInUser(t, { email: 'global@example.com', role: 'CLIENT' });
    await signIn({ username: u.email, password: u.password });
    const access = storage.token('accessToken')!;
    await signOut({ global: true });
    for (const token of [access, u.accessToken]) {
      const get = await identityCall(t, 'GetUser', { AccessToken: token });
      expect(get.body.message).toBe('Access Token has been revoked');
    }
    const refresh = await identityCall(t, 'InitiateAuth', {
      ClientId: t.runtime.identity.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: u.refreshToken },
    });
    expect(refresh.body.message).toBe('Refresh Token has been revoked');
  });
});
