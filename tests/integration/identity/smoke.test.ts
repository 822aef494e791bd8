import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(engines)('identity smoke (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });
  it('signs in and reads the user', async () => {
    const u = await createSignedInUser(t, { email: 'Nurse@Example.com', role: 'NURSE' });
    const res = await identityCall(t, 'GetUser', { AccessToken: u.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.Username).toBe('nurse@example.com');
    const claims = await t.runtime.identity.accessTokens.verify(u.accessToken);
    expect(claims.sub).toBe(u.sub);
  });
});
