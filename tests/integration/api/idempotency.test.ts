// Idempotency-Key on the writes a person may send twice (server/http/idempotency.ts), on each
// engine: a support ticket, a website enquiry and a booking. A repeat with the same key from the
// same caller gets the first answer and writes nothing, sent one after the other or all at once;
// the same key with another body is 422 naming the header; keys are per caller, checked for
// shape, and last 24 hours; without a key nothing changes.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TEXTS } from '../../../server/http/idempotency.ts';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { at, buildClinic, type Clinic } from './appointments/fixtures.ts';
import { type Actor, addUser, api, uniqueEmail } from './support.ts';

describe.each(engines)('Idempotency-Key on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  let client: Actor;
  let other: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
    client = await addUser(t, 'CLIENT');
    other = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  const count = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.database.db)).rows[0].n);
  const ticket = (subject = 'Charged twice') => ({ category: 'billing', subject, message: 'Two charges on my card.' });
  const key = () => ({ 'idempotency-key': randomUUID() });

  it('a repeated ticket with the same key answers the first ticket and writes nothing', async () => {
    const headers = key();
    const before = await count('support_tickets');
    const audits = await count('audit_events');
    const first = await api(t, client, 'POST', '/support/tickets', ticket(), headers);
    expect(first.status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/support/tickets',
        headers: { authorization: `Bearer ${client.accessToken}`, ...headers },
        payload: ticket(),
      });
      expect(again.statusCode).toBe(201);
      expect(JSON.parse(again.body)).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await count('support_tickets')).toBe(before + 1);
    expect(await count('audit_events')).toBe(audits + 1);
    // The same body in another key order is the same request.
    const reordered = await api(
      t,
      client,
      'POST',
      '/support/tickets',
      { message: 'Two charges on my card.', subject: 'Charged twice', category: 'billing' },
      headers,
    );
    expect(reordered.body).toEqual(first.body);
    // Without a key, two submissions are two tickets, as before.
    await api(t, client, 'POST', '/support/tickets', ticket());
    await api(t, client, 'POST', '/support/tickets', ticket());
    expect(await count('support_tickets')).toBe(before + 3);
  });

  it('the same key sent many times at once makes one ticket', async () => {
    const headers = key();
    const before = await count('support_tickets');
    const answers = await Promise.all(Array.from({ length: 6 }, () => api(t, client, 'POST', '/support/tickets', ticket('At once'), headers)));
    expect(await count('support_tickets')).toBe(before + 1);
    const made = answers.filter((a) => a.status === 201);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made.map((a) => a.body.id)).size).toBe(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a).toMatchObject({ status: 409, body: { detail: IDEMPOTENCY_TEXTS.inProgress } });
    // Once the first is answered, every repeat is its answer.
    expect((await api(t, client, 'POST', '/support/tickets', ticket('At once'), headers)).body.id).toBe(made[0].body.id);
  });

  it('the same key with a different request is 422 naming the header, and writes nothing', async () => {
    const headers = key();
    await api(t, client, 'POST', '/support/tickets', ticket('First'), headers);
    const before = await count('support_tickets');
    const changed = await api(t, client, 'POST', '/support/tickets', ticket('Second'), headers);
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ detail: IDEMPOTENCY_TEXTS.otherRequest, errors: { 'Idempotency-Key': [IDEMPOTENCY_TEXTS.otherRequest] } });
    expect(await count('support_tickets')).toBe(before);
  });

  it('keys are per caller, must be 1-255 visible characters, and last 24 hours', async () => {
    const headers = key();
    const mine = await api(t, client, 'POST', '/support/tickets', ticket(), headers);
    const theirs = await api(t, other, 'POST', '/support/tickets', ticket(), headers);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.client).toBe(other.id);
    const before = await count('support_tickets');
    for (const bad of ['', 'has space', 'x'.repeat(256), 'tab\there', 'é']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/support/tickets',
        headers: { authorization: `Bearer ${client.accessToken}`, 'idempotency-key': bad },
        payload: ticket(),
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.parse(res.body).errors).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_TEXTS.badKey] });
    }
    expect(await count('support_tickets')).toBe(before);
    await sql`update idempotency_keys set created_at = now() - interval '25 hours'`.execute(t.database.db);
    const later = await api(t, client, 'POST', '/support/tickets', ticket(), headers);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(mine.body.id);
  });

  it('a website enquiry sent twice with one key is one prospect; another address has its own keys', async () => {
    const headers = key();
    const body = { name: 'Kiran Desai', email: uniqueEmail('idem'), consent_to_contact: true };
    const before = await count('discovery_prospects');
    const first = await api(t, null, 'POST', '/discovery/enquiries', body, { ...headers, 'x-forwarded-for': '198.51.100.61' });
    const again = await api(t, null, 'POST', '/discovery/enquiries', body, { ...headers, 'x-forwarded-for': '198.51.100.61' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await count('discovery_prospects')).toBe(before + 1);
    expect(await count('discovery_enquiries')).toBeGreaterThanOrEqual(1);
    expect((await api(t, null, 'POST', '/discovery/enquiries', body, { ...headers, 'x-forwarded-for': '198.51.100.62' })).status).toBe(201);
    expect(await count('discovery_prospects')).toBe(before + 2);
  });

  it('a booking sent twice with one key is one appointment; a conflict is answered the same again', async () => {
    const headers = key();
    const body = { client: c.client.id, service: c.hbot, staff: c.nurse.id, start: at(c.monday, '13:00') };
    const before = await count('appointments');
    const first = await api(t, c.reception, 'POST', '/appointments/appointments', body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await api(t, c.reception, 'POST', '/appointments/appointments', body, headers);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(await count('appointments')).toBe(before + 1);
    // A second booking of the same time under a new key is refused (409), and so is its repeat.
    const clash = { ...body, client: c.otherClient.id };
    const clashKey = key();
    const refused = await api(t, c.reception, 'POST', '/appointments/appointments', clash, clashKey);
    expect(refused.status).toBe(409);
    expect((await api(t, c.reception, 'POST', '/appointments/appointments', clash, clashKey)).status).toBe(409);
    expect(await count('appointments')).toBe(before + 1);
  });
});
