// users/user-profiles: every §3 field and default, Aadhaar sealed and masked, the consent patch
// and its history, and the audit trail every access leaves.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AADHAAR_INVALID, aadhaarValid } from '../../../../server/api/people/aadhaar.ts';
import { CONSENT_PATCH_SHAPE } from '../../../../server/api/people/profiles-routes.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addProgram, addUser, api, verhoeffCheckDigit } from '../support.ts';

const AADHAAR = `23456789012${verhoeffCheckDigit('23456789012')}`;

describe('Aadhaar check digit', () => {
  it('accepts Verhoeff-valid numbers and refuses a changed digit', () => {
    expect(aadhaarValid(AADHAAR)).toBe(true);
    const wrong = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}`;
    expect(aadhaarValid(wrong)).toBe(false);
    expect(aadhaarValid('123456789012')).toBe(false);
  });
});

describe.each(engines)('profiles on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let doctor: Actor;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT', { first_name: 'Lakshmi', last_name: 'Pillai' });
    doctor = await addUser(t, 'DOCTOR');
    admin = await addUser(t, 'ADMIN');
  }, 180_000);
  afterAll(() => t.close());

  it('has every field with its default', async () => {
    const res = await api(t, client, 'GET', `/users/user-profiles/${client.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      client_id: client.id,
      first_name: 'Lakshmi',
      last_name: 'Pillai',
      email: client.email,
      role: 'CLIENT',
      gender: null,
      preferred_contact_method: 'phone',
      appointment_duration: '00:30:00',
      health_goals: {},
      client_story: {},
      lifestyle_history: {},
      family_history: {},
      hipaa_consent: false,
      hipaa_consent_date: null,
      hipaa_consent_version: null,
      aadhar_number: null,
    });
  });

  it('changes profile fields, JSON answers included, and keeps the rest', async () => {
    const patch = {
      title: 'Ms',
      gender: 'F',
      date_of_birth: '1979-11-03',
      phone_number: '+919876543210',
      alternate_email: 'lakshmi.p@example.in',
      preferred_contact_method: 'whatsapp',
      address_line_1: '12 MG Road',
      city: 'Kochi',
      state: 'Kerala',
      country: 'India',
      zipcode: '682001',
      emergency_contact_name: 'Suresh Pillai',
      emergency_contact_relation: 'Husband',
      emergency_contact_number: '+919876500000',
      abha_number: '12345678901234',
      health_goals: { schema_version: 1, goals: [{ area: 'weight', description: 'Lose 5 kg', priority: 'high', target_date: '2026-12-31' }] },
      client_story: { schema_version: 1, summary: 'Tired in the afternoons since moving to night shifts.' },
    };
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, patch);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(patch);
    const again = await api(t, doctor, 'GET', `/users/user-profiles/${client.id}`);
    expect(again.body).toMatchObject(patch);
  });

  it('stores the Aadhaar number sealed, shows it only to the client, masked to others', async () => {
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { aadhar_number: AADHAAR });
    expect(res.status).toBe(200);
    expect(res.body.aadhar_number).toBe(AADHAAR);
    const stored = await t.database.db
      .selectFrom('user_profiles')
      .select(['aadhar_sealed', 'aadhar_last4'])
      .where('user_id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(stored.aadhar_sealed).not.toContain(AADHAAR);
    expect(stored.aadhar_last4).toBe(AADHAAR.slice(-4));
    const dump = await sql<{ t: string }>`select row_to_json(p)::text as t from user_profiles p where user_id = ${client.id}`.execute(t.database.db);
    expect(dump.rows[0].t).not.toContain(AADHAAR);
    const staffView = await api(t, doctor, 'GET', `/users/user-profiles/${client.id}`);
    expect(staffView.body.aadhar_number).toBe(`XXXX XXXX ${AADHAAR.slice(-4)}`);
    const detail = await api(t, doctor, 'GET', `/users/users/${client.id}`);
    expect(detail.body.Profile.aadhar_number).toBe(`XXXX XXXX ${AADHAAR.slice(-4)}`);
    expect((await api(t, client, 'GET', `/users/users/${client.id}`)).body.Profile.aadhar_number).toBe(AADHAAR);
  });

  it('refuses an Aadhaar number with a wrong check digit', async () => {
    const wrong = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}`;
    const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { aadhar_number: wrong, city: 'Nowhere' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ aadhar_number: [AADHAAR_INVALID] });
    expect((await api(t, client, 'GET', `/users/user-profiles/${client.id}`)).body.city).toBe('Kochi');
  });

  it('records consent through the consent patch, with an append-only history', async () => {
    const when = new Date().toISOString();
    const res = await api(
      t,
      client,
      'PATCH',
      `/users/user-profiles/${client.id}`,
      { hipaa_consent: true, hipaa_consent_date: when, hipaa_consent_version: '1.0' },
      { 'user-agent': 'ConsentTest/1.0' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hipaa_consent: true, hipaa_consent_date: when, hipaa_consent_version: '1.0' });
    const history = await t.database.db.selectFrom('consent_history').selectAll().where('user_id', '=', client.id).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ version: '1.0', recorded_by: client.id, user_agent: 'ConsentTest/1.0' });
    expect(new Date(history[0].consented_at).toISOString()).toBe(when);
    await expect(sql`delete from consent_history`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`update consent_history set version = '2.0'`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('takes the consent fields only together and alone', async () => {
    const partial = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { hipaa_consent: true });
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toEqual({ hipaa_consent_date: ['This field is required.'], hipaa_consent_version: ['This field is required.'] });
    const mixed = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, {
      hipaa_consent: true,
      hipaa_consent_date: new Date().toISOString(),
      hipaa_consent_version: '1.0',
      city: 'Goa',
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual({ city: [CONSENT_PATCH_SHAPE] });
    const withdrawn = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, {
      hipaa_consent: false,
      hipaa_consent_date: new Date().toISOString(),
      hipaa_consent_version: '1.0',
    });
    expect(withdrawn.status).toBe(400);
    expect(Object.keys(withdrawn.body.errors)).toEqual(['hipaa_consent']);
  });

  it('never lets anyone change their own role, and keeps identity in step with role changes', async () => {
    const own = await api(t, admin, 'PATCH', `/users/user-profiles/${admin.id}`, { role: 'SUPER_ADMIN' });
    expect(own.status).toBe(403);
    const target = await addUser(t, 'CLIENT');
    const promoted = await api(t, admin, 'PATCH', `/users/user-profiles/${target.id}`, { role: 'NUTRITIONIST' });
    expect(promoted.status).toBe(200);
    const identityUser = await t.runtime.identity.admin.adminGetUser({ Username: target.username });
    expect(identityUser.Attributes.find((a) => a.Name === 'custom:role')?.Value).toBe('NUTRITIONIST');
    expect((await api(t, target, 'GET', '/users/users')).status).toBe(200);
  });

  it('leaves an audit event for every read and write of a client record, denied ones too', async () => {
    const other = await addUser(t, 'CLIENT');
    const program = await addProgram(t, 'Audit Program');
    const read = await api(t, doctor, 'GET', `/users/user-profiles/${client.id}`);
    const denied = await api(t, other, 'GET', `/users/user-profiles/${client.id}`);
    expect(denied.status).toBe(404);
    const enrolled = await api(t, doctor, 'POST', '/users/user-program-enrollments', { user: client.id, program, start_date: '2026-03-01' });
    expect(enrolled.status).toBe(201);
    const events = await api(t, admin, 'GET', `/audit/events?client=${client.id}&page_size=100`);
    expect(events.status).toBe(200);
    const actions = events.body.results.map((e: { action: string; outcome: string; actor: number }) => `${e.action}:${e.outcome}:${e.actor}`);
    expect(actions).toContain(`profile.read:success:${doctor.id}`);
    expect(actions).toContain(`profile.read:denied:${other.id}`);
    expect(actions).toContain(`enrollment.create:success:${doctor.id}`);
    expect(actions).toContain(`consent.record:success:${client.id}`);
    expect(actions).toContain(`profile.update:success:${client.id}`);
    const readEvent = events.body.results.find((e: { action: string; actor: number }) => e.action === 'profile.read' && e.actor === doctor.id);
    expect(readEvent).toMatchObject({ actor_role: 'DOCTOR', client: client.id });
    expect(events.body.results.map((e: { request_id: string }) => e.request_id)).toContain(read.headers['x-request-id']);
    // Filters: actor, action, time range.
    const byActor = await api(t, admin, 'GET', `/audit/events?actor=${other.id}&action=profile.read`);
    expect(byActor.body.results).toHaveLength(1);
    const future = await api(t, admin, 'GET', `/audit/events?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body.count).toBe(0);
    const past = await api(t, admin, 'GET', `/audit/events?to=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`);
    expect(past.body.count).toBe(0);
    await expect(sql`update audit_events set outcome = 'success'`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});
