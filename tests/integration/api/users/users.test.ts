// users/users: the list (search, filters, ordering, pages), creating a user with their sign-in
// account as one unit, and removing one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '../../../../server/api/people/users-routes.ts';
import { engines } from '../../../support/engines.ts';
import { latestTemporaryPassword } from '../../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addTarget, addUser, api, uniqueEmail } from '../support.ts';

describe.each(engines)('users on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'SUPER_ADMIN', { first_name: 'Anil', last_name: 'Kapoor' });
    nurse = await addUser(t, 'NURSE', { first_name: 'Sunita', last_name: 'Reddy', phone_number: '+919845012345' });
    const names: Array<[string, string]> = [
      ['Priya', 'Sharma'],
      ['Rahul', 'Sharma'],
      ['Aarav', 'Patel'],
      ['Diya', 'Banerjee'],
      ['Ishaan', 'Gupta'],
      ['Ananya', 'Iyer'],
      ['Vihaan', 'Singh'],
      ['Saanvi', 'Menon'],
    ];
    for (const [first_name, last_name] of names) await addTarget(t, 'CLIENT', { first_name, last_name });
  }, 180_000);
  afterAll(() => t.close());

  it('lists active users in pages of 25 by default, with count and page links', async () => {
    const res = await api(t, nurse, 'GET', '/users/users?page_size=3');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(10);
    expect(res.body.results).toHaveLength(3);
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toMatch(/\/api\/v1\/users\/users\?page_size=3&page=2$/);
    const last = await api(t, nurse, 'GET', '/users/users?page_size=3&page=4');
    expect(last.body.results).toHaveLength(1);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toMatch(/page=3/);
    const all = await api(t, nurse, 'GET', '/users/users');
    expect(all.body.results).toHaveLength(10);
    // Default order: last name, then first name.
    const lastNames = all.body.results.map((u: { last_name: string }) => u.last_name);
    expect(lastNames).toEqual([...lastNames].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('searches first name, last name, email and phone, case-insensitively', async () => {
    const byName = await api(t, nurse, 'GET', '/users/users?search=SHARMA');
    expect(byName.body.results.map((u: { first_name: string }) => u.first_name).sort()).toEqual(['Priya', 'Rahul']);
    expect((await api(t, nurse, 'GET', '/users/users?search=priya%20sh')).body.count).toBe(1);
    expect((await api(t, nurse, 'GET', `/users/users?search=${encodeURIComponent(admin.email.toUpperCase())}`)).body.results[0].id).toBe(admin.id);
    expect((await api(t, nurse, 'GET', '/users/users?search=9845012')).body.results[0].id).toBe(nurse.id);
    // LIKE wildcards are searched as text.
    expect((await api(t, nurse, 'GET', '/users/users?search=%25')).body.count).toBe(0);
  });

  it('filters by role and orders by any listed field', async () => {
    const staff = await api(t, nurse, 'GET', '/users/users?role=NURSE');
    expect(staff.body.results.map((u: { id: number }) => u.id)).toEqual([nurse.id]);
    const desc = await api(t, nurse, 'GET', '/users/users?ordering=-first_name&role=CLIENT');
    const firsts = desc.body.results.map((u: { first_name: string }) => u.first_name);
    expect(firsts).toEqual([...firsts].sort().reverse());
  });

  it('creates a user, their profile and identity account, and sends the invitation', async () => {
    const email = uniqueEmail('kiran');
    const res = await api(t, nurse, 'POST', '/users/users', {
      email: email.toUpperCase(),
      first_name: 'Kiran',
      last_name: 'Desai',
      role: 'CLIENT',
      phone_number: '+919812345678',
      gender: 'F',
      date_of_birth: '1988-04-12',
      city: 'Bengaluru',
      health_goals: { schema_version: 1, goals: [{ area: 'sleep', description: 'Sleep 7 hours', priority: 'high', target_date: '2026-09-30' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email, first_name: 'Kiran', role: 'CLIENT', is_active: true, phone_number: '+919812345678' });
    expect(res.body.Profile).toMatchObject({
      client_id: res.body.id,
      gender: 'F',
      date_of_birth: '1988-04-12',
      city: 'Bengaluru',
      appointment_duration: '00:30:00',
      preferred_contact_method: 'phone',
      hipaa_consent: false,
    });
    expect(res.body.UserAttributes).toContainEqual({ Name: 'custom:role', Value: 'CLIENT' });
    const identityUser = await t.runtime.identity.admin.adminGetUser({ Username: email });
    expect(identityUser.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(res.body.UserAttributes).toContainEqual({ Name: 'sub', Value: identityUser.Attributes.find((a) => a.Name === 'sub')!.Value });
    expect(await latestTemporaryPassword(t, email)).toBeTruthy();
  });

  it('refuses an email already in use, writing nothing', async () => {
    const before = await t.database.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await api(t, admin, 'POST', '/users/users', { email: nurse.email, first_name: 'X', last_name: 'Y', role: 'CLIENT' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: [EMAIL_TAKEN] });
    const after = await t.database.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('leaves no identity account behind when the clinic side fails', async () => {
    const email = uniqueEmail('half');
    // A trigger that makes the profile insert fail after the identity account exists.
    await sql`create function fail_profile() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`.execute(t.database.db);
    await sql`create trigger fail_profile before insert on user_profiles for each row execute function fail_profile()`.execute(t.database.db);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/users',
        headers: { authorization: `Bearer ${admin.accessToken}` },
        payload: { email, first_name: 'Half', last_name: 'Made', role: 'CLIENT' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error.', request_id: expect.any(String) });
    } finally {
      await sql`drop trigger fail_profile on user_profiles`.execute(t.database.db);
      await sql`drop function fail_profile()`.execute(t.database.db);
    }
    await expect(t.runtime.identity.admin.adminGetUser({ Username: email })).rejects.toMatchObject({ type: 'UserNotFoundException' });
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('removes sign-in on DELETE, keeps the records, and hides the user unless is_active=false', async () => {
    const client = await addUser(t, 'CLIENT', { first_name: 'Farhan', last_name: 'Qureshi' });
    const res = await api(t, admin, 'DELETE', `/users/users/${client.id}`);
    expect(res.status).toBe(204);
    await expect(t.runtime.identity.admin.adminGetUser({ Username: client.username })).rejects.toMatchObject({ type: 'UserNotFoundException' });
    expect((await api(t, nurse, 'GET', '/users/users?search=qureshi')).body.count).toBe(0);
    const inactive = await api(t, nurse, 'GET', '/users/users?search=qureshi&is_active=false');
    expect(inactive.body.results).toMatchObject([{ id: client.id, is_active: false }]);
    const profile = await api(t, nurse, 'GET', `/users/user-profiles/${client.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.is_active).toBe(false);
    // Repeating it is harmless.
    expect((await api(t, admin, 'DELETE', `/users/users/${client.id}`)).status).toBe(204);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await api(t, admin, 'GET', '/users/users/999999')).status).toBe(404);
    expect((await api(t, admin, 'DELETE', '/users/users/999999')).status).toBe(404);
  });
});
