// Spec §6 (issue 22, 5): a SUPER_ADMIN may open any client's portal. Every read that portal makes
// (the profile, the enrollments, the thrive checks, the consent history) is allowed for them on
// another client's record, and each leaves an audit entry naming the SUPER_ADMIN and the client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('a SUPER_ADMIN reading a client portal on %s', (engine) => {
  let t: TestApp;
  let superAdmin: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    superAdmin = await addUser(t, 'SUPER_ADMIN');
    client = await addUser(t, 'CLIENT', { first_name: 'Anita', last_name: 'Rao' });
  }, 180_000);
  afterAll(() => t.close());

  const reads: Array<[string, (id: number) => string, string]> = [
    ['the profile', (id) => `/users/user-profiles/${id}`, 'profile.read'],
    ['the enrollments', (id) => `/users/user-program-enrollments?user=${id}`, 'enrollment.list'],
    ['the thrive checks', (id) => `/users/thrive-checks?user=${id}`, 'thrive_check.list'],
    ['the consent history', (id) => `/users/user-profiles/${id}/consent-history`, 'consent.read'],
  ];

  it.each(reads)('reads %s and the read is audited', async (_name, url, action) => {
    const res = await api(t, superAdmin, 'GET', url(client.id));
    expect(res.status).toBe(200);
    const trail = await api(t, superAdmin, 'GET', `/audit/events?client=${client.id}&actor=${superAdmin.id}&action=${action}&page=1&page_size=50`);
    expect(trail.status).toBe(200);
    expect(trail.body.results.length).toBeGreaterThan(0);
    expect(trail.body.results[0]).toMatchObject({ actor: superAdmin.id, actor_role: 'SUPER_ADMIN', action, client: client.id, outcome: 'success' });
  });

  it('reads the profile as the client has it, consent included, without changing it', async () => {
    const res = await api(t, superAdmin, 'GET', `/users/user-profiles/${client.id}`);
    expect(res.body).toMatchObject({ first_name: 'Anita', last_name: 'Rao', hipaa_consent: false });
    const again = await api(t, client, 'GET', `/users/user-profiles/${client.id}`);
    expect(again.body.updated_at ?? null).toBe(res.body.updated_at ?? null);
  });
});
