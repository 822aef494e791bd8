// The server enforces the lab order chart: every (from, to) pair of statuses is tried, generated
// from machines/labs/order-lifecycle.ts, with a collector named and the results the step needs
// (all markers for ready, some for partial). A step of the chart is accepted; any other change
// answers 409 {detail} and leaves the order, its history and the audit trail as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { type LabOrderStatus, labOrderLifecycle } from '../../../../machines/labs/order-lifecycle.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addCatalogue, addPincode, auditCount, type LabCatalogue, slotsFor } from './fixtures.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

const statuses = statusesOf(labOrderLifecycle) as LabOrderStatus[];
const resultsFor = (to: string) => (to === 'ready' ? 2 : 1);
const pairs = statuses.flatMap((from) =>
  statuses.filter((to) => to !== from).map((to) => ({ from, to, legal: stepTo(labOrderLifecycle, from, to, { extras: { collector_id: 1, resulted: resultsFor(to), expected: 2 } }) !== null })),
);

describe.each(engines)('the lab order lifecycle on %s', (engine) => {
  let t: TestApp;
  let nurse: Actor;
  let client: Actor;
  let cat: LabCatalogue;
  let pincode: string;
  let slots: string[];
  let next = 0;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    const admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT');
    cat = await addCatalogue(t, admin);
    pincode = await addPincode(t, admin, 100);
    slots = (await slotsFor(t, client, pincode, [cat.haemoglobin.id])).map((s) => s.start);
  }, 180_000);
  afterAll(() => t.close());

  it('has both legal and illegal pairs to try', () => {
    expect(pairs.some((p) => p.legal)).toBe(true);
    expect(pairs.some((p) => !p.legal)).toBe(true);
  });

  it.each(pairs)('$from -> $to (legal: $legal)', async ({ from, to, legal }) => {
    const hold = await api(t, client, 'POST', '/labs/slots', { pincode, start: slots[next++ % slots.length], items: [cat.haemoglobin.id] });
    const people = [{ self: false, name: 'Asha Rao', age: 34, sex: 'F' }, { self: false, name: 'Dev Rao', age: 36, sex: 'M' }];
    const order = await api(t, client, 'POST', '/labs/orders', { hold: hold.body.id, items: [cat.haemoglobin.id], people, address: 'Home' });
    expect(order.status).toBe(201);
    const id = order.body.id as number;
    const db = t.database.db;
    await db.updateTable('lab_orders').set({ status: from }).where('id', '=', id).execute();
    for (const person of order.body.people.slice(0, resultsFor(to))) {
      await db.insertInto('lab_results').values({ order_id: id, person_id: person.id, marker_id: cat.haemoglobin.marker, value: 13, flag: 'normal', status: 'partial', entered_by: nurse.id }).execute();
    }
    const auditBefore = await auditCount(t, 'lab.order.transition', client.id);
    const historyBefore = Number((await sql<{ n: number }>`select count(*)::int as n from lab_order_history where order_id = ${id}`.execute(db)).rows[0].n);
    const res = await api(t, nurse, 'POST', `/labs/orders/${id}/transitions`, { to, collector: nurse.id });
    const stored = await db.selectFrom('lab_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    const history = Number((await sql<{ n: number }>`select count(*)::int as n from lab_order_history where order_id = ${id}`.execute(db)).rows[0].n);
    if (legal) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(stored.status).toBe(to);
      expect(history).toBe(historyBefore + 1);
      expect(await auditCount(t, 'lab.order.transition', client.id)).toBe(auditBefore + 1);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(`This lab order cannot go from ${wordsInSentence(from)} to ${wordsInSentence(to)}.`);
      expect(stored.status).toBe(from);
      expect(history).toBe(historyBefore);
      expect(await auditCount(t, 'lab.order.transition', client.id)).toBe(auditBefore);
    }
  });
});
