// Access tokens remembered after a full check (server/identity/verified-tokens.ts): every way a
// token stops being good, done through this process, refuses it on the very next call, although
// the same token was checked (and remembered) just before; a change this process did not make
// is seen once the entry ages out.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VERIFIED_TOKEN_TTL_MS } from '../../../server/identity/verified-tokens.ts';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall, signIn } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

describe.each(engines)('remembered access tokens (%s)', (engine) => {
  let t: TestApp;
  let n = 0;
  const getUser = (token: string) => identityCall(t, 'GetUser', { AccessToken: token });
  /** A signed-in user whose token was just checked twice, so it is remembered. */
  const rememberedUser = async () => {
    const u = await createSignedInUser(t, { email: `remembered${++n}@example.com`, role: 'CLIENT' });
    expect((await getUser(u.accessToken)).status).toBe(200);
    expect((await getUser(u.accessToken)).status).toBe(200);
    await t.runtime.identity.accessTokens.verify(u.accessToken);
    return u;
  };
  const expectRevoked = async (token: string) => {
    expect((await getUser(token)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    await expect(t.runtime.identity.accessTokens.verify(token)).rejects.toMatchObject({ reason: 'revoked' });
  };

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('GlobalSignOut refuses the token on the next call', async () => {
    const u = await rememberedUser();
    expect((await identityCall(t, 'GlobalSignOut', { AccessToken: u.accessToken })).status).toBe(200);
    await expectRevoked(u.accessToken);
  });

  it('RevokeToken refuses the access tokens of its family', async () => {
    const u = await rememberedUser();
    await identityCall(t, 'RevokeToken', { ClientId: t.runtime.identity.clientId, Token: u.refreshToken });
    await expectRevoked(u.accessToken);
  });

  it('AdminUserGlobalSignOut, disable, delete, a new password: the next call is refused', async () => {
    const admin = t.runtime.identity.admin;
    const signedOut = await rememberedUser();
    await admin.adminUserGlobalSignOut({ Username: signedOut.email });
    await expectRevoked(signedOut.accessToken);

    const disabled = await rememberedUser();
    await admin.adminDisableUser({ Username: disabled.email });
    await expectRevoked(disabled.accessToken);

    const deleted = await rememberedUser();
    await admin.adminDeleteUser({ Username: deleted.email });
    await expectRevoked(deleted.accessToken);

    const permanent = await rememberedUser();
    await admin.adminSetUserPassword({ Username: permanent.email, Password: 'Other-Pass-456', Permanent: true });
    await expectRevoked(permanent.accessToken);

    const temporary = await rememberedUser();
    await admin.adminSetUserPassword({ Username: temporary.email, Password: 'Temp-Pass-4567', Permanent: false });
    await expectRevoked(temporary.accessToken);
  });

  it('ChangePassword refuses the other sessions at once and keeps the one that changed it', async () => {
    const u = await rememberedUser();
    const other = await signIn(t, u.email, u.password);
    expect((await getUser(other.accessToken)).status).toBe(200);
    const changed = await identityCall(t, 'ChangePassword', { AccessToken: u.accessToken, PreviousPassword: u.password, ProposedPassword: 'Changed-Pass-789' });
    expect(changed.status).toBe(200);
    await expectRevoked(other.accessToken);
    expect((await getUser(u.accessToken)).status).toBe(200);
  });

  it('DeleteUser refuses the token on the next call', async () => {
    const u = await rememberedUser();
    expect((await identityCall(t, 'DeleteUser', { AccessToken: u.accessToken })).status).toBe(200);
    await expectRevoked(u.accessToken);
  });

  it('GetUser shows an attribute change at once', async () => {
    const u = await rememberedUser();
    await identityCall(t, 'UpdateUserAttributes', { AccessToken: u.accessToken, UserAttributes: [{ Name: 'given_name', Value: 'Asha' }] });
    expect((await getUser(u.accessToken)).body.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Asha' });
    await t.runtime.identity.admin.adminUpdateUserAttributes({ Username: u.email, UserAttributes: [{ Name: 'given_name', Value: 'Ravi' }] });
    expect((await getUser(u.accessToken)).body.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Ravi' });
  });

  it('a revocation written by another instance is seen once the entry ages out', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const u = await rememberedUser();
    // Another instance sharing the database signs the user out: this process is not told.
    await sql`update identity.token_families set revoked_at = now() where sub = ${u.sub}`.execute(t.database.db);
    expect((await getUser(u.accessToken)).status).toBe(200);
    vi.setSystemTime(Date.now() + VERIFIED_TOKEN_TTL_MS);
    await expectRevoked(u.accessToken);
  });
});
