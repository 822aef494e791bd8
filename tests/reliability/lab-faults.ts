// Labs' part of the kill -9 test (tests/reliability/faults-clinical.test.ts): home-collection orders booked
// from held slots, hundreds in flight, SIGKILL, restart on the same data. Every acknowledged order
// is there once, whole (its item, its person, its first history entry, its hold used by it and no
// other); no order is half-written; no slot holds more live orders than its capacity.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const WRITES = 300;
const CAPACITY = 40;

export async function killDuringLabOrders(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const clients: number[] = [];
  for (let i = 0; i < 5; i++)
    clients.push(
      ok(
        await call(server.baseUrl, token, 'POST', '/users/users', {
          email: `fault.labs.${i}.${stamp}@test.clinic`,
          first_name: 'Fault',
          last_name: `Client${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const test = ok(
    await call(server.baseUrl, token, 'POST', '/labs/catalogue', {
      code: `HB-${stamp}`.toUpperCase(),
      name: 'Haemoglobin',
      kind: 'test',
      price_inr: 120,
      sample_type: 'Blood',
      report_hours: 6,
      markers: [{ code: 'HGB', name: 'Haemoglobin', unit: 'g/dL', ranges: [{ sex: null, age_min: 0, age_max: 120, low: 12, high: 16 }] }],
    }),
    'catalogue',
  ).id as number;
  const pincode = ok(await call(server.baseUrl, token, 'POST', '/labs/pincodes', { pincode: '411001', area: 'Pune Camp', slot_capacity: CAPACITY }), 'pincode')
    .pincode as string;
  const slots = (ok(await call(server.baseUrl, token, 'GET', `/labs/slots?pincode=${pincode}`), 'slots') as { start: string }[]).map((s) => s.start);
  // Holds first (an unused hold simply expires), each slot filled to its capacity.
  const holds: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    holds.push(
      ok(
        await call(server.baseUrl, token, 'POST', '/labs/slots', { client: clients[i % 5], pincode, start: slots[Math.floor(i / CAPACITY)], items: [test] }),
        'hold',
      ).id,
    );
  }

  const orders = new Map<number, { i: number; client: number }>();
  const target = server;
  const t0 = token;
  await killMidWrites(
    target,
    WRITES,
    (i) =>
      call(target.baseUrl, t0, 'POST', '/labs/orders', {
        hold: holds[i],
        items: [test],
        people: [{ self: false, name: `Person ${stamp} ${i}`, age: 30 + (i % 40), sex: i % 2 ? 'M' : 'F' }],
        address: `House ${i}`,
      }),
    (i, body) => orders.set(body.id, { i, client: clients[i % 5] }),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  for (const [id, sent] of orders) {
    const res = await call(server.baseUrl, token, 'GET', `/labs/orders/${id}`);
    if (res.status === 404) {
      lost += 1;
      continue;
    }
    const o = ok(res, 'order');
    const whole =
      o.client === sent.client &&
      o.status === 'booked' &&
      o.address === `House ${sent.i}` &&
      o.items.length === 1 &&
      o.people.length === 1 &&
      o.people[0].name === `Person ${stamp} ${sent.i}` &&
      o.history.length === 1;
    if (!whole) broken += 1;
  }
  // Every order of this run, acknowledged or not, is whole; a hold is used by one order at most; no slot is over capacity.
  const perSlot = new Map<string, number>();
  const names = new Set<string>();
  for (const client of clients) {
    for (const o of ok(await call(server.baseUrl, token, 'GET', `/labs/orders?client=${client}`), 'list') as {
      items: unknown[];
      people: { name: string }[];
      history: unknown[];
      start: string;
      status: string;
    }[]) {
      if (o.items.length !== 1 || o.people.length !== 1 || o.history.length !== 1) broken += 1;
      if (names.has(o.people[0]?.name)) broken += 1;
      names.add(o.people[0]?.name);
      if (o.status !== 'cancelled') perSlot.set(o.start, (perSlot.get(o.start) ?? 0) + 1);
    }
  }
  for (const n of perSlot.values()) if (n > CAPACITY) broken += 1;
  await server.stop('SIGTERM');
  return { acknowledged: orders.size, lost, broken };
}
