// The authorization matrix extended to identity's admin actions over HTTP (SigV4 signed with
// the configured key, unsigned, signed with a wrong key, with a stale date), and to tokens
// whose user was disabled, deleted, signed out or demoted: refused on the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/engines.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { type Actor, addUser } from '../integration/api/support.ts';
import { recordReliability } from './summary.ts';
import { ADMIN_ACTIONS, identityAction, TEST_ADMIN_KEY } from './wire.ts';

const WRONG_KEY = { accessKeyId: TEST_ADMIN_KEY.accessKeyId, secretAccessKey: 'not-the-secret-0123456789abcdefghijklmn' };
const OTHER_ID = { accessKeyId: 'AKIDSOMEONEELSE00001', secretAccessKey: TEST_ADMIN_KEY.secretAccessKey };

describe.each(engines)('authorization beyond the API matrix on %s', (engine) => {
  let t: TestApp;
  let cases = 0;
  let failures = 0;
  const check = (ok: boolean) => {
    cases += 1;
    if (!ok) failures += 1;
    return ok;
  };
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { IDENTITY_ADMIN_ACCESS_KEY_ID: TEST_ADMIN_KEY.accessKeyId, IDENTITY_ADMIN_SECRET_ACCESS_KEY: TEST_ADMIN_KEY.secretAccessKey },
    });
  });
  afterAll(async () => {
    recordReliability({ area: `authorization: admin actions, revoked tokens (${engine})`, cases, failures, dataLost: 0 });
    await t?.close();
  });

  const bodyFor = (action: string, username: string) => {
    const UserPoolId = t.runtime.identity.poolId;
    if (action === 'ListUsers') return { UserPoolId, Limit: 5 };
    if (action === 'AdminCreateUser')
      return { UserPoolId, Username: `new.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, MessageAction: 'SUPPRESS' };
    if (action === 'AdminUpdateUserAttributes') return { UserPoolId, Username: username, UserAttributes: [{ Name: 'given_name', Value: 'Asha' }] };
    if (action === 'AdminSetUserPassword') return { UserPoolId, Username: username, Password: 'Matrix-Pass-123', Permanent: true };
    return { UserPoolId, Username: username };
  };

  it.each(ADMIN_ACTIONS.map((action) => ({ action })))('$action: only the configured key’s signature is accepted', async ({ action }) => {
    const victim = await addUser(t, 'CLIENT');
    const unsigned = await identityAction(t.app, action, bodyFor(action, victim.username));
    expect(check(unsigned.status === 400 && unsigned.body.__type === 'MissingAuthenticationTokenException'), JSON.stringify(unsigned.body)).toBe(true);
    for (const key of [WRONG_KEY, OTHER_ID]) {
      const wrong = await identityAction(t.app, action, bodyFor(action, victim.username), { key });
      expect(check(wrong.status === 400 && wrong.body.__type === 'UnrecognizedClientException'), JSON.stringify(wrong.body)).toBe(true);
    }
    // Nothing happened to the account through the refused calls.
    const after = await t.runtime.identity.admin.adminGetUser({ Username: victim.username });
    expect(check(after.Enabled === true)).toBe(true);
    const signed = await identityAction(t.app, action, bodyFor(action, victim.username), { key: TEST_ADMIN_KEY });
    expect(check(signed.status === 200), JSON.stringify(signed.body)).toBe(true);
  });

  it('a signed request whose body was changed after signing is refused', async () => {
    const victim = await addUser(t, 'CLIENT');
    const { SignatureV4 } = await import('@smithy/signature-v4');
    const { Sha256 } = await import('@aws-crypto/sha256-js');
    const signer = new SignatureV4({ credentials: TEST_ADMIN_KEY, region: 'ap-south-1', service: 'cognito-idp', sha256: Sha256 });
    const headers = { host: 'localhost', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDisableUser' };
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'https:',
      hostname: 'localhost',
      path: '/identity',
      headers,
      body: JSON.stringify({ UserPoolId: t.runtime.identity.poolId, Username: 'someone.else@example.com' }),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: signed.headers as Record<string, string>,
      payload: JSON.stringify({ UserPoolId: t.runtime.identity.poolId, Username: victim.username }),
    });
    expect(check(res.statusCode === 400 && JSON.parse(res.body).__type === 'UnrecognizedClientException')).toBe(true);
    expect((await t.runtime.identity.admin.adminGetUser({ Username: victim.username })).Enabled).toBe(true);
  });

  const apiGet = (actor: Actor) =>
    t.app.inject({ method: 'GET', url: `/api/v1/users/users/${actor.id}`, headers: { authorization: `Bearer ${actor.accessToken}` } });

  it.each([
    { what: 'disabled', act: (a: Actor) => t.runtime.identity.admin.adminDisableUser({ Username: a.username }), status: 401 },
    { what: 'deleted', act: (a: Actor) => t.runtime.identity.admin.adminDeleteUser({ Username: a.username }), status: 401 },
    { what: 'signed out everywhere', act: (a: Actor) => t.runtime.identity.admin.adminUserGlobalSignOut({ Username: a.username }), status: 401 },
    {
      what: 'signed out by themself',
      act: async (a: Actor) => {
        await identityAction(t.app, 'GlobalSignOut', { AccessToken: a.accessToken });
      },
      status: 401,
    },
    {
      what: 'removed by an administrator through the API',
      act: async (a: Actor) => {
        const admin = await addUser(t, 'ADMIN');
        const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/users/users/${a.id}`, headers: { authorization: `Bearer ${admin.accessToken}` } });
        expect(res.statusCode).toBe(204);
      },
      status: 401,
    },
  ])('a token of a user $what is refused on the next request', async ({ act, status }) => {
    const actor = await addUser(t, 'CLIENT');
    expect((await apiGet(actor)).statusCode).toBe(200);
    await act(actor);
    const res = await apiGet(actor);
    expect(check(res.statusCode === status), res.body).toBe(true);
    expect(JSON.parse(res.body).detail).toMatch(/invalid/i);
  });

  it('a demoted user loses the role’s rights on the next request', async () => {
    const superAdmin = await addUser(t, 'SUPER_ADMIN');
    const nurse = await addUser(t, 'NURSE');
    const list = () => t.app.inject({ method: 'GET', url: '/api/v1/users/users', headers: { authorization: `Bearer ${nurse.accessToken}` } });
    expect((await list()).statusCode).toBe(200);
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/user-profiles/${nurse.id}`,
      headers: { authorization: `Bearer ${superAdmin.accessToken}` },
      payload: { role: 'CLIENT' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    // The same, still unexpired token: the role comes from the clinic's users row every request.
    expect(check((await list()).statusCode === 403)).toBe(true);
  });
});
