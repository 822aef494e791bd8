// The client portal's server pieces over HTTP, on each engine: thrive checks (scored on the
// server with the published tables, stored, listed newest first, a client sees only their own,
// staff read, every access audited), the onboarding objects validated against their versioned
// schemas, and the sign-in email following the identity service only once it is verified.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateHeartRisk } from '../../../../machines/rules/heart-risk.ts';
import { EMAIL_SYNC_ERRORS } from '../../../../server/api/people/profile-email-routes.ts';
import { THRIVE_CHECK_ERRORS } from '../../../../server/api/thrive/checks-routes.ts';
import { engines } from '../../../support/engines.ts';
import { identityCall, latestCode } from '../../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';
import { HEALTH_GOALS } from './fixtures.ts';

const INPUT = {
  sex: 'male',
  age: '61',
  hdl_cholesterol: '47',
  total_cholesterol: '180',
  smoker: 'yes',
  diabetic: 'no',
  treats_hypertension: 'no',
  systolic_bp: '124.9',
};

async function auditCount(t: TestApp, action: string, client: number, outcome = 'success'): Promise<number> {
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from audit_events where action = ${action} and client_id = ${client} and outcome = ${outcome}`.execute(t.database.db);
  return r.rows[0].n;
}

describe.each(engines)('client portal API on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let other: Actor;
  let nurse: Actor;
  let doctor: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT', { first_name: 'Meera', last_name: 'Nair' });
    other = await addUser(t, 'CLIENT', { first_name: 'Arjun', last_name: 'Rao' });
    nurse = await addUser(t, 'NURSE');
    doctor = await addUser(t, 'DOCTOR');
  });
  afterAll(() => t.close());

  describe('thrive checks', () => {
    it('a client records their own check; the server scores it with the published tables', async () => {
      const res = await api(t, client, 'POST', '/users/thrive-checks', INPUT);
      expect(res.status).toBe(201);
      // 11 (61) + 0 (HDL 47) + 1 (TC 180) + 0 (SBP 124, "124.9" read as 124) + 4 (smoker) = 16 -> 25.3 %
      expect(res.body).toMatchObject({
        user: client.id,
        recorded_by: client.id,
        sex: 'male',
        age: 61,
        systolic_bp: 124,
        smoker: true,
        diabetic: false,
        points: 16,
        riskPercentage: 25.3,
        band: '25.3',
        in_validated_age_range: true,
      });
      expect(res.body.points).toBe(calculateHeartRisk(INPUT).points);
      expect(await auditCount(t, 'thrive_check.create', client.id)).toBe(1);
    });

    it('reads only exact "male" and exact "yes"; caps at 30', async () => {
      const res = await api(t, client, 'POST', '/users/thrive-checks', {
        ...INPUT,
        sex: 'Male',
        smoker: 'Yes',
        age: 80,
        hdl_cholesterol: 30,
        total_cholesterol: 300,
        diabetic: 'yes',
        treats_hypertension: 'yes',
        systolic_bp: 180,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ sex: 'female', smoker: false, diabetic: true, treats_hypertension: true, in_validated_age_range: false });
      // female: 12 + 2 + 5 + 7 + 0 + 4 = 30 -> ">30"
      expect(res.body).toMatchObject({ points: 30, band: '>30', riskPercentage: 30 });
    });

    it('refuses text that is no number, naming the field, and stores nothing', async () => {
      const before = await api(t, client, 'GET', '/users/thrive-checks');
      const res = await api(t, client, 'POST', '/users/thrive-checks', { ...INPUT, hdl_cholesterol: 'high', systolic_bp: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ hdl_cholesterol: ['Must be a whole number.'], systolic_bp: ['This field is required.'] });
      const after = await api(t, client, 'GET', '/users/thrive-checks');
      expect(after.body).toHaveLength(before.body.length);
    });

    it('refuses unknown and missing fields through the contract', async () => {
      const unknown = await api(t, client, 'POST', '/users/thrive-checks', { ...INPUT, weight: 80 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toHaveProperty('weight');
      const { age: _age, ...missing } = INPUT;
      const res = await api(t, client, 'POST', '/users/thrive-checks', missing);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ age: ['This field is required.'] });
      const wrongType = await api(t, client, 'POST', '/users/thrive-checks', { ...INPUT, smoker: true });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors).toHaveProperty('smoker');
    });

    it('lists a client their own checks, newest first, and audits the read', async () => {
      const before = await auditCount(t, 'thrive_check.list', client.id);
      const res = await api(t, client, 'GET', '/users/thrive-checks');
      expect(res.status).toBe(200);
      expect(res.body.map((c: { points: number }) => c.points)).toEqual([30, 16]);
      expect(res.body.every((c: { user: number }) => c.user === client.id)).toBe(true);
      expect(await auditCount(t, 'thrive_check.list', client.id)).toBe(before + 1);
    });

    it("a client never sees or records another client's checks (404, audited as denied)", async () => {
      await api(t, other, 'POST', '/users/thrive-checks', INPUT);
      const read = await api(t, client, 'GET', `/users/thrive-checks?user=${other.id}`);
      expect(read.status).toBe(404);
      expect(await auditCount(t, 'thrive_check.list', other.id, 'denied')).toBe(1);
      const write = await api(t, client, 'POST', '/users/thrive-checks', { ...INPUT, user: other.id });
      expect(write.status).toBe(404);
      const theirs = await api(t, other, 'GET', '/users/thrive-checks');
      expect(theirs.body).toHaveLength(1);
    });

    it('staff read any client’s checks and record one for a client', async () => {
      const read = await api(t, doctor, 'GET', `/users/thrive-checks?user=${client.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toHaveLength(2);
      const made = await api(t, nurse, 'POST', '/users/thrive-checks', { ...INPUT, user: other.id });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ user: other.id, recorded_by: nurse.id });
      const noUser = await api(t, doctor, 'GET', '/users/thrive-checks');
      expect(noUser.status).toBe(400);
      expect(noUser.body.errors).toEqual({ user: [THRIVE_CHECK_ERRORS.userRequired] });
      const staffTarget = await api(t, nurse, 'POST', '/users/thrive-checks', { ...INPUT, user: doctor.id });
      expect(staffTarget.status).toBe(400);
      expect(staffTarget.body.errors).toEqual({ user: [THRIVE_CHECK_ERRORS.notAClient] });
      const missing = await api(t, doctor, 'GET', '/users/thrive-checks?user=999999');
      expect(missing.status).toBe(404);
    });

    it('needs a token', async () => {
      const res = await api(t, null, 'GET', '/users/thrive-checks');
      expect(res.status).toBe(401);
    });

    it('keeps checks as records: the database refuses changing one', async () => {
      await expect(sql`update thrive_checks set points = 0`.execute(t.database.db)).rejects.toThrow(/append-only/);
    });
  });

  describe('onboarding objects (versioned, validated on the server)', () => {
    it('stores valid answers and shows them back', async () => {
      const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { health_goals: HEALTH_GOALS });
      expect(res.status).toBe(200);
      expect(res.body.health_goals).toEqual(HEALTH_GOALS);
      const lifestyle = {
        schema_version: 1,
        sleep: { hours_per_night: 6.5, quality: 'fair', wakes_at_night: true },
        activity: { days_per_week: 3, minutes_per_day: 30, kinds: 'walking, yoga' },
        diet: { pattern: 'vegetarian', meals_per_day: 3 },
        stress: { level: 7, sources: 'work' },
        alcohol: { frequency: 'occasionally', drinks_per_week: 1 },
        tobacco: { status: 'never' },
        caffeine: { cups_per_day: 3 },
        screen_time: { hours_per_day: 9 },
      };
      const family = { schema_version: 1, conditions: [{ condition: 'diabetes', relation: 'father', age_at_onset: 52 }] };
      const story = { schema_version: 1, summary: 'Tired all the time since my second child.', concern_duration: '1_to_5_years' };
      const all = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, {
        lifestyle_history: lifestyle,
        family_history: family,
        client_story: story,
      });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ lifestyle_history: lifestyle, family_history: family, client_story: story });
    });

    it('accepts an empty object (not answered yet)', async () => {
      const res = await api(t, other, 'PATCH', `/users/user-profiles/${other.id}`, { family_history: {} });
      expect(res.status).toBe(200);
    });

    it.each<[string, unknown, string]>([
      ['health_goals', { goals: HEALTH_GOALS.goals }, 'no schema version'],
      ['health_goals', { ...HEALTH_GOALS, schema_version: 2 }, 'an unknown version'],
      ['health_goals', { ...HEALTH_GOALS, goals: [{ ...HEALTH_GOALS.goals[0], priority: 'urgent' }] }, 'a priority outside the list'],
      ['health_goals', { ...HEALTH_GOALS, goals: [{ ...HEALTH_GOALS.goals[0], target_date: 'soon' }] }, 'a target date that is no date'],
      ['client_story', { schema_version: 1, summary: '' }, 'an empty story'],
      ['lifestyle_history', { schema_version: 1, sleep: { hours_per_night: 30, quality: 'good' } }, 'impossible sleep and missing sections'],
      ['family_history', { schema_version: 1, conditions: [{ condition: 'diabetes', relation: 'neighbour' }] }, 'a relation outside the list'],
      ['family_history', { schema_version: 1, conditions: [], extra: true }, 'an unknown field'],
    ])('refuses %s with %s (%s), changing nothing', async (field, value) => {
      const before = await api(t, client, 'GET', `/users/user-profiles/${client.id}`);
      const res = await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { [field]: value });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).some((k) => k.startsWith(field))).toBe(true);
      const after = await api(t, client, 'GET', `/users/user-profiles/${client.id}`);
      expect(after.body[field]).toEqual(before.body[field]);
    });
  });

  describe('sign-in email change', () => {
    it('follows the identity service only after the code sent to the new address is confirmed', async () => {
      const newEmail = uniqueEmail('meera.new');
      const update = await identityCall(t, 'UpdateUserAttributes', { AccessToken: client.accessToken, UserAttributes: [{ Name: 'email', Value: newEmail }] });
      expect(update.status).toBe(200);
      expect(update.body.CodeDeliveryDetailsList[0]).toMatchObject({ AttributeName: 'email', DeliveryMedium: 'EMAIL' });

      const early = await api(t, client, 'POST', `/users/user-profiles/${client.id}/email-sync`);
      expect(early.status).toBe(409);
      expect(early.body.detail).toBe(EMAIL_SYNC_ERRORS.notVerified);
      const unchanged = await api(t, client, 'GET', `/users/user-profiles/${client.id}`);
      expect(unchanged.body.email).toBe(client.email);

      // The code went to the new address, not the old one.
      const code = await latestCode(t, newEmail);
      const verify = await identityCall(t, 'VerifyUserAttribute', { AccessToken: client.accessToken, AttributeName: 'email', Code: code });
      expect(verify.status).toBe(200);

      const synced = await api(t, client, 'POST', `/users/user-profiles/${client.id}/email-sync`);
      expect(synced.status).toBe(200);
      expect(synced.body.email).toBe(newEmail);
      expect(await auditCount(t, 'profile.email_sync', client.id)).toBe(1);
    });

    it("a client cannot sync another user's email (404)", async () => {
      const res = await api(t, client, 'POST', `/users/user-profiles/${other.id}/email-sync`);
      expect(res.status).toBe(404);
    });
  });
});
