// A signed-in CLIENT always has records to write to (issue 22 #1, spec §3): a missing profile row
// is created on their first request, and so is the clinic user of an identity whose role is
// CLIENT; both audited as the client's own act, and consent can then be recorded. An identity
// claiming a staff role is never set up this way.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { createSignedInUser } from '../../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';

const consent = () => ({ hipaa_consent: true, hipaa_consent_date: new Date().toISOString(), hipaa_consent_version: '1.0' });

async function auditActions(t: TestApp, client: number): Promise<Array<{ action: string; actor_id: number; outcome: string }>> {
  const r = await sql<{ action: string; actor_id: number; outcome: string }>`
    select action, actor_id, outcome from audit_events where client_id = ${client} order by id`.execute(t.database.db);
  return r.rows;
}

describe.each(engines)('first access of a client on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  }, 180_000);
  afterAll(() => t.close());

  it('creates a missing profile row on the first request, audited, so consent can be recorded', async () => {
    const client: Actor = await addUser(t, 'CLIENT');
    await t.database.db.deleteFrom('user_profiles').where('user_id', '=', client.id).execute();
    const me = await api(t, client, 'GET', '/users/users/me');
    expect(me.status).toBe(200);
    expect(me.body.Profile).toMatchObject({ client_id: client.id, hipaa_consent: false, gender: null });
    expect((await auditActions(t, client.id)).slice(0, 1)).toEqual([{ action: 'profile.create', actor_id: client.id, outcome: 'success' }]);
    const consented = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, consent());
    expect(consented.status).toBe(200);
    expect(consented.body.hipaa_consent).toBe(true);
    // Created once: later requests find it.
    expect((await api(t, client, 'GET', '/users/users/me')).status).toBe(200);
    expect((await auditActions(t, client.id)).filter((a) => a.action === 'profile.create')).toHaveLength(1);
  });

  it('creates the clinic user and profile of a CLIENT identity on its first request', async () => {
    const email = uniqueEmail('first');
    const signed = await createSignedInUser(t, { email, role: 'CLIENT', attributes: { given_name: 'Asha', family_name: 'Verma' } });
    const me = await t.app.inject({ url: '/api/v1/users/users/me', headers: { authorization: `Bearer ${signed.accessToken}` } });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({ email, first_name: 'Asha', last_name: 'Verma', role: 'CLIENT', is_active: true });
    const id = body.id as number;
    expect((await auditActions(t, id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['user.create', id],
      ['user.read', id],
    ]);
    const consented = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/user-profiles/${id}`,
      headers: { authorization: `Bearer ${signed.accessToken}` },
      payload: consent(),
    });
    expect(consented.statusCode).toBe(200);
  });

  it('never sets up an identity that claims a staff role', async () => {
    const signed = await createSignedInUser(t, { email: uniqueEmail('claims.nurse'), role: 'NURSE' });
    const res = await t.app.inject({ url: '/api/v1/users/users/me', headers: { authorization: `Bearer ${signed.accessToken}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('no_account');
    const row = await t.database.db.selectFrom('users').select('id').where('sub', '=', signed.sub).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
