// The portal home's greeting: the server counts each opening of a client's home, so the first
// visit (on any device) says "Welcome" and every later one "Welcome back" (issue 24).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('portal home views on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let other: Actor;
  let nurse: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT');
    other = await addUser(t, 'CLIENT');
    nurse = await addUser(t, 'NURSE');
  }, 120_000);
  afterAll(() => t.close());

  it('is the first visit once per client, then counts the returns', async () => {
    expect((await api(t, client, 'POST', '/users/users/me/home-views')).body).toEqual({ first_visit: true, views: 1 });
    expect((await api(t, client, 'POST', '/users/users/me/home-views')).body).toEqual({ first_visit: false, views: 2 });
    // Another client's first visit is their own.
    expect((await api(t, other, 'POST', '/users/users/me/home-views')).body).toEqual({ first_visit: true, views: 1 });
  });

  it('counts two openings at once as one first visit and one return', async () => {
    const fresh = await addUser(t, 'CLIENT');
    const both = await Promise.all([api(t, fresh, 'POST', '/users/users/me/home-views'), api(t, fresh, 'POST', '/users/users/me/home-views')]);
    expect(both.map((r) => r.body.first_visit).sort()).toEqual([false, true]);
  });

  it('is refused to staff (no portal home) and to no one signed in, counting nothing', async () => {
    expect((await api(t, nurse, 'POST', '/users/users/me/home-views')).status).toBe(403);
    expect((await api(t, null, 'POST', '/users/users/me/home-views')).status).toBe(401);
    const rows = await t.database.db.selectFrom('portal_home_views').select('user_id').where('user_id', '=', nurse.id).execute();
    expect(rows).toEqual([]);
  });
});
