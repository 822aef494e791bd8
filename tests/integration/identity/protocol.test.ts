// The wire protocol itself over inject: CORS, error format, bad input to every action (never a
// 500, nothing stored), discovery documents, self sign-up switch, rate limits.
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cognitoClient } from '../../../server/identity/cognito.ts';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { SoftwareAuthenticator } from '../../support/webauthn-authenticator.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

const USER_ACTIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
  'DeleteUser',
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
];

async function counts(t: TestApp) {
  const { rows } = await sql<{ users: number; codes: number; families: number; sessions: number; outbox: number }>`
    select (select count(*) from identity.users)::int as users, (select count(*) from identity.codes)::int as codes,
           (select count(*) from identity.token_families)::int as families, (select count(*) from identity.auth_sessions)::int as sessions,
           (select count(*) from mail_outbox)::int as outbox`.execute(t.database.db);
  return rows[0];
}

describe.each(engines)('identity wire protocol (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { IDENTITY_ALLOW_SELF_SIGNUP: 'true', PUBLIC_URL: 'https://clinic.example', IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,EMAIL_OTP,SMS_OTP,WEB_AUTHN' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the CORS preflight with the headers Amplify sends', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/identity',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control,amz-sdk-invocation-id,amz-sdk-request',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    for (const h of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'cache-control', 'amz-sdk-invocation-id', 'amz-sdk-request']) {
      expect(res.headers['access-control-allow-headers']).toContain(h);
    }
    expect(res.headers['access-control-expose-headers']).toContain('x-amzn-errortype');
    expect(res.headers['access-control-expose-headers']).toContain('x-amzn-requestid');
  });

  it('reports errors as Cognito does: 400, {__type, message}, x-amzn-errortype', async () => {
    const res = await identityCall(t, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.runtime.identity.clientId,
      AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Whatever-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(res.headers['x-amzn-errortype']).toBe('NotAuthorizedException:');
    expect(res.headers['x-amzn-requestid']).toBeTruthy();
    expect(res.headers['content-type']).toContain('application/x-amz-json-1.1');
  });

  it('refuses unknown actions, non-JSON bodies and an unknown client', async () => {
    expect((await identityCall(t, 'HackThePlanet', {})).body.__type).toBe('UnknownOperationException');
    const noTarget = await t.app.inject({ method: 'POST', url: '/identity', headers: { 'content-type': 'application/x-amz-json-1.1' }, payload: '{}' });
    expect(noTarget.statusCode).toBe(400);
    for (const payload of ['not json', '[1,2]', '"string"', '{"unterminated']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/identity',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).__type).toBe('SerializationException');
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: { 'content-type': 'text/plain', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    const client = await identityCall(t, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'someoneelse',
      AuthParameters: { USERNAME: 'a@b.co', PASSWORD: 'x' },
    });
    expect(client.body).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client someoneelse does not exist.' });
  });

  it('answers bad input to every action with a 4xx and stores nothing', async () => {
    const before = await counts(t);
    const bodies: Record<string, unknown>[] = [
      {},
      { ClientId: 42, Username: ['x'], AccessToken: 7, Session: {}, AuthFlow: null, AuthParameters: 'x', ChallengeResponses: [1] },
      { ClientId: t.runtime.identity.clientId, Username: 'x'.repeat(5000), Password: 'y'.repeat(5000), AccessToken: 'z'.repeat(10000) },
      { ClientId: t.runtime.identity.clientId, UserAttributes: [{ Name: 5 }], AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'a@b.co', SRP_A: '0' } },
      { ClientId: t.runtime.identity.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'a@b.co', SRP_A: 'zz' }, UserCode: 'abcdefgh' },
    ];
    for (const action of USER_ACTIONS) {
      for (const body of bodies) {
        const res = await identityCall(t, action, body);
        expect(res.status, `${action} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${action} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        expect(typeof res.body.__type).toBe('string');
        expect(typeof res.body.message).toBe('string');
      }
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      payload: JSON.stringify({ ClientId: t.runtime.identity.clientId, Username: 'big@example.com', Password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await counts(t)).toEqual(before);
  });

  it('takes the passkey relying party from PUBLIC_URL: its host the RP id, its origin the only one accepted', async () => {
    const u = await createSignedInUser(t, { email: 'rp.passkey@example.com', role: 'CLIENT' });
    const start = async () => (await identityCall(t, 'StartWebAuthnRegistration', { AccessToken: u.accessToken })).body.CredentialCreationOptions;
    const options = await start();
    expect(options).toMatchObject({
      rp: { id: 'clinic.example', name: expect.any(String) },
      user: { name: u.email, displayName: u.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: 180_000,
    });
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -8, -257]);
    const complete = (Credential: unknown) => identityCall(t, 'CompleteWebAuthnRegistration', { AccessToken: u.accessToken, Credential });
    const local = new SoftwareAuthenticator('http://localhost:3000');
    expect((await complete(local.register(options))).body.__type).toBe('WebAuthnOriginNotAllowedException');
    const site = new SoftwareAuthenticator('https://clinic.example');
    expect((await complete(site.register(await start()))).body).toEqual({});
    const listed = await identityCall(t, 'ListWebAuthnCredentials', { AccessToken: u.accessToken });
    expect(listed.body.Credentials).toEqual([expect.objectContaining({ RelyingPartyId: 'clinic.example' })]);
    expect((await identityCall(t, 'ListWebAuthnCredentials', { AccessToken: u.accessToken, MaxResults: 21 })).body).toEqual({
      __type: 'InvalidParameterException',
      message: "1 validation error detected: Value at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 20",
    });
    expect((await identityCall(t, 'ListWebAuthnCredentials', { AccessToken: u.accessToken, NextToken: 'forged' })).body.__type).toBe(
      'InvalidParameterException',
    );
  });

  it('names the field and reason for invalid passwords and attributes', async () => {
    const signUp = (Password: string, UserAttributes: unknown[] = []) =>
      identityCall(t, 'SignUp', { ClientId: t.runtime.identity.clientId, Username: 'p@example.com', Password, UserAttributes });
    expect((await signUp('Short-1')).body.message).toBe('Password did not conform with policy: Password not long enough');
    expect((await signUp('NOLOWERCASE-1')).body.message).toBe('Password did not conform with policy: Password must have lowercase characters');
    expect((await signUp('nouppercase-1')).body.message).toBe('Password did not conform with policy: Password must have uppercase characters');
    expect((await signUp('No-Numbers-Here')).body.message).toBe('Password did not conform with policy: Password must have numeric characters');
    expect((await signUp('NoSymbols123')).body.message).toBe('Password did not conform with policy: Password must have symbol characters');
    expect((await signUp(' Leading-Space-1')).body.message).toContain("Value at 'password' failed to satisfy constraint");
    expect((await signUp('Fine-Pass-1', [{ Name: 'custom:role', Value: 'SUPER_ADMIN' }])).body.__type).toBe('NotAuthorizedException');
    expect((await signUp('Fine-Pass-1', [{ Name: 'shoe_size', Value: '9' }])).body.message).toBe('Attribute does not exist in the schema: shoe_size');
    expect((await signUp('With space Pass-1')).status).toBe(200);
  });

  it('publishes its keys and discovery document under the pool id', async () => {
    const { poolId } = t.runtime.identity;
    const jwks = await t.app.inject({ url: `/identity/${poolId}/.well-known/jwks.json` });
    expect(jwks.statusCode).toBe(200);
    const keys = JSON.parse(jwks.body).keys as Record<string, string>[];
    expect(keys).toHaveLength(2);
    for (const k of keys) {
      expect(k).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
      expect(k).not.toHaveProperty('d');
    }
    const oidc = JSON.parse((await t.app.inject({ url: `/identity/${poolId}/.well-known/openid-configuration` })).body);
    expect(oidc).toMatchObject({
      issuer: `https://clinic.example/identity/${poolId}`,
      jwks_uri: `https://clinic.example/identity/${poolId}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect((await t.app.inject({ url: '/identity/ap-south-1_nope/.well-known/jwks.json' })).statusCode).toBe(404);
  });

  it('returns {} for actions without a result', async () => {
    const u = await createSignedInUser(t, { email: 'empty@example.com', role: 'CLIENT' });
    const res = await identityCall(t, 'GlobalSignOut', { AccessToken: u.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('issues tokens with Cognito claim sets', async () => {
    const u = await createSignedInUser(t, { email: 'claims@example.com', role: 'NUTRITIONIST' });
    const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
    const header = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString());
    const access = decode(u.accessToken);
    const id = decode(u.idToken);
    const iss = `https://clinic.example/identity/${t.runtime.identity.poolId}`;
    expect(access).toMatchObject({
      sub: u.sub,
      iss,
      client_id: t.runtime.identity.clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: u.username,
    });
    for (const c of ['origin_jti', 'event_id', 'jti', 'auth_time', 'iat', 'exp']) expect(access).toHaveProperty(c);
    expect(access).not.toHaveProperty('aud');
    expect(access.exp - access.iat).toBe(3600);
    expect(id).toMatchObject({
      sub: u.sub,
      iss,
      aud: t.runtime.identity.clientId,
      token_use: 'id',
      'cognito:username': u.username,
      email: u.email,
      email_verified: true,
      'custom:role': 'NUTRITIONIST',
      origin_jti: access.origin_jti,
      event_id: access.event_id,
      auth_time: access.auth_time,
    });
    expect(header(u.accessToken).kid).not.toBe(header(u.idToken).kid);
    expect(header(u.accessToken).alg).toBe('RS256');
  });

  it('with the defaults: refuses self sign-up and admin over HTTP; limits requests per client IP', async () => {
    const limited = await buildTestApp(engine, { env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const signUp = await identityCall(limited, 'SignUp', {
        ClientId: limited.runtime.identity.clientId,
        Username: 'self@example.com',
        Password: 'Self-Sign-Up-1',
      });
      expect(signUp.body).toEqual({ __type: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
      const url = await limited.listen();
      const client = cognitoClient({
        region: 'ap-south-1',
        endpoint: `${url}/identity`,
        credentials: { accessKeyId: 'AKIDANY', secretAccessKey: 'any-secret' },
      });
      await expect(client.send(new ListUsersCommand({ UserPoolId: limited.runtime.identity.poolId }))).rejects.toMatchObject({
        name: 'MissingAuthenticationTokenException',
      });
      for (const action of ['InitiateAuth', 'ForgotPassword', 'ResendConfirmationCode', 'SignUp']) {
        const body = {
          ClientId: limited.runtime.identity.clientId,
          Username: 'r@example.com',
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'r@example.com', PASSWORD: 'x' },
        };
        const allowed = action === 'SignUp' ? 2 : 3;
        for (let i = 0; i < allowed; i++) expect((await identityCall(limited, action, body)).body.__type).not.toBe('TooManyRequestsException');
        expect((await identityCall(limited, action, body)).body).toEqual({
          __type: 'TooManyRequestsException',
          message: 'Too many requests, please try after some time.',
        });
      }
      // Other clients are not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/identity',
        remoteAddress: '10.1.2.3',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
        payload: JSON.stringify({ ClientId: limited.runtime.identity.clientId, Username: 'r@example.com' }),
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('refreshes with REFRESH_TOKEN_AUTH without rotating', async () => {
    const u = await createSignedInUser(t, { email: 'legacy.refresh@example.com', role: 'CLIENT' });
    const res = await identityCall(t, 'InitiateAuth', {
      ClientId: t.runtime.identity.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: u.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(res.body.AuthenticationResult).not.toHaveProperty('RefreshToken');
    expect((await identityCall(t, 'GetUser', { AccessToken: res.body.AuthenticationResult.AccessToken })).status).toBe(200);
  });
});
