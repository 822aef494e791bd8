// Discovery over HTTP on each engine: prospects and their duplicates, a discovery visit booked
// through scheduling, its note signed by its author and locked, converting (invitation through
// the mail transport, idempotent, all or nothing when identity fails), and the funnel.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FUNNEL_RANGE_TEXTS } from '../../../../machines/discovery/funnel-range.ts';
import { DISCOVERY_TEXTS as T } from '../../../../server/api/discovery/texts.ts';
import { IdentityError } from '../../../../server/identity/contracts.ts';
import { engines } from '../../../support/engines.ts';
import { latestTemporaryPassword, signIn } from '../../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { addProgram, api, uniqueEmail } from '../support.ts';
import { addProspect, type DiscoveryClinic, discoveryClinic, nextSlot, visitHeld } from './fixtures.ts';

const HEART = {
  sex: 'male',
  age: '52',
  hdl_cholesterol: '42',
  total_cholesterol: '230',
  smoker: 'yes',
  diabetic: 'no',
  treats_hypertension: 'no',
  systolic_bp: '138',
};

describe.each(engines)('discovery on %s', (engine) => {
  let t: TestApp;
  let c: DiscoveryClinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await discoveryClinic(t);
  }, 180_000);
  afterAll(() => t.close());

  const n = async (query: string) => Number((await sql.raw<{ n: number }>(`select (${query}) as n`).execute(t.database.db)).rows[0].n);

  /** A prospect whose discovery visit is booked, written and signed by the coach. */
  async function heldProspect(outcome = 'enrol') {
    const p = await addProspect(t, c.coach);
    const visit = await api(t, c.coach, 'POST', '/discovery/visits', { prospect: p.id, service: c.service, start: nextSlot(c.monday) });
    expect(visit.status).toBe(201);
    const note = await api(t, c.coach, 'PATCH', `/discovery/visits/${visit.body.id}`, {
      goals: 'Sleep through the night',
      health_and_lifestyle: 'Desk job',
      barriers: 'Time',
      heart_risk: HEART,
      outcome,
    });
    expect(note.status).toBe(200);
    await visitHeld(t, visit.body.id);
    expect((await api(t, c.coach, 'POST', `/discovery/visits/${visit.body.id}/sign`)).status).toBe(200);
    return { ...p, visit: visit.body.id as number };
  }

  it('adds a prospect with no sign-in, status prospective, stage new', async () => {
    const email = uniqueEmail('walkin');
    const res = await api(t, c.reception, 'POST', '/discovery/prospects', {
      first_name: 'Meera',
      last_name: 'Iyer',
      email,
      phone: '+919800000001',
      source: 'referral',
      referred_by: 'Dr Shah',
      owner: c.coach.id,
      interests: ['HBOT'],
      next_action: 'Call back',
      next_action_on: '2026-12-01',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ stage: 'new', client_status: 'prospective', email, owner: c.coach.id, referred_by: 'Dr Shah', interests: ['HBOT'] });
    const user = await t.database.db.selectFrom('users').select(['sub', 'email', 'status']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(user.sub.startsWith('prospect:')).toBe(true);
    expect(user.email).not.toBe(email);
    const list = await api(t, c.coach, 'GET', `/discovery/prospects?search=meera&owner=${c.coach.id}&source=referral&due=2026-12-31`);
    expect(list.body.results.map((p: { id: number }) => p.id)).toContain(res.body.id);
    const detail = await api(t, c.coach, 'GET', `/discovery/prospects/${res.body.id}`);
    expect(detail.body.history).toEqual([expect.objectContaining({ from: null, to: 'new', actor: c.reception.id })]);
  });

  it('flags a possible duplicate before saving, and saves it flagged only when confirmed', async () => {
    const before = await n('select count(*) from discovery_prospects');
    const byEmail = await api(t, c.coach, 'POST', '/discovery/prospects', { first_name: 'Same', email: c.client.email.toUpperCase(), source: 'event' });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toMatchObject({ detail: T.possibleDuplicate, duplicates: [expect.objectContaining({ id: c.client.id, matched_on: 'email' })] });
    const first = await addProspect(t, c.coach, undefined, { phone: '+919811111111' });
    const byPhone = await api(t, c.coach, 'POST', '/discovery/prospects', { first_name: 'Other', phone: '+919811111111', source: 'social' });
    expect(byPhone.status).toBe(409);
    expect(byPhone.body.duplicates[0]).toMatchObject({ id: first.id, matched_on: 'phone', status: 'prospective' });
    expect(await n('select count(*) from discovery_prospects')).toBe(before + 1);
    const saved = await api(t, c.coach, 'POST', '/discovery/prospects', {
      first_name: 'Other',
      phone: '+919811111111',
      source: 'social',
      confirm_duplicate: true,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.possible_duplicate_of).toBe(first.id);
  });

  it('refuses a prospect with neither phone nor email, and an owner who is not staff', async () => {
    expect((await api(t, c.coach, 'POST', '/discovery/prospects', { first_name: 'Nobody', source: 'other' })).body.errors).toEqual({
      phone: [T.contactNeeded],
    });
    expect(
      (await api(t, c.coach, 'POST', '/discovery/prospects', { first_name: 'X', email: uniqueEmail(), source: 'other', owner: c.client.id })).body.errors,
    ).toEqual({ owner: [T.noOwner] });
  });

  it('never lets a CLIENT in, and puts their attempt on a record on the trail', async () => {
    const p = await addProspect(t, c.coach);
    expect((await api(t, c.client, 'GET', '/discovery/prospects')).status).toBe(403);
    expect((await api(t, c.client, 'GET', `/discovery/prospects/${p.id}`)).status).toBe(403);
    expect((await api(t, c.client, 'POST', `/discovery/prospects/${p.id}/convert`, {})).status).toBe(403);
    expect(await n(`select count(*) from audit_events where client_id = ${p.id} and actor_id = ${c.client.id} and outcome = 'denied'`)).toBe(2);
  });

  it('books a discovery visit through scheduling, and its author signs the note, which then locks', async () => {
    const p = await addProspect(t, c.coach);
    const start = nextSlot(c.monday);
    const visit = await api(t, c.coach, 'POST', '/discovery/visits', { prospect: p.id, service: c.service, start, channel: 'video' });
    expect(visit.status).toBe(201);
    expect(visit.body).toMatchObject({ prospect: p.id, author: c.coach.id, status: 'draft', channel: 'video' });
    const appointment = await api(t, c.admin, 'GET', `/appointments/appointments/${visit.body.appointment}`);
    expect(appointment.body).toMatchObject({ client: p.id, staff: c.coach.id, service: c.service, status: 'booked' });
    // The same time again is a scheduling conflict; nothing else is written.
    const clash = await addProspect(t, c.coach);
    const again = await api(t, c.coach, 'POST', '/discovery/visits', { prospect: clash.id, service: c.service, start });
    expect(again.status).toBe(409);
    expect((await api(t, c.coach, 'GET', `/discovery/prospects/${clash.id}`)).body).toMatchObject({ stage: 'new', visits: [] });
    expect((await api(t, c.coach, 'GET', `/discovery/prospects/${p.id}`)).body.stage).toBe('discovery_booked');

    const bad = await api(t, c.coach, 'PATCH', `/discovery/visits/${visit.body.id}`, { heart_risk: { ...HEART, age: 'old' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['heart_risk.age']);
    const note = await api(t, c.coach, 'PATCH', `/discovery/visits/${visit.body.id}`, { goals: 'Energy', heart_risk: HEART });
    expect(note.body.heart_risk).toMatchObject({ points: 16, band: '25.3', in_validated_age_range: true });
    expect((await api(t, c.coach, 'POST', `/discovery/visits/${visit.body.id}/sign`)).body.errors).toEqual({ outcome: [T.outcomeNeeded] });
    await api(t, c.coach, 'PATCH', `/discovery/visits/${visit.body.id}`, { outcome: 'nurture' });
    // Not before the visit (issue 32): a 409 in words, nothing signed.
    const early = await api(t, c.coach, 'POST', `/discovery/visits/${visit.body.id}/sign`);
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/^This visit note cannot be signed before its visit \(.+\)\.$/);
    expect((await api(t, c.coach, 'GET', `/discovery/visits/${visit.body.id}`)).body.status).toBe('draft');
    await visitHeld(t, visit.body.id);
    const nurse = c.reception;
    expect((await api(t, nurse, 'POST', `/discovery/visits/${visit.body.id}/sign`)).body.detail).toBe(T.authorSigns);
    const signed = await api(t, c.coach, 'POST', `/discovery/visits/${visit.body.id}/sign`);
    expect(signed.body).toMatchObject({ status: 'signed', outcome: 'nurture' });
    expect((await api(t, c.coach, 'PATCH', `/discovery/visits/${visit.body.id}`, { goals: 'changed' })).status).toBe(409);
    expect((await api(t, c.coach, 'POST', `/discovery/visits/${visit.body.id}/sign`)).status).toBe(409);
    expect((await api(t, c.coach, 'GET', `/discovery/visits/${visit.body.id}`)).body.goals).toBe('Energy');
    expect((await api(t, c.coach, 'GET', `/discovery/prospects/${p.id}`)).body.stage).toBe('discovery_done');
  });

  it('converts: sign-in account with an invitation, profile from the visit, enrollment, stage enrol; a repeat creates nothing twice', async () => {
    const program = await addProgram(t);
    const p = await heldProspect();
    const res = await api(t, c.coach, 'POST', `/discovery/prospects/${p.id}/convert`, { program, start_date: '2026-12-07' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ client: p.id, prospect: { stage: 'enrol', client_status: 'active' } });
    expect(res.body.enrollment).toBeGreaterThan(0);
    const profile = await t.database.db
      .selectFrom('user_profiles')
      .select(['health_goals', 'lifestyle_history'])
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(profile.health_goals).toMatchObject({ discovery: 'Sleep through the night' });
    expect(profile.lifestyle_history).toMatchObject({ discovery: 'Desk job', barriers: 'Time' });
    // The invitation arrived, and its temporary password signs the new client in.
    const password = await latestTemporaryPassword(t, p.email);
    // Identity accepts it and asks for a new password, as for every invitation.
    await expect(signIn(t, p.email, password)).rejects.toThrow(/NEW_PASSWORD_REQUIRED/);
    const messages = await n(`select count(*) from mail_outbox where recipient = '${p.email}'`);

    const again = await api(t, c.coach, 'POST', `/discovery/prospects/${p.id}/convert`, { program, start_date: '2026-12-07' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(await n(`select count(*) from mail_outbox where recipient = '${p.email}'`)).toBe(messages);
    expect(await n(`select count(*) from program_enrollments where user_id = ${p.id}`)).toBe(1);
    expect(await n(`select count(*) from identity.users where lower(email) = '${p.email}'`)).toBe(1);
    expect(await n(`select count(*) from discovery_stage_history where prospect_id = ${p.id} and to_stage = 'enrol'`)).toBe(1);
  });

  it('converts all or nothing: when the identity call fails nothing is written, and a retry then succeeds', async () => {
    const p = await heldProspect();
    const admin = t.runtime.identity.admin;
    const spy = vi.spyOn(admin, 'adminCreateUser').mockRejectedValueOnce(new IdentityError('InternalErrorException', 'identity unavailable'));
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/discovery/prospects/${p.id}/convert`,
      headers: { authorization: `Bearer ${c.coach.accessToken}` },
      payload: {},
    });
    spy.mockRestore();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect((await api(t, c.coach, 'GET', `/discovery/prospects/${p.id}`)).body).toMatchObject({
      stage: 'discovery_done',
      client_status: 'prospective',
      converted_at: null,
    });
    expect(await n(`select count(*) from audit_events where client_id = ${p.id} and action = 'discovery.prospect.convert'`)).toBe(0);
    expect(await n(`select count(*) from identity.users where lower(email) = '${p.email}'`)).toBe(0);
    expect((await api(t, c.coach, 'POST', `/discovery/prospects/${p.id}/convert`, {})).status).toBe(200);
  });

  it('converts all or nothing: when the clinic write fails the new sign-in account is removed again', async () => {
    const p = await heldProspect();
    // Another user takes the sign-in email between the check and the write (the unique index refuses it).
    const original = t.runtime.identity.admin.adminCreateUser.bind(t.runtime.identity.admin);
    const hook = vi.spyOn(t.runtime.identity.admin, 'adminCreateUser').mockImplementationOnce(async (input) => {
      const made = await original(input);
      await sql`update users set email = ${p.email} where id = ${c.admin.id}`.execute(t.database.db);
      return made;
    });
    const adminEmail = c.admin.email;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/discovery/prospects/${p.id}/convert`,
      headers: { authorization: `Bearer ${c.coach.accessToken}` },
      payload: {},
    });
    hook.mockRestore();
    await sql`update users set email = ${adminEmail} where id = ${c.admin.id}`.execute(t.database.db);
    expect(res.statusCode).not.toBe(200);
    expect(await n(`select count(*) from identity.users where lower(email) = '${p.email}'`)).toBe(0);
    expect((await api(t, c.coach, 'GET', `/discovery/prospects/${p.id}`)).body).toMatchObject({ stage: 'discovery_done', client_status: 'prospective' });
  });

  it('refuses to convert before the discovery visit is done, or without an email', async () => {
    const early = await addProspect(t, c.coach, 'contacted');
    expect((await api(t, c.coach, 'POST', `/discovery/prospects/${early.id}/convert`, {})).status).toBe(409);
    const phoneOnly = await api(t, c.coach, 'POST', '/discovery/prospects', { first_name: 'Phone', phone: '+919822222222', source: 'walk_in' });
    await sql`update discovery_prospects set stage = 'discovery_done' where id = ${phoneOnly.body.id}`.execute(t.database.db);
    expect((await api(t, c.coach, 'POST', `/discovery/prospects/${phoneOnly.body.id}/convert`, {})).body.errors).toEqual({ email: [T.emailNeeded] });
  });

  it('counts the funnel per stage reached, by source and by owner', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await api(t, c.admin, 'GET', `/discovery/funnel?date_from=${today}&date_to=${today}`);
    expect(res.status).toBe(200);
    const stage = (s: string) => res.body.stages.find((x: { stage: string }) => x.stage === s).count;
    expect(stage('new')).toBeGreaterThanOrEqual(stage('discovery_booked'));
    expect(stage('enrol')).toBeGreaterThanOrEqual(2);
    expect(res.body.by_source.find((s: { source: string }) => s.source === 'walk_in').converted).toBeGreaterThanOrEqual(2);
    expect((await api(t, c.admin, 'GET', `/discovery/funnel?date_from=${today}&date_to=2020-01-01`)).body.errors).toEqual({
      date_to: [FUNNEL_RANGE_TEXTS.rangeOrder],
    });
    expect((await api(t, c.admin, 'GET', `/discovery/funnel?date_from=2020-01-01&date_to=${today}`)).body.errors).toEqual({
      date_to: [FUNNEL_RANGE_TEXTS.rangeTooLong],
    });
  });
});
