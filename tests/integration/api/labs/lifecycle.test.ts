// The server enforces the lab order chart: every (from, to) pair of statuses is tried, generated
// from machines/labs/order-lifecycle.ts, with a collector named and the results the step needs
// (all markers for ready, some for partial). A step of the chart is accepted; any other change
// answers 409 {detail} and leaves the order, its history and the audit trail as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { type LabOrderStatus, labOrderLifecycle } from '../../../../machines/labs/order-lifecycle.ts';
import { LAB_TEXTS } from '../../../../machines/labs/lab-texts.ts';
import { DENIED } from '../../../../server/api/policy.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addCatalogue, addPincode, auditCount, type LabCatalogue, slotsFor } from './fixtures.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

const statuses = statusesOf(labOrderLifecycle) as LabOrderStatus[];
const resultsFor = (to: string) => (to === 'ready' ? 2 : 1);
const pairs = statuses.flatMap((from) =>
  statuses
    .filter((to) => to !== from)
    .map((to) => ({ from, to, legal: stepTo(labOrderLifecycle, from, to, { extras: { collector_id: 1, resulted: resultsFor(to), expected: 2 } }) !== null })),
);

describe.each(engines)('the lab order lifecycle on %s', (engine) => {
  let t: TestApp;
  let nurse: Actor;
  let admin: Actor;
  let client: Actor;
  let cat: LabCatalogue;
  let pincode: string;
  let slots: string[];
  let next = 0;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
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
    const people = [
      { self: false, name: 'Asha Rao', age: 34, sex: 'F' },
      { self: false, name: 'Dev Rao', age: 36, sex: 'M' },
    ];
    const order = await api(t, client, 'POST', '/labs/orders', { hold: hold.body.id, items: [cat.haemoglobin.id], people, address: 'Home' });
    expect(order.status).toBe(201);
    const id = order.body.id as number;
    const db = t.database.db;
    await db.updateTable('lab_orders').set({ status: from }).where('id', '=', id).execute();
    for (const person of order.body.people.slice(0, resultsFor(to))) {
      await db
        .insertInto('lab_results')
        .values({ order_id: id, person_id: person.id, marker_id: cat.haemoglobin.marker, value: 13, flag: 'normal', status: 'partial', entered_by: nurse.id })
        .execute();
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

  it('releases partial results from processing once one is in, even when that is every result (issue 32)', async () => {
    const hold = await api(t, client, 'POST', '/labs/slots', { pincode, start: slots[next++ % slots.length], items: [cat.haemoglobin.id] });
    const order = await api(t, client, 'POST', '/labs/orders', {
      hold: hold.body.id,
      items: [cat.haemoglobin.id],
      people: [{ self: false, name: 'Asha Rao', age: 34, sex: 'F' }],
      address: 'Home',
    });
    const id = order.body.id as number;
    await t.database.db.updateTable('lab_orders').set({ status: 'processing' }).where('id', '=', id).execute();
    // Nothing entered yet: refused in words, nothing written.
    const early = await api(t, nurse, 'POST', `/labs/orders/${id}/transitions`, { to: 'partial' });
    expect(early).toMatchObject({ status: 409, body: { detail: LAB_TEXTS.errors.noResultsYet } });
    const saved = await api(t, nurse, 'POST', '/labs/results', { order: id, person: order.body.people[0].id, marker: cat.haemoglobin.marker, value: 13.2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // The order's one marker for its one person is in: partial results still go out from processing.
    const partial = await api(t, nurse, 'POST', `/labs/orders/${id}/transitions`, { to: 'partial' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.status).toBe('partial');
    expect((await api(t, client, 'GET', `/labs/results?client=${client.id}`)).body.find((r: { order: number }) => r.order === id).results).toHaveLength(1);
  });

  it("the lab desk is the clinic-settings roles' (default NURSE and ADMIN): others read orders and cancel, not work them (issue 32)", async () => {
    const reception = await addUser(t, 'RECEPTION');
    const hold = await api(t, client, 'POST', '/labs/slots', { pincode, start: slots[next++ % slots.length], items: [cat.haemoglobin.id] });
    const order = await api(t, client, 'POST', '/labs/orders', {
      hold: hold.body.id,
      items: [cat.haemoglobin.id],
      people: [{ self: false, name: 'Dev Rao', age: 36, sex: 'M' }],
      address: 'Home',
    });
    const id = order.body.id as number;
    await t.database.db.updateTable('lab_orders').set({ status: 'processing' }).where('id', '=', id).execute();
    const entry = { order: id, person: order.body.people[0].id, marker: cat.haemoglobin.marker, value: 14 };
    expect((await api(t, admin, 'GET', '/clinic/settings')).body.lab_desk_roles).toEqual(['NURSE', 'ADMIN']);
    const refused = await api(t, reception, 'POST', '/labs/results', entry);
    expect(refused).toMatchObject({ status: 403, body: { detail: DENIED.labDesk } });
    expect((await api(t, reception, 'POST', `/labs/orders/${id}/transitions`, { to: 'partial' })).status).toBe(403);
    expect((await api(t, reception, 'GET', `/labs/orders/${id}`)).status).toBe(200);
    expect(await t.database.db.selectFrom('lab_results').select('id').where('order_id', '=', id).execute()).toEqual([]);
    // The back office gives the desk to the front desk instead of the nurses.
    const changed = await api(t, admin, 'PATCH', '/clinic/settings', { lab_desk_roles: ['RECEPTION', 'ADMIN'] });
    expect(changed.body.lab_desk_roles).toEqual(['RECEPTION', 'ADMIN']);
    expect((await api(t, reception, 'POST', '/labs/results', entry)).status).toBe(201);
    expect((await api(t, nurse, 'POST', '/labs/results', entry)).status).toBe(403);
    // /config.json tells the browser, so the staff navigation offers the desk to them.
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).body).labDeskRoles).toEqual(['RECEPTION', 'ADMIN']);
    const bad = await api(t, admin, 'PATCH', '/clinic/settings', { lab_desk_roles: ['CLIENT'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).join(' ')).toMatch(/lab_desk_roles/);
    await api(t, admin, 'PATCH', '/clinic/settings', { lab_desk_roles: ['NURSE', 'ADMIN'] });
  });
});
