// The order flow with a partner lab configured (LAB_PARTNER_URL and LAB_PARTNER_KEY), against a
// partner server this test starts: booking writes the partner job in its own transaction; a
// partner that is down leaves the order booked and the job pending for a retry; once the partner
// answers, its reference is kept, its statuses walk the order chart and its results arrive
// flagged from the clinic's ranges (a critical one tells the doctor), each step and result audited
// with the system actor (no user id, the worker's round as the request). Cancelling a partner order
// calls it off at the partner through a job written with the cancellation, retried while the
// partner is down; an order cancelled before the partner took it never reaches the partner.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LAB_PARTNER_BOOK_JOB, LAB_PARTNER_CANCEL_JOB, partnerTick } from '../../../../server/api/labs/partner-sync.ts';
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
const cancels: string[] = [];
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
      if (req.method === 'POST' && req.url?.endsWith('/cancel')) {
        cancels.push(decodeURIComponent(req.url.split('/')[2]));
        return send(200, { status: 'cancelled' });
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
    const job = async () =>
      (
        await sql<{
          status: string;
          attempts: number;
        }>`select status, attempts from scheduled_jobs where kind = ${LAB_PARTNER_BOOK_JOB} and payload->>'order' = ${String(order.id)}`.execute(db)
      ).rows[0];
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
    expect((await db.selectFrom('lab_orders').select('partner_reference').where('id', '=', order.id).executeTakeFirstOrThrow()).partner_reference).toBe(
      `PX-${order.id}`,
    );

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

    // Every step and the result the partner brought are audited, by the system actor.
    const trail = async () =>
      (
        await sql<{
          actor_id: number | null;
          actor_role: string;
          action: string;
          request_id: string;
        }>`select actor_id, actor_role, action, request_id from audit_events
        where client_id = ${client.id} and action in ('lab.order.transition', 'lab.result.enter') order by id`.execute(db)
      ).rows;
    const system = await trail();
    expect(system.map((r) => r.action)).toEqual([
      'lab.order.transition',
      'lab.order.transition',
      'lab.order.transition',
      'lab.result.enter',
      'lab.order.transition',
    ]);
    expect(system.every((r) => r.actor_id === null && r.actor_role === 'SYSTEM' && /^lab-partner:[0-9a-f-]{36}$/.test(r.request_id))).toBe(true);

    // The next poll sees a finished order and leaves it alone.
    await partnerTick(db, partner, t.runtime.mail);
    expect((await api(t, client, 'GET', `/labs/orders/${order.id}`)).body.history).toHaveLength(5);
    expect(await trail()).toHaveLength(system.length);
  }, 120_000);

  it('calls off at the partner an order the client cancels, retrying while the partner is down', async () => {
    const db = t.database.db;
    const partner = httpLabPartner({ baseUrl, apiKey: KEY, timeoutMs: 5_000 });
    down = false;
    reported = 'booked';
    cancels.length = 0;
    const slot = (await slotsFor(t, client, pincode, [cat.glucose.id]))[1];
    const order = await book(t, client, pincode, slot.start, [cat.glucose.id]);
    await partnerTick(db, partner, t.runtime.mail);
    expect((await db.selectFrom('lab_orders').select('partner_reference').where('id', '=', order.id).executeTakeFirstOrThrow()).partner_reference).toBe(
      `PX-${order.id}`,
    );

    const cancelled = await api(t, client, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const job = async () =>
      (
        await sql<{
          status: string;
          attempts: number;
        }>`select status, attempts from scheduled_jobs where kind = ${LAB_PARTNER_CANCEL_JOB} and payload->>'order' = ${String(order.id)}`.execute(db)
      ).rows[0];
    expect(await job()).toMatchObject({ status: 'pending', attempts: 0 });

    down = true;
    await partnerTick(db, partner, t.runtime.mail);
    expect(await job()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(cancels).toEqual([]);

    down = false;
    await sql`update scheduled_jobs set run_at = now() where kind = ${LAB_PARTNER_CANCEL_JOB}`.execute(db);
    await partnerTick(db, partner, t.runtime.mail);
    expect(await job()).toMatchObject({ status: 'done' });
    expect(cancels).toEqual([`PX-${order.id}`]);
    // Cancelled here, it is no longer polled: the partner's word cannot move it along.
    reported = 'collected';
    await partnerTick(db, partner, t.runtime.mail);
    expect((await api(t, client, 'GET', `/labs/orders/${order.id}`)).body.status).toBe('cancelled');
    expect(cancels).toHaveLength(1);
  }, 120_000);

  it('never sends the partner an order cancelled before the partner took it', async () => {
    const db = t.database.db;
    const partner = httpLabPartner({ baseUrl, apiKey: KEY, timeoutMs: 5_000 });
    down = false;
    cancels.length = 0;
    bookings.length = 0;
    const slot = (await slotsFor(t, client, pincode, [cat.glucose.id]))[2];
    const order = await book(t, client, pincode, slot.start, [cat.glucose.id]);
    expect((await api(t, client, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'cancelled' })).status).toBe(200);
    await partnerTick(db, partner, t.runtime.mail);
    const jobs = (
      await sql<{
        kind: string;
        status: string;
      }>`select kind, status from scheduled_jobs where payload->>'order' = ${String(order.id)} and kind in (${LAB_PARTNER_BOOK_JOB}, ${LAB_PARTNER_CANCEL_JOB}) order by kind`.execute(
        db,
      )
    ).rows;
    expect(jobs).toEqual([
      { kind: LAB_PARTNER_BOOK_JOB, status: 'skipped' },
      { kind: LAB_PARTNER_CANCEL_JOB, status: 'skipped' },
    ]);
    expect(bookings).toEqual([]);
    expect(cancels).toEqual([]);
  }, 120_000);
});
