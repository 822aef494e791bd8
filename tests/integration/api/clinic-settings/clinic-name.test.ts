// The clinic's identity (issue 24): the name set on /backoffice, not a hard-coded one, reaches the
// browser through /config.json (top bar, page title, consent text, sign-in page) and the messages
// the server sends; until one is set the product's name stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../../server/mail/transport.ts';
import { DEFAULT_CLINIC_NAME } from '../../../../server/mail/clinic-name.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';

describe.each(engines)('clinic name on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
  }, 120_000);
  afterAll(() => t.close());

  const config = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).body);

  it("is the product's until the clinic names itself, then the clinic's, in /config.json and in an invitation", async () => {
    expect((await config()).clinicName).toBe(DEFAULT_CLINIC_NAME);
    expect((await api(t, admin, 'PATCH', '/clinic/settings', { name: 'Sunrise Wellness Kochi' })).status).toBe(200);
    expect((await config()).clinicName).toBe('Sunrise Wellness Kochi');

    const email = uniqueEmail('named');
    const created = await api(t, admin, 'POST', '/users/users', { email, first_name: 'Asha', last_name: 'Menon', role: 'NURSE' });
    expect(created.status).toBe(201);
    const [invitation] = await readOutbox(t.database.db, email);
    expect(invitation.subject).toBe('Your temporary password · Sunrise Wellness Kochi');
    expect(invitation.body).toContain('An account has been created for you at Sunrise Wellness Kochi.');
    expect(invitation.body).not.toContain(DEFAULT_CLINIC_NAME);

    // A blank name is no name: the product's stands again.
    expect((await api(t, admin, 'PATCH', '/clinic/settings', { name: '' })).status).toBe(200);
    expect((await config()).clinicName).toBe(DEFAULT_CLINIC_NAME);
  });
});
