// The lab-partner adapter's contract, run against a partner server this test starts on loopback
// (never part of the product), and the built-in lab desk against a real order: both answer book,
// cancel, status and results with the same shapes; the HTTP adapter sends the key and the booking as
// documented, and refuses answers outside the contract (unknown status, bad result, 5xx, no JSON,
// no answer in time) with a LabPartnerError.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_ORDER_STATUSES } from '../../../../machines/labs/order-lifecycle.ts';
import { httpLabPartner, type LabPartner, LabPartnerError, labDesk, labPartnerFrom, type PartnerBooking } from '../../../../server/api/labs/partner.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addCatalogue, addPincode, book, CLIENT_PROFILE, slotsFor } from './fixtures.ts';

const KEY = 'partner-test-key';
const BOOKING: PartnerBooking = {
  order: 7,
  pincode: '560001',
  address: '12 MG Road',
  start: '2026-12-01T01:30:00.000Z',
  tests: ['FBS'],
  people: [{ name: 'Meera Iyer', age: 41, sex: 'F' }],
};

/** What the fake partner answers next, per path; and what it received. */
let script: Record<string, { status: number; body: string; delayMs?: number }> = {};
const received: { method: string; url: string; auth: string; body: string }[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization), body });
      const answer = script[`${req.method} ${req.url}`] ?? { status: 404, body: '{"error":"unknown"}' };
      setTimeout(() => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the HTTP lab partner adapter against a partner server', () => {
  const partner = () => httpLabPartner({ baseUrl, apiKey: KEY, timeoutMs: 2_000 });

  it('books with the key and the booking as documented, and reads status and results', async () => {
    script = {
      'POST /v1/bookings': { status: 201, body: '{"reference":"PX-42"}' },
      'GET /v1/bookings/PX-42': { status: 200, body: '{"status":"processing"}' },
      'GET /v1/bookings/PX-42/results': { status: 200, body: '{"results":[{"person":0,"marker":"GLU","value":92,"unit":"mg/dL"}]}' },
    };
    expect(await partner().book(BOOKING)).toEqual({ reference: 'PX-42' });
    const sent = received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/bookings', auth: `Bearer ${KEY}` });
    expect(JSON.parse(sent.body)).toEqual(BOOKING);
    expect(await partner().status('PX-42')).toBe('processing');
    expect(await partner().results('PX-42')).toEqual([{ person: 0, marker: 'GLU', value: 92, unit: 'mg/dL' }]);
  });

  it('cancels a booking with the key, as documented', async () => {
    script = { 'POST /v1/bookings/PX-42/cancel': { status: 200, body: '{"status":"cancelled"}' } };
    await partner().cancel('PX-42');
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/v1/bookings/PX-42/cancel', auth: `Bearer ${KEY}` });
  });

  it.each([
    ['an unknown status', 'GET /v1/bookings/PX-1', { status: 200, body: '{"status":"shipped"}' }, (p: LabPartner) => p.status('PX-1')],
    [
      'a result without a value',
      'GET /v1/bookings/PX-1/results',
      { status: 200, body: '{"results":[{"person":0,"marker":"GLU","unit":"mg/dL"}]}' },
      (p: LabPartner) => p.results('PX-1'),
    ],
    ['no reference', 'POST /v1/bookings', { status: 201, body: '{}' }, (p: LabPartner) => p.book(BOOKING)],
    [
      'a cancellation it does not confirm',
      'POST /v1/bookings/PX-1/cancel',
      { status: 200, body: '{"status":"collected"}' },
      (p: LabPartner) => p.cancel('PX-1'),
    ],
    ['a cancellation it cannot take', 'POST /v1/bookings/PX-1/cancel', { status: 503, body: '{}' }, (p: LabPartner) => p.cancel('PX-1')],
    ['a server error', 'GET /v1/bookings/PX-1', { status: 503, body: '{}' }, (p: LabPartner) => p.status('PX-1')],
    ['something other than JSON', 'GET /v1/bookings/PX-1', { status: 200, body: '<html>' }, (p: LabPartner) => p.status('PX-1')],
    ['no answer in time', 'GET /v1/bookings/PX-1', { status: 200, body: '{"status":"ready"}', delayMs: 4_000 }, (p: LabPartner) => p.status('PX-1')],
  ])('refuses %s', async (_name, path, answer, act) => {
    script = { [path]: answer };
    await expect(act(partner())).rejects.toBeInstanceOf(LabPartnerError);
  });

  it('is chosen only when configured with a key; otherwise the lab desk is', () => {
    const db = {} as never;
    expect(labPartnerFrom({}, db).kind).toBe('desk');
    expect(labPartnerFrom({ LAB_PARTNER_URL: baseUrl, LAB_PARTNER_KEY: KEY }, db).kind).toBe('http');
    expect(() => labPartnerFrom({ LAB_PARTNER_URL: baseUrl }, db)).toThrow(/LAB_PARTNER_KEY/);
  });
});

describe.each(engines)('the built-in lab desk on %s', (engine) => {
  let t: TestApp;
  let nurse: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    const admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT', { profile: CLIENT_PROFILE });
    const cat = await addCatalogue(t, admin);
    const pincode = await addPincode(t, admin, 5);
    const slot = (await slotsFor(t, client, pincode, [cat.haemoglobin.id]))[0];
    const order = await book(t, client, pincode, slot.start, [cat.haemoglobin.id]);
    for (const to of ['collector_assigned', 'collected', 'processing'])
      await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to, collector: nurse.id });
    await api(t, nurse, 'POST', '/labs/results', { order: order.id, person: order.people[0].id, marker: cat.haemoglobin.marker, value: 12.8 });
    bookedOrder = order.id;
  }, 180_000);
  afterAll(() => t.close());
  let bookedOrder = 0;

  it('answers the same four verbs from what the desk recorded', async () => {
    const desk = labDesk(t.database.db);
    const { reference } = await desk.book({ ...BOOKING, order: bookedOrder });
    expect(reference).toBe(`desk-${bookedOrder}`);
    expect(LAB_ORDER_STATUSES).toContain(await desk.status(reference));
    expect(await desk.status(reference)).toBe('processing');
    expect(await desk.results(reference)).toEqual([{ person: 0, marker: 'HGB', value: 12.8, unit: 'g/dL' }]);
    await expect(desk.status('PX-42')).rejects.toBeInstanceOf(LabPartnerError);
    await expect(desk.status('desk-999999')).rejects.toBeInstanceOf(LabPartnerError);
    // The desk's order is the booking: cancelling it is the order chart's business, nothing to call off.
    await expect(desk.cancel(reference)).resolves.toBeUndefined();
    await expect(desk.cancel('PX-42')).rejects.toBeInstanceOf(LabPartnerError);
  });
});
