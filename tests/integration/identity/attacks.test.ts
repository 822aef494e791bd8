// Attacks on the built-in service over the wire: lockout, codes (reuse, expiry, other purpose or
// user), forged tokens, revoked refresh tokens, sessions, user enumeration, temporary password
// expiry, key rotation; passkeys (replay, origin, relying party, cloned counters, deleted
// credentials, limits, unknown accounts).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall, latestCode, latestTemporaryPassword, srpClient } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Ceremony, type RequestOptionsJSON, SoftwareAuthenticator } from '../../support/webauthn-authenticator.ts';
import { PASSKEY_SIGN_INS_PER_USERNAME_PER_HOUR } from '../../../server/identity/user-auth.ts';
import { PASSKEY_REGISTRATIONS_PER_USER_PER_HOUR } from '../../../server/identity/webauthn.ts';

// Building a test app (PGlite, migrations, RSA keys) is slow on a busy 2-core machine.
vi.setConfig({ hookTimeout: 180_000, testTimeout: 120_000 });

describe.each(engines)('identity under attack (%s)', (engine) => {
  let t: TestApp;
  let clientId: string;
  const passwordAuth = (username: string, password: string) =>
    identityCall(t, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { IDENTITY_ALLOW_SELF_SIGNUP: 'true', IDENTITY_SIGN_IN_FACTORS: 'PASSWORD,EMAIL_OTP,SMS_OTP,WEB_AUTHN' } });
    clientId = t.runtime.identity.clientId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('locks the account after 5 failures, doubling from 1 s', async () => {
    const u = await createSignedInUser(t, { email: 'locked@example.com', role: 'CLIENT' });
    for (let i = 0; i < 5; i++) expect((await passwordAuth(u.email, 'Wrong-Pass-1')).body.message).toBe('Incorrect username or password.');
    // Locked for 1 s: even the right password is refused.
    expect((await passwordAuth(u.email, u.password)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    const row = await t.database.db
      .selectFrom('identity.users')
      .select(['failed_attempts', 'lockout_until'])
      .where('username', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await passwordAuth(u.email, 'Wrong-Pass-1')).body.message).toBe('Incorrect username or password.');
    const second = await t.database.db.selectFrom('identity.users').select(['lockout_until']).where('username', '=', u.email).executeTakeFirstOrThrow();
    const seconds = (new Date(second.lockout_until!).getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await passwordAuth(u.email, u.password)).status).toBe(200);
    const reset = await t.database.db.selectFrom('identity.users').select(['failed_attempts']).where('username', '=', u.email).executeTakeFirstOrThrow();
    expect(reset.failed_attempts).toBe(0);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    await createSignedInUser(t, { email: 'known@example.com', role: 'CLIENT' });
    const known = await passwordAuth('known@example.com', 'Wrong-Pass-1');
    const unknown = await passwordAuth('unknown@example.com', 'Wrong-Pass-1');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const srp = (username: string) =>
      identityCall(t, 'InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: username, SRP_A: 'abcdef0123456789'.repeat(24) },
      });
    const real = await srp('known@example.com');
    const fake = await srp('unknown@example.com');
    expect(fake.status).toBe(200);
    expect(Object.keys(fake.body.ChallengeParameters).sort()).toEqual(Object.keys(real.body.ChallengeParameters).sort());
    expect(fake.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(fake.body.ChallengeParameters.SALT).toMatch(/^[0-9a-f]{32}$/);
    expect(real.body.ChallengeParameters.SALT).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.body.ChallengeParameters.USER_ID_FOR_SRP).toBe('unknown@example.com');
    expect(Math.abs(fake.body.ChallengeParameters.SECRET_BLOCK.length - real.body.ChallengeParameters.SECRET_BLOCK.length)).toBeLessThan(120);
    // The same salt every time for the same unknown name, as Cognito does.
    expect((await srp('Unknown@example.com')).body.ChallengeParameters.SALT).toBe(fake.body.ChallengeParameters.SALT);
    for (const started of [real, fake]) {
      const answer = await identityCall(t, 'RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: {
          USERNAME: started.body.ChallengeParameters.USER_ID_FOR_SRP,
          PASSWORD_CLAIM_SECRET_BLOCK: started.body.ChallengeParameters.SECRET_BLOCK,
          PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32, 1).toString('base64'),
          TIMESTAMP: new Date().toUTCString().replace(/^(\w+), 0?(\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1 $3 $2 $5 UTC $4'),
        },
      });
      expect(answer.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
    // A tampered secret block is refused the same way.
    const block = Buffer.from(real.body.ChallengeParameters.SECRET_BLOCK, 'base64');
    block[block.length - 1] ^= 1;
    const tampered = await identityCall(t, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: {
        USERNAME: 'known@example.com',
        PASSWORD_CLAIM_SECRET_BLOCK: block.toString('base64'),
        PASSWORD_CLAIM_SIGNATURE: 'AAAA',
        TIMESTAMP: 'Mon Jan 1 00:00:00 UTC 2024',
      },
    });
    expect(tampered.body.message).toBe('Incorrect username or password.');
  });

  it('answers a code resend alike for confirmed, staff-made, disabled and unknown accounts, and sends nothing', async () => {
    const resend = (username: string) => identityCall(t, 'ResendConfirmationCode', { ClientId: clientId, Username: username });
    const confirmed = await createSignedInUser(t, { email: 'resend.confirmed@example.com', role: 'CLIENT' });
    await t.runtime.identity.admin.adminCreateUser({ Username: 'resend.invited@example.com', TemporaryPassword: 'Invited-Temp-1', MessageAction: 'SUPPRESS' });
    const disabled = await createSignedInUser(t, { email: 'resend.disabled@example.com', role: 'CLIENT' });
    await t.runtime.identity.admin.adminDisableUser({ Username: disabled.email });
    const outboxSize = async () => (await sql<{ n: number }>`select count(*)::int as n from mail_outbox`.execute(t.database.db)).rows[0].n;
    const before = await outboxSize();
    // Each real address beside an unknown one with the same shape: the answers match field for field.
    for (const [known, unknown] of [
      [confirmed.email, 'resend.nobody.d@example.com'],
      ['Resend.Invited@example.com', 'Resend.Nobody.d@example.com'],
      [disabled.email, 'resend.someone.d@example.com'],
    ]) {
      const a = await resend(known);
      const b = await resend(unknown);
      expect(a.status).toBe(200);
      expect(b.status).toBe(a.status);
      expect(a.body).toEqual(b.body);
      expect(a.body.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    }
    expect(await outboxSize()).toBe(before);
    // An account that does wait for its code still gets one.
    const signUp = await identityCall(t, 'SignUp', {
      ClientId: clientId,
      Username: 'resend.waiting@example.com',
      Password: 'Sign-Up-Pass-1',
      UserAttributes: [{ Name: 'email', Value: 'resend.waiting@example.com' }],
    });
    expect(signUp.status).toBe(200);
    const waiting = await resend('resend.waiting@example.com');
    expect(waiting.body).toEqual((await resend('resend.nobody.g@example.com')).body);
    expect(await outboxSize()).toBe(before + 2);
  });

  it('completes a raw SRP sign-in and refuses a replayed answer', async () => {
    const u = await createSignedInUser(t, { email: 'replay@example.com', role: 'CLIENT' });
    const client = srpClient(t.runtime.identity.poolId);
    const started = await identityCall(t, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: u.email, SRP_A: client.srpA },
    });
    const answer = client.answer(started.body.ChallengeParameters, u.password);
    const respond = () => identityCall(t, 'RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: answer });
    const families = async () => (await t.database.db.selectFrom('identity.token_families').select('origin_jti').where('sub', '=', u.sub).execute()).length;
    const before = await families();
    const done = await respond();
    expect(done.status).toBe(200);
    expect(done.body.AuthenticationResult.TokenType).toBe('Bearer');
    expect(done.body.AuthenticationResult).not.toHaveProperty('NewDeviceMetadata');
    expect(await families()).toBe(before + 1);
    expect((await respond()).body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    // The replay started no session family.
    expect(await families()).toBe(before + 1);
    // A stale timestamp is refused.
    const again = srpClient(t.runtime.identity.poolId);
    const second = await identityCall(t, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: u.email, SRP_A: again.srpA },
    });
    const stale = again.answer(second.body.ChallengeParameters, u.password, new Date(Date.now() - 3_600_000));
    expect(
      (await identityCall(t, 'RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: stale })).status,
    ).toBe(400);
  });

  it('spends codes once, for one purpose and one user, and expires them', async () => {
    const signUp = (username: string) => identityCall(t, 'SignUp', { ClientId: clientId, Username: username, Password: 'Code-Test-Pass-1' });
    await signUp('code.a@example.com');
    await signUp('code.b@example.com');
    const codeA = await latestCode(t, 'code.a@example.com');
    const codeB = await latestCode(t, 'code.b@example.com');
    const confirm = (username: string, code: string) => identityCall(t, 'ConfirmSignUp', { ClientId: clientId, Username: username, ConfirmationCode: code });
    // Another user's code does not work (unless by chance it is the same six digits).
    if (codeA !== codeB) expect((await confirm('code.a@example.com', codeB)).body.__type).toBe('CodeMismatchException');
    expect((await confirm('code.a@example.com', codeA)).status).toBe(200);
    // A sign-up code is not a password-reset code.
    const reset = await identityCall(t, 'ConfirmForgotPassword', {
      ClientId: clientId,
      Username: 'code.a@example.com',
      ConfirmationCode: codeA,
      Password: 'New-Code-Pass-2',
    });
    expect(reset.body).toEqual({ __type: 'ExpiredCodeException', message: 'Invalid code provided, please request a code again.' });
    // Expired codes are refused.
    await sql`update identity.codes set expires_at = now() - interval '1 second'`.execute(t.database.db);
    expect((await confirm('code.b@example.com', codeB)).body.__type).toBe('ExpiredCodeException');
    // Too many wrong guesses end the code, even for the right one afterwards.
    await identityCall(t, 'ResendConfirmationCode', { ClientId: clientId, Username: 'code.b@example.com' });
    const fresh = await latestCode(t, 'code.b@example.com');
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm('code.b@example.com', wrong)).body.__type).toBe('CodeMismatchException');
    expect((await confirm('code.b@example.com', fresh)).body).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    // Codes are stored hashed.
    const stored = await t.database.db.selectFrom('identity.codes').select('code_hash').execute();
    for (const row of stored) expect(row.code_hash).not.toContain(fresh);
  });

  it('refuses forged, tampered, expired, alg:none, wrong-key and other-client access tokens', async () => {
    const u = await createSignedInUser(t, { email: 'forger@example.com', role: 'CLIENT' });
    const getUser = (token: string) => identityCall(t, 'GetUser', { AccessToken: token });
    const [h, p, s] = u.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const header = JSON.parse(Buffer.from(h, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.${s}`;
    const none = new UnsecuredJWT(claims).encode();
    const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongKey = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: header.kid }).sign(otherKey);
    const service = t.runtime.identity.builtin!;
    const ourKey = await service.keys.signingKey('access');
    const idKey = await service.keys.signingKey('id');
    const sign = (c: Record<string, unknown>, key = ourKey) => new SignJWT(c).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(key.privateKey);
    const expired = await sign({ ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 });
    const otherClient = await sign({ ...claims, client_id: 'anotherclient' });
    const otherIssuer = await sign({ ...claims, iss: 'https://evil.example/identity/x' });
    const idAsAccess = await sign({ ...claims, token_use: 'id' });
    const signedWithIdKey = await sign(claims, idKey);
    expect((await getUser(u.accessToken)).status).toBe(200);
    for (const token of [tampered, none, wrongKey, otherClient, otherIssuer, idAsAccess, signedWithIdKey, u.idToken, 'garbage', `${h}.${p}.`]) {
      expect((await getUser(token)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
      await expect(t.runtime.identity.accessTokens.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
    }
    expect((await getUser(expired)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has expired' });
    await expect(t.runtime.identity.accessTokens.verify(expired)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('refuses tokens of disabled and deleted users, and refresh after revocation', async () => {
    const u = await createSignedInUser(t, { email: 'disabled@example.com', role: 'CLIENT' });
    await t.runtime.identity.admin.adminDisableUser({ Username: u.email });
    expect((await identityCall(t, 'GetUser', { AccessToken: u.accessToken })).body.message).toBe('Access Token has been revoked');
    expect((await passwordAuth(u.email, u.password)).body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
    await t.runtime.identity.admin.adminEnableUser({ Username: u.email });
    const again = await passwordAuth(u.email, u.password);
    expect(again.status).toBe(200);
    const refresh = again.body.AuthenticationResult.RefreshToken;
    await identityCall(t, 'RevokeToken', { ClientId: clientId, Token: refresh });
    const after = await identityCall(t, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refresh });
    expect(after.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    expect((await identityCall(t, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: 'made-up' })).body.message).toBe('Invalid Refresh Token');
    const third = await passwordAuth(u.email, u.password);
    await t.runtime.identity.admin.adminDeleteUser({ Username: u.email });
    await expect(t.runtime.identity.accessTokens.verify(third.body.AuthenticationResult.AccessToken)).rejects.toMatchObject({ reason: 'revoked' });
    expect(
      (await identityCall(t, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: third.body.AuthenticationResult.RefreshToken })).body.__type,
    ).toBe('NotAuthorizedException');
  });

  it('spends auth sessions once and expires them after 3 minutes', async () => {
    await t.runtime.identity.admin.adminCreateUser({ Username: 'session@example.com' });
    const temporary = await latestTemporaryPassword(t, 'session@example.com');
    const start = async () => (await passwordAuth('session@example.com', temporary)).body;
    const challenge = await start();
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const respond = (Session: string, NEW_PASSWORD: string) =>
      identityCall(t, 'RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session,
        ChallengeResponses: { USERNAME: 'session@example.com', NEW_PASSWORD },
      });
    expect((await respond(challenge.Session, 'Chosen-Pass-1')).status).toBe(200);
    expect((await respond(challenge.Session, 'Chosen-Pass-2')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
    await t.runtime.identity.admin.adminSetUserPassword({ Username: 'session@example.com', Password: 'Temp-Again-1', Permanent: false });
    const second = (await passwordAuth('session@example.com', 'Temp-Again-1')).body;
    await sql`update identity.auth_sessions set expires_at = now() - interval '1 second'`.execute(t.database.db);
    expect((await respond(second.Session, 'Chosen-Pass-3')).body.message).toBe('Invalid session for the user, session is expired.');
    expect((await respond('not-a-session', 'Chosen-Pass-3')).body.__type).toBe('NotAuthorizedException');
  });

  it('sends one user at most 10 codes an hour', async () => {
    const u = await createSignedInUser(t, { email: 'flooded@example.com', role: 'CLIENT' });
    const forgot = () => identityCall(t, 'ForgotPassword', { ClientId: clientId, Username: u.email });
    for (let i = 0; i < 10; i++) expect((await forgot()).status).toBe(200);
    expect((await forgot()).body).toEqual({ __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
    const verify = await identityCall(t, 'GetUserAttributeVerificationCode', { AccessToken: u.accessToken, AttributeName: 'email' });
    expect(verify.body.__type).toBe('LimitExceededException');
  });

  it("refuses to take over another account's email", async () => {
    const a = await createSignedInUser(t, { email: 'owner.a@example.com', role: 'CLIENT' });
    await createSignedInUser(t, { email: 'owner.b@example.com', role: 'CLIENT' });
    const res = await identityCall(t, 'UpdateUserAttributes', {
      AccessToken: a.accessToken,
      UserAttributes: [{ Name: 'email', Value: 'Owner.B@example.com' }],
    });
    expect(res.body).toEqual({ __type: 'AliasExistsException', message: 'An account with the email already exists.' });
    await expect(
      t.runtime.identity.admin.adminUpdateUserAttributes({ Username: a.email, UserAttributes: [{ Name: 'email', Value: 'owner.b@example.com' }] }),
    ).rejects.toMatchObject({ name: 'AliasExistsException' });
    expect((await t.runtime.identity.admin.adminGetUser({ Username: a.email })).Attributes).toContainEqual({ Name: 'email', Value: 'owner.a@example.com' });
  });

  it('expires temporary passwords after 7 days', async () => {
    await t.runtime.identity.admin.adminCreateUser({ Username: 'late@example.com', TemporaryPassword: 'Late-Temp-Pass-1', MessageAction: 'SUPPRESS' });
    const user = await t.runtime.identity.admin.adminGetUser({ Username: 'late@example.com' });
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const row = await t.database.db
      .selectFrom('identity.users')
      .select('temp_password_expires_at')
      .where('username', '=', 'late@example.com')
      .executeTakeFirstOrThrow();
    const days = (new Date(row.temp_password_expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    await sql`update identity.users set temp_password_expires_at = now() - interval '1 second' where username = 'late@example.com'`.execute(t.database.db);
    expect((await passwordAuth('late@example.com', 'Late-Temp-Pass-1')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Temporary password has expired and must be reset by an administrator.',
    });
  });

  it('keeps no secret in plain text at rest', async () => {
    const u = await createSignedInUser(t, { email: 'atrest@example.com', role: 'CLIENT' });
    const row = await t.database.db.selectFrom('identity.users').selectAll().where('username', '=', u.email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(u.password);
    expect(() => JSON.parse(Buffer.from(row.srp_sealed!, 'base64url').toString())).toThrow();
    const keys = await t.database.db.selectFrom('identity.signing_keys').selectAll().execute();
    for (const k of keys) expect(k.private_sealed).not.toContain('PRIVATE KEY');
    const refresh = await t.database.db.selectFrom('identity.refresh_tokens').select('token_hash').execute();
    expect(refresh.map((r) => r.token_hash)).not.toContain(u.refreshToken);
  });

  it('rotates signing keys and keeps the old ones published', async () => {
    const u = await createSignedInUser(t, { email: 'rotation@example.com', role: 'CLIENT' });
    const service = t.runtime.identity.builtin!;
    const oldKid = JSON.parse(Buffer.from(u.accessToken.split('.')[0], 'base64url').toString()).kid;
    await service.keys.rotate('access');
    await service.keys.rotate('id');
    const jwks = JSON.parse((await t.app.inject({ url: `/identity/${t.runtime.identity.poolId}/.well-known/jwks.json` })).body);
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(oldKid);
    expect(jwks.keys).toHaveLength(4);
    expect((await identityCall(t, 'GetUser', { AccessToken: u.accessToken })).status).toBe(200);
    const fresh = (await passwordAuth(u.email, u.password)).body.AuthenticationResult.AccessToken;
    expect(JSON.parse(Buffer.from(fresh.split('.')[0], 'base64url').toString()).kid).not.toBe(oldKid);
    expect((await identityCall(t, 'GetUser', { AccessToken: fresh })).status).toBe(200);
  });
  describe('passkeys', () => {
    const REFUSED = { __type: 'NotAuthorizedException', message: 'Incorrect username or passkey.' };
    let ip = 0;
    /** Each test its own client address: the per-IP InitiateAuth limit is not what these test. */
    let from: Record<string, string>;
    const call = (action: string, body: Record<string, unknown>) => identityCall(t, action, body, from);
    beforeEach(() => {
      ip += 1;
      from = { 'x-forwarded-for': `198.51.100.${ip}` };
    });

    const register = async (accessToken: string, authenticator: SoftwareAuthenticator, ceremony: Ceremony = {}) => {
      const start = await call('StartWebAuthnRegistration', { AccessToken: accessToken });
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const credential = authenticator.register(start.body.CredentialCreationOptions, ceremony);
      return { credential, reply: await call('CompleteWebAuthnRegistration', { AccessToken: accessToken, Credential: credential }) };
    };
    const passkeyUser = async (email: string) => {
      const u = await createSignedInUser(t, { email, role: 'CLIENT' });
      const authenticator = new SoftwareAuthenticator(t.runtime.config.publicUrl);
      const { reply } = await register(u.accessToken, authenticator);
      expect(reply).toMatchObject({ status: 200, body: {} });
      return { u, authenticator };
    };
    const start = async (username: string) => {
      const res = await call('InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: username, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
      });
      const options = res.body.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS;
      return { ...res, options: options ? (JSON.parse(options) as RequestOptionsJSON) : undefined };
    };
    const answer = (session: string, username: string, credential: unknown) =>
      call('RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'WEB_AUTHN',
        Session: session,
        ChallengeResponses: { USERNAME: username, CREDENTIAL: JSON.stringify(credential) },
      });
    const reasons = async (sub: string) =>
      (await t.database.db.selectFrom('identity.security_events').select(['event', 'outcome', 'reason']).where('sub', '=', sub).orderBy('id').execute()).filter(
        (e) => e.outcome === 'denied',
      );

    it('refuses a replayed assertion, in its own session and in a new one', async () => {
      const { u, authenticator } = await passkeyUser('replay.passkey@example.com');
      const first = await start(u.email);
      expect(first.body.ChallengeName).toBe('WEB_AUTHN');
      const assertion = authenticator.assert(first.options!);
      expect((await answer(first.body.Session, u.email, assertion)).body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
      expect((await answer(first.body.Session, u.email, assertion)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user, session can only be used once.',
      });
      const second = await start(u.email);
      expect((await answer(second.body.Session, u.email, assertion)).body).toEqual(REFUSED);
      expect(await reasons(u.sub)).toEqual([{ event: 'webauthn.sign_in', outcome: 'denied', reason: 'challenge' }]);
      const replays = await t.database.db.selectFrom('identity.security_events').select('reason').where('reason', '=', 'replay').execute();
      expect(replays.length).toBeGreaterThan(0);
    });

    it('refuses another origin, another relying party and an unverified user, at sign-in and at registration', async () => {
      const { u, authenticator } = await passkeyUser('origin.passkey@example.com');
      const s = await start(u.email);
      for (const ceremony of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
        expect((await answer(s.body.Session, u.email, authenticator.assert(s.options!, ceremony))).body, JSON.stringify(ceremony)).toEqual(REFUSED);
      }
      // The session survives a few refusals, as a mistyped code does; the real assertion then signs in.
      expect((await answer(s.body.Session, u.email, authenticator.assert(s.options!))).status).toBe(200);
      expect((await reasons(u.sub)).map((e) => e.reason)).toEqual(['origin', 'rp-id', 'user-verification']);

      const other = new SoftwareAuthenticator(t.runtime.config.publicUrl);
      const origin = await register(u.accessToken, other, { origin: 'https://evil.example' });
      expect(origin.reply.body.__type).toBe('WebAuthnOriginNotAllowedException');
      expect((await register(u.accessToken, other, { rpId: 'evil.example' })).reply.body.__type).toBe('WebAuthnRelyingPartyMismatchException');
      expect((await register(u.accessToken, other, { userVerified: false })).reply.body.__type).toBe('InvalidParameterException');
      // A registration challenge is spent once, whatever became of it.
      const again = await call('CompleteWebAuthnRegistration', { AccessToken: u.accessToken, Credential: origin.credential });
      expect(again.body.__type).toBe('WebAuthnChallengeNotFoundException');
      const listed = await call('ListWebAuthnCredentials', { AccessToken: u.accessToken });
      expect(listed.body.Credentials).toHaveLength(1);
    });

    it('flags a counter that goes backwards as a cloned authenticator; no copy signs in with it again', async () => {
      const { u, authenticator } = await passkeyUser('clone.passkey@example.com');
      const one = await start(u.email);
      expect((await answer(one.body.Session, u.email, authenticator.assert(one.options!, { counter: 5 }))).status).toBe(200);
      const two = await start(u.email);
      expect((await answer(two.body.Session, u.email, authenticator.assert(two.options!, { counter: 3 }))).body).toEqual(REFUSED);
      const row = await t.database.db.selectFrom('identity.webauthn_credentials').selectAll().where('sub', '=', u.sub).executeTakeFirstOrThrow();
      expect(row.cloned_at).not.toBeNull();
      expect(Number(row.sign_count)).toBe(5);
      expect(await reasons(u.sub)).toEqual([
        { event: 'webauthn.cloned', outcome: 'denied', reason: 'counter' },
        { event: 'webauthn.sign_in', outcome: 'denied', reason: 'counter' },
      ]);
      // Even a counter that moves on is refused now, and the passkey is no longer offered.
      expect((await answer(two.body.Session, u.email, authenticator.assert(two.options!, { counter: 9 }))).body).toEqual(REFUSED);
      const three = await start(u.email);
      expect(three.body.ChallengeName).toBe('SELECT_CHALLENGE');
      expect(three.body.AvailableChallenges).not.toContain('WEB_AUTHN');
    });

    it('refuses a deleted passkey, and never deletes or shows another account’s', async () => {
      const { u, authenticator } = await passkeyUser('deleted.passkey@example.com');
      const second = new SoftwareAuthenticator(t.runtime.config.publicUrl);
      expect((await register(u.accessToken, second)).reply.status).toBe(200);
      const s = await start(u.email);
      expect(s.options!.allowCredentials).toHaveLength(2);
      const removed = authenticator.passkeys[0].id.toString('base64url');
      expect((await call('DeleteWebAuthnCredential', { AccessToken: u.accessToken, CredentialId: removed })).status).toBe(200);
      expect((await answer(s.body.Session, u.email, authenticator.assert(s.options!))).body).toEqual(REFUSED);
      expect((await reasons(u.sub)).map((e) => e.reason)).toEqual(['unknown-credential']);
      const next = await start(u.email);
      expect(next.options!.allowCredentials!.map((c) => c.id)).toEqual([second.passkeys[0].id.toString('base64url')]);
      expect((await answer(next.body.Session, u.email, second.assert(next.options!))).status).toBe(200);
      expect((await call('DeleteWebAuthnCredential', { AccessToken: u.accessToken, CredentialId: removed })).body.__type).toBe('ResourceNotFoundException');

      const stranger = await createSignedInUser(t, { email: 'stranger.passkey@example.com', role: 'CLIENT' });
      const kept = second.passkeys[0].id.toString('base64url');
      expect((await call('DeleteWebAuthnCredential', { AccessToken: stranger.accessToken, CredentialId: kept })).body.__type).toBe('ResourceNotFoundException');
      expect((await call('ListWebAuthnCredentials', { AccessToken: stranger.accessToken })).body).toEqual({ Credentials: [] });
      expect(
        (await call('ListWebAuthnCredentials', { AccessToken: u.accessToken })).body.Credentials.map((c: { CredentialId: string }) => c.CredentialId),
      ).toEqual([kept]);
      // The stranger's own sign-in cannot use u's passkey either.
      const theirs = await register(stranger.accessToken, new SoftwareAuthenticator(t.runtime.config.publicUrl));
      expect(theirs.reply.status).toBe(200);
      const st = await start(stranger.email);
      expect((await answer(st.body.Session, stranger.email, second.assert(st.options!, {}, second.passkeys[0]))).body).toEqual(REFUSED);
      for (const action of ['StartWebAuthnRegistration', 'ListWebAuthnCredentials', 'DeleteWebAuthnCredential']) {
        expect((await call(action, { AccessToken: 'not.a.token', CredentialId: kept })).body, action).toEqual({
          __type: 'NotAuthorizedException',
          message: 'Invalid Access Token',
        });
      }
    });

    it('tells a disabled account so only after a valid assertion', async () => {
      const { u, authenticator } = await passkeyUser('disabled.passkey@example.com');
      await t.runtime.identity.admin.adminDisableUser({ Username: u.email });
      const s = await start(u.email);
      expect(s.body.ChallengeName).toBe('WEB_AUTHN');
      expect((await answer(s.body.Session, u.email, authenticator.assert(s.options!, { origin: 'https://evil.example' }))).body).toEqual(REFUSED);
      expect((await answer(s.body.Session, u.email, authenticator.assert(s.options!))).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'User is disabled.',
      });
    });

    it('limits passkey sign-ins per username, wrong assertions per session, and registrations per user', async () => {
      const { u, authenticator } = await passkeyUser('limit.passkey@example.com');
      const s = await start(u.email);
      for (let i = 0; i < 5; i++)
        expect((await answer(s.body.Session, u.email, authenticator.assert(s.options!, { origin: 'https://evil.example' }))).body).toEqual(REFUSED);
      expect((await answer(s.body.Session, u.email, authenticator.assert(s.options!))).body.message).toBe('Invalid session for the user, session is expired.');
      for (let i = 1; i < PASSKEY_SIGN_INS_PER_USERNAME_PER_HOUR; i++) expect((await start(u.email)).status, `start ${i + 1}`).toBe(200);
      expect((await start(u.email)).body).toEqual({ __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
      expect((await reasons(u.sub)).map((e) => e.reason)).toContain('rate-limit');

      const busy = await createSignedInUser(t, { email: 'busy.passkey@example.com', role: 'CLIENT' });
      for (let i = 0; i < PASSKEY_REGISTRATIONS_PER_USER_PER_HOUR; i++) {
        expect((await call('StartWebAuthnRegistration', { AccessToken: busy.accessToken })).status).toBe(200);
      }
      expect((await call('StartWebAuthnRegistration', { AccessToken: busy.accessToken })).body.__type).toBe('LimitExceededException');
    });

    it('answers an unknown username like an account with a passkey: offered by a keyed coin, refused alike', async () => {
      const { u, authenticator } = await passkeyUser('real.passkey@example.com');
      const real = await start(u.email);
      const offered: boolean[] = [];
      let decoy: Awaited<ReturnType<typeof start>> | undefined;
      let decoyName = '';
      for (let i = 0; i < 24; i++) {
        const name = `nobody.passkey.${i}@example.com`;
        const res = await start(name);
        expect(res.status).toBe(200);
        offered.push(res.body.ChallengeName === 'WEB_AUTHN');
        if (res.body.ChallengeName === 'WEB_AUTHN' && !decoy) {
          decoy = res;
          decoyName = name;
        } else if (res.body.ChallengeName !== 'WEB_AUTHN') {
          expect(res.body.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP']);
        }
      }
      // Both outcomes occur (24 fair coins all alike: 1 in 8 million), and a name keeps its own.
      expect(new Set(offered).size).toBe(2);
      expect((await start(decoyName)).body.ChallengeName).toBe('WEB_AUTHN');
      expect(Object.keys(decoy!.body).sort()).toEqual(Object.keys(real.body).sort());
      expect(decoy!.body.Session).toHaveLength(real.body.Session.length);
      expect(Object.keys(decoy!.options!).sort()).toEqual(Object.keys(real.options!).sort());
      expect(decoy!.options!.allowCredentials!.map((c) => c.id.length)).toEqual(real.options!.allowCredentials!.map((c) => c.id.length));
      expect((await start(decoyName)).options!.allowCredentials).toEqual(decoy!.options!.allowCredentials);
      // An assertion from a real passkey is refused the same way for both, five times, then the session expires.
      for (const [session, username] of [
        [decoy!.body.Session, decoyName],
        [real.body.Session, u.email],
      ]) {
        const foreign = new SoftwareAuthenticator(t.runtime.config.publicUrl);
        foreign.register({ challenge: 'AAAA', rp: { name: 'x', id: 'localhost' }, user: { id: 'AAAA', name: 'x', displayName: 'x' } });
        for (let i = 0; i < 5; i++) {
          expect((await answer(session, username, foreign.assert({ challenge: 'AAAA', rpId: 'localhost' }))).body, `${username} ${i}`).toEqual(REFUSED);
        }
        expect((await answer(session, username, authenticator.assert(real.options!))).body.message, username).toBe(
          'Invalid session for the user, session is expired.',
        );
      }
    });
  });
});
