// PATCH users/user-profiles/{userId} with a nested `user` object (spec §7, issue 22 #6): first and
// last name and phone saved with the profile fields in one transaction; the email only once the
// identity service has verified it; any refusal leaves everything as it was.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SYNC_ERRORS } from '../../../../server/api/people/profile-email-routes.ts';
import { USER_FIELD_TWICE } from '../../../../server/api/people/profiles-routes.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';

async function auditActions(t: TestApp, client: number): Promise<string[]> {
  const r = await sql<{ action: string }>`select action from audit_events where client_id = ${client} and outcome = 'success' order by id`.execute(
    t.database.db,
  );
  return r.rows.map((row) => row.action);
}

describe.each(engines)('nested user fields in a profile patch on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
  }, 180_000);
  afterAll(() => t.close());

  it('saves user and profile fields together', async () => {
    client = await addUser(t, 'CLIENT', { first_name: 'Mary', last_name: 'Fernandes' });
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, {
      user: { first_name: 'Mary Ann', last_name: 'Fernandes', phone_number: '+919812345678' },
      city: 'Pune',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Mary Ann', last_name: 'Fernandes', phone_number: '+919812345678', city: 'Pune' });
    expect((await auditActions(t, client.id)).filter((a) => a === 'profile.update')).toHaveLength(1);
  });

  it('lets staff who manage the client do the same', async () => {
    const res = await api(t, admin, 'PATCH', `/users/user-profiles/${client.id}`, { user: { last_name: 'Fernandes-Rao' } });
    expect(res.status).toBe(200);
    expect(res.body.last_name).toBe('Fernandes-Rao');
  });

  it('refuses a blank nested name by its nested field name, and saves nothing', async () => {
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { user: { first_name: '   ' }, city: 'Goa' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'user.first_name': ['This field is required.'] });
    const me = await api(t, client, 'GET', `/users/user-profiles/${client.id}`);
    expect(me.body).toMatchObject({ first_name: 'Mary Ann', city: 'Pune' });
  });

  it('refuses the same field given twice with different values', async () => {
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { first_name: 'Maria', user: { first_name: 'Mary' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'user.first_name': [USER_FIELD_TWICE] });
  });

  it('refuses an email the identity service has not verified, and saves nothing', async () => {
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, {
      user: { email: uniqueEmail('unverified'), last_name: 'Rao' },
      city: 'Goa',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'user.email': [EMAIL_SYNC_ERRORS.notVerified] });
    const me = await api(t, client, 'GET', `/users/user-profiles/${client.id}`);
    expect(me.body).toMatchObject({ email: client.email, last_name: 'Fernandes-Rao', city: 'Pune' });
  });

  it('takes a verified email with the other fields, as one audited change', async () => {
    const next = uniqueEmail('verified');
    // The client's verified change in the identity service (attribute update, then the code).
    await t.runtime.identity.admin.adminUpdateUserAttributes({
      Username: client.username,
      UserAttributes: [
        { Name: 'email', Value: next },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { user: { email: next.toUpperCase(), last_name: 'Rao' }, city: 'Goa' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: next, last_name: 'Rao', city: 'Goa' });
    expect((await auditActions(t, client.id)).slice(-2)).toEqual(['profile.update', 'profile.email_sync']);
  });

  it("refuses another user's email", async () => {
    const other = await addUser(t, 'CLIENT');
    const res = await api(t, other, 'PATCH', `/users/user-profiles/${other.id}`, { user: { email: admin.email } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['user.email']);
  });
});
