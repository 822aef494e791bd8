// The order flow with a partner lab configured (LAB_PARTNER_URL and LAB_PARTNER_KEY), against a
// partner server this test starts: booking writes the partner job in its own transaction; a
// partner that is down leaves the order booked and the job pending for a retry; once the partner
// answers, its reference is kept, its statuses walk the order chart and its results arrive
// flagged from the clinic's ranges (a critical one tells the doctor).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LAB_PARTNER_BOOK_JOB, partnerTick } from '../../../../server/api/labs/partner-sync.ts';
import { httpLabPartner } from '../../../../server/api/labs/partner.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addCatalogue, addPincode, book, CLIENT_PROFILE, type LabCatalogue, slotsFor } from './fixtures.ts';

const KEY = 'partner-flow-key';
let down = true;
let reported = 'booked';
let results: unknown[] = [];
const bookings: { order: number; tests: string[] }[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (down || req.headers.authorization !== `Bearer ${KEY}`) return send(503, { error: 'down' });
      if (req.method === 'POST' && req.url === '/bookings') {
        const b = JSON.parse(body);
        bookings.push(b);
        return send(201, { reference: `PX-${b.order}` });
      }
      if (req.url?.endsWith('/results')) return send(200, { results });
      return send(200, { status: reported });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(engines)('an order booked with a partner lab on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let cat: LabCatalogue;
  let pincode: string;
  const saved = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, { LAB_PARTNER_URL: baseUrl, LAB_PARTNER_KEY: KEY, LAB_PARTNER_POLL_MS: '0' });
    t = await buildTestApp(engine);
    for (const k of ['LAB_PARTNER_URL', 'LAB_PARTNER_KEY', 'LAB_PARTNER_POLL_MS']) if (saved[k] === undefined) delete process.env[k];
    const admin = await addUser(t, 'ADMIN');
    client = await addUser(t, 'CLIENT', { profile: CLIENT_PROFILE });
    cat = await addCatalogue(t, admin);
    pincode = await addPincode(t, admin, 5);
  }, 180_000);
  afterAll(() => t.close());

  it('is booked while the partner is down, reaches it on a retry, and follows its statuses and results', async () => {
    const db = t.database.db;
    const partner = httpLabPartner({ baseUrl, apiKey: KEY, timeoutMs: 5_000 });
    const slot = (await slotsFor(t, client, pincode, [cat.glucose.id]))[0];
    // One partner server for both engines, whose order numbers start alike: a clean slate each.
    down = true;
    reported = 'booked';
    results = [];
    bookings.length = 0;
    const order = await book(t, client, pincode, slot.start, [cat.glucose.id]);
    expect(order.status).toBe('booked');
    const job = async () => (await sql<{ status: string; attempts: number }>`select status, attempts from scheduled_jobs where kind = ${LAB_PARTNER_BOOK_JOB} and payload->>'order' = ${String(order.id)}`.execute(db)).rows[0];
    expect(await job()).toMatchObject({ status: 'pending', attempts: 0 });

    await partnerTick(db, partner, t.runtime.mail);
    expect(await job()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await api(t, client, 'GET', `/labs/orders/${order.id}`)).body.status).toBe('booked');
    expect(bookings.filter((b) => b.order === order.id)).toHaveLength(0);

    down = false;
    await sql`update scheduled_jobs set run_at = now() where kind = ${LAB_PARTNER_BOOK_JOB}`.execute(db);
    await partnerTick(db, partner, t.runtime.mail);
    expect(await job()).toMatchObject({ status: 'done' });
    expect(bookings.filter((b) => b.order === order.id)).toHaveLength(1);
    expect((await db.selectFrom('lab_orders').select('partner_reference').where('id', '=', order.id).executeTakeFirstOrThrow()).partner_reference).toBe(`PX-${order.id}`);

    reported = 'collected';
    await partnerTick(db, partner, t.runtime.mail);
    const collected = (await api(t, client, 'GET', `/labs/orders/${order.id}`)).body;
    expect(collected.status).toBe('collected');
    expect(collected.history.map((h: { to: string }) => h.to)).toEqual(['booked', 'collector_assigned', 'collected']);

    reported = 'ready';
    results = [{ person: 0, marker: 'GLU', value: 450, unit: 'mg/dL' }];
    await partnerTick(db, partner, t.runtime.mail);
    const ready = (await api(t, client, 'GET', `/labs/orders/${order.id}`)).body;
    expect(ready.status).toBe('ready');
    expect(ready.history.map((h: { to: string }) => h.to)).toEqual(['booked', 'collector_assigned', 'collected', 'processing', 'ready']);
    const reports = (await api(t, client, 'GET', `/labs/results?client=${client.id}`)).body;
    const result = reports.find((r: { order: number }) => r.order === order.id).results[0];
    expect(result).toMatchObject({ value: 450, flag: 'critical', status: 'final' });

    // The next poll sees a finished order and leaves it alone.
    await partnerTick(db, partner, t.runtime.mail);
    expect((await api(t, client, 'GET', `/labs/orders/${order.id}`)).body.history).toHaveLength(5);
  }, 120_000);
});
