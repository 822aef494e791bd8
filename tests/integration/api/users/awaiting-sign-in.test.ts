// The users list tells administrators which accounts still wait for their first sign-in (the
// identity service's FORCE_CHANGE_PASSWORD), so "Resend invitation" is offered only for those.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';

describe.each(engines)('awaiting first sign-in on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE', { last_name: 'Signedin' });
  }, 120_000);
  afterAll(() => t.close());

  it('is true for an invited account until it signs in, false for one that has; resending then is refused', async () => {
    const email = uniqueEmail('invited');
    const created = await api(t, admin, 'POST', '/users/users', { email, first_name: 'Invited', last_name: 'Waitingtest', role: 'DOCTOR' });
    expect(created.status).toBe(201);
    const list = await api(t, admin, 'GET', '/users/users?page_size=100');
    const byId = Object.fromEntries(list.body.results.map((u: { id: number; awaiting_first_sign_in?: boolean }) => [u.id, u.awaiting_first_sign_in]));
    expect(byId[created.body.id]).toBe(true);
    expect(byId[nurse.id]).toBe(false);
    expect(byId[admin.id]).toBe(false);
    // The identity service agrees: the one it calls signed in cannot be re-invited.
    expect((await api(t, admin, 'POST', `/users/users/${nurse.id}/resend-invitation`)).status).toBe(409);
    expect((await api(t, admin, 'POST', `/users/users/${created.body.id}/resend-invitation`)).status).toBe(204);
  });

  it('is not told to staff who cannot resend invitations', async () => {
    const list = await api(t, nurse, 'GET', '/users/users');
    expect(list.status).toBe(200);
    for (const row of list.body.results) expect(row).not.toHaveProperty('awaiting_first_sign_in');
  });
});
