// Bearer tokens on the business API: the machine-readable code and the detail words the browser
// keys on, revocation, and the role read from the clinic's users table on every request.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadContract } from '../../../server/api/contract.ts';
import { AUTH_CODE, AUTH_DETAIL } from '../../../server/auth/bearer.ts';
import { engines } from '../../support/engines.ts';
import { createSignedInUser, identityCall } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Actor, addUser, api } from './support.ts';

describe.each(engines)('API authentication on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'SUPER_ADMIN');
  }, 180_000);
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 {detail, code} without a token, naming neither expired nor invalid', async () => {
    const res = await api(t, null, 'GET', '/users/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: AUTH_DETAIL.missing, code: 'token_missing' });
    expect(res.body.detail).not.toMatch(/expired|invalid/i);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 before validating input, so nothing leaks to anonymous callers', async () => {
    const res = await api(t, null, 'POST', '/users/users', { nonsense: true });
    expect(res.status).toBe(401);
  });

  it('says "invalid" for a malformed header, a forged token and an ID token', async () => {
    for (const authorization of ['Token abc', 'Bearer not.a.jwt', `Bearer ${admin.accessToken.slice(0, -4)}AAAA`, `Bearer ${admin.idToken}`]) {
      const res = await api(t, null, 'GET', '/users/users', undefined, { authorization });
      expect(res.status, authorization.slice(0, 20)).toBe(401);
      expect(res.body.detail).toMatch(/invalid/);
      expect(res.body.code).toBe('token_invalid');
    }
  });

  it('says "expired" for an expired access token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
    const res = await api(t, admin, 'GET', '/users/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: AUTH_DETAIL.expired, code: 'token_expired' });
  });

  it('refuses tokens issued before a global sign-out', async () => {
    const user = await addUser(t, 'NURSE');
    expect((await api(t, user, 'GET', '/users/users')).status).toBe(200);
    const out = await identityCall(t, 'GlobalSignOut', { AccessToken: user.accessToken });
    expect(out.status).toBe(200);
    const res = await api(t, user, 'GET', '/users/users');
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/invalid/);
    expect(res.body.code).toBe('token_invalid');
  });

  it('takes the role from the users table on every request: a demotion applies at once', async () => {
    const coach = await addUser(t, 'HEALTH_COACH');
    expect((await api(t, coach, 'GET', '/users/users')).status).toBe(200);
    const demoted = await api(t, admin, 'PATCH', `/users/user-profiles/${coach.id}`, { role: 'CLIENT' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('CLIENT');
    // Identity's custom:role follows.
    const identityUser = await t.runtime.identity.admin.adminGetUser({ Username: coach.username });
    expect(identityUser.Attributes.find((a) => a.Name === 'custom:role')?.Value).toBe('CLIENT');
    // Same token, next request: now a client.
    const res = await api(t, coach, 'GET', '/users/users');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('refuses a removed user with "invalid", token and all', async () => {
    const nurse = await addUser(t, 'NURSE');
    expect((await api(t, admin, 'DELETE', `/users/users/${nurse.id}`)).status).toBe(204);
    const res = await api(t, nurse, 'GET', `/users/users/${nurse.id}`);
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/invalid/);
  });

  it('refuses an inactive clinic user even while the identity account still works', async () => {
    const doctor = await addUser(t, 'DOCTOR');
    await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', doctor.id).execute();
    const res = await api(t, doctor, 'GET', '/users/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: AUTH_DETAIL.inactive, code: 'account_disabled' });
  });

  it('answers 403 to a signed-in staff identity with no clinic user (a client gets one: first-access.test.ts)', async () => {
    const stranger = await createSignedInUser(t, { email: 'stranger@test.clinic', role: 'NURSE' });
    const res = await t.app.inject({ url: '/api/v1/programs/programs', headers: { authorization: `Bearer ${stranger.accessToken}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: AUTH_DETAIL.noAccount, code: 'no_account' });
  });

  it('puts a code from the contract on every 401 and 403 the API answers', async () => {
    const client = await addUser(t, 'CLIENT');
    const refusals = [
      await api(t, null, 'GET', '/programs/programs'),
      await api(t, null, 'GET', '/programs/programs', undefined, { authorization: 'Bearer nope' }),
      await api(t, client, 'GET', '/users/users'),
      await api(t, client, 'POST', '/programs/programs', { name: 'Denied', duration_weeks: 1, price_inr: 0 }),
      await api(t, client, 'GET', '/audit/events'),
    ];
    const known: string[] = Object.values(AUTH_CODE);
    for (const res of refusals) {
      expect([401, 403]).toContain(res.status);
      expect(known).toContain(res.body.code);
    }
    expect(refusals.map((r) => r.body.code)).toEqual(['token_missing', 'token_invalid', 'forbidden', 'forbidden', 'forbidden']);
    // The contract's enum and the server's codes are one list.
    expect([...loadContract().component('ErrorCode').enum].sort()).toEqual([...known].sort());
  });
});
