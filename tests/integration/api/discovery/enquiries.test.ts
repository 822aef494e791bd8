// The public enquiry endpoint on each engine: no sign-in, strict validation (nothing written on
// bad input), the honeypot (accepted, dropped), the per-address limit, duplicates flagged, and the
// owner on duty told by email without the enquirer's details.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_TEXTS as T, ENQUIRY_LIMIT_PER_HOUR } from '../../../../server/api/discovery/texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';

let address = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });
const enquiry = (extra: Record<string, unknown> = {}) => ({
  name: 'Kiran Desai',
  email: uniqueEmail('web'),
  interest: 'HBOT',
  message: 'Can I try a session?',
  consent_to_contact: true,
  ...extra,
});

describe.each(engines)('website enquiries on %s', (engine) => {
  let t: TestApp;
  let coach: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    coach = await addUser(t, 'HEALTH_COACH');
  }, 180_000);
  afterAll(() => t.close());

  const prospects = async () => Number((await sql<{ n: number }>`select count(*)::int as n from discovery_prospects`.execute(t.database.db)).rows[0].n);

  it('needs no sign-in and makes a new prospect owned by the coach on duty, who is told by email', async () => {
    const body = enquiry();
    const res = await api(t, null, 'POST', '/discovery/enquiries', body, from());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: T.enquiryReceived });
    const list = await api(t, coach, 'GET', `/discovery/prospects?search=${encodeURIComponent(body.email)}`);
    expect(list.body.results).toEqual([
      expect.objectContaining({
        stage: 'new',
        source: 'website_form',
        owner: coach.id,
        first_name: 'Kiran',
        last_name: 'Desai',
        interests: ['HBOT'],
        questionnaire: { message: 'Can I try a session?' },
        consent_to_contact: true,
      }),
    ]);
    const { rows } = await sql<{
      subject: string;
      body: string;
    }>`select subject, body from mail_outbox where recipient = ${coach.email} order by id desc limit 1`.execute(t.database.db);
    expect(rows[0].subject).toBe(T.ownerNotice.subject);
    expect(rows[0].body).toContain(`/client/discovery/${list.body.results[0].id}`);
    expect(rows[0].body).not.toContain(body.email);
  });

  it('refuses bad input with the field, writing nothing', async () => {
    const before = await prospects();
    const cases: Array<[Record<string, unknown>, string]> = [
      [enquiry({ email: null, phone: null }), 'phone'],
      [enquiry({ consent_to_contact: false }), 'consent_to_contact'],
      [enquiry({ email: 'not-an-email' }), 'email'],
      [enquiry({ phone: '12345' }), 'phone'],
      [enquiry({ name: '   ' }), 'name'],
      [enquiry({ source: 'event' }), 'source'],
      [{ name: 'No consent', email: uniqueEmail() }, 'consent_to_contact'],
    ];
    for (const [body, field] of cases) {
      const res = await api(t, null, 'POST', '/discovery/enquiries', body, from());
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect(await prospects()).toBe(before);
  });

  it('accepts a filled honeypot the same way and drops it', async () => {
    const before = await prospects();
    const res = await api(t, null, 'POST', '/discovery/enquiries', enquiry({ website: 'http://spam.example' }), from());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: T.enquiryReceived });
    expect(await prospects()).toBe(before);
  });

  it(`limits one address to ${ENQUIRY_LIMIT_PER_HOUR} an hour, other addresses unaffected`, async () => {
    const sender = from();
    for (let i = 0; i < ENQUIRY_LIMIT_PER_HOUR; i++) expect((await api(t, null, 'POST', '/discovery/enquiries', enquiry(), sender)).status).toBe(201);
    const before = await prospects();
    const refused = await api(t, null, 'POST', '/discovery/enquiries', enquiry(), sender);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(T.enquiryLimit);
    expect(await prospects()).toBe(before);
    expect((await api(t, null, 'POST', '/discovery/enquiries', enquiry(), from())).status).toBe(201);
  });

  it('saves an enquiry from someone already known, flagged as a possible duplicate', async () => {
    const res = await api(t, null, 'POST', '/discovery/enquiries', enquiry({ email: coach.email.toUpperCase() }), from());
    expect(res.status).toBe(201);
    const { rows } = await sql<{
      d: number;
    }>`select possible_duplicate_of as d from discovery_prospects where lower(email) = ${coach.email.toLowerCase()}`.execute(t.database.db);
    expect(rows.map((r) => r.d)).toEqual([coach.id]);
  });

  it('gives the enquiry to the staff member whose shift covers now, before a coach off duty or on leave', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7];
    const onShift = await addUser(t, 'NUTRITIONIST');
    const onLeave = await addUser(t, 'HEALTH_COACH');
    const db = t.database.db;
    // Both work every day, around the clock in the clinic's zone (a time of 24:00 ends the day).
    for (const staff of [onShift.id, onLeave.id])
      await db
        .insertInto('staff_hours')
        .values(all.map((weekday) => ({ staff_id: staff, weekday, starts: '00:00', ends: '24:00' })))
        .execute();
    await db
      .insertInto('staff_hour_exceptions')
      .values({ staff_id: onLeave.id, kind: 'leave', starts_at: new Date(Date.now() - 3_600_000), ends_at: new Date(Date.now() + 3_600_000) })
      .execute();
    const body = enquiry();
    expect((await api(t, null, 'POST', '/discovery/enquiries', body, from())).status).toBe(201);
    const list = await api(t, coach, 'GET', `/discovery/prospects?search=${encodeURIComponent(body.email)}`);
    expect(list.body.results[0].owner).toBe(onShift.id);
    const { rows } = await sql<{
      body: string;
    }>`select body from mail_outbox where recipient = ${onShift.email} and subject = ${T.ownerNotice.subject}`.execute(db);
    expect(rows.map((r) => r.body)).toEqual([expect.stringContaining(`/client/discovery/${list.body.results[0].id}`)]);
  });
});
