// The back office edits the lab catalogue on each engine: a test's fields, markers (changed by
// code, new ones added, none dropped, a resulted marker keeps its unit) and ranges; a profile's
// tests; Deactivate takes an item out of new bookings while an order that has it keeps it (and can
// still be moved), and Activate offers it again. Every edit is audited; a refused one writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXTS } from '../../../../machines/labs/lab-texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addCatalogue, addPincode, auditCount, book, CLIENT_PROFILE, type LabCatalogue, slotsFor } from './fixtures.ts';

const E = LAB_TEXTS.errors;

describe.each(engines)('lab catalogue edits on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let client: Actor;
  let nurse: Actor;
  let cat: LabCatalogue;
  let pincode: string;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    client = await addUser(t, 'CLIENT', { profile: CLIENT_PROFILE });
    nurse = await addUser(t, 'NURSE');
    cat = await addCatalogue(t, admin);
    pincode = await addPincode(t, admin, 5);
  }, 180_000);
  afterAll(() => t.close());

  const item = async (id: number) =>
    ((await api(t, admin, 'GET', '/labs/catalogue?all=true')).body as { id: number }[]).find((i) => i.id === id) as unknown as Record<string, unknown> & {
      markers: { id: number; code: string; name: string; unit: string; ranges: unknown[] }[];
      tests: number[];
      active: boolean;
    };

  it('changes the fields sent and nothing else, audited once', async () => {
    const before = await item(cat.haemoglobin.id);
    const audits = await auditCount(t, 'lab.catalogue.update', null);
    const res = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.haemoglobin.id}`, { name: 'Haemoglobin (Hb)', price_inr: 180, report_hours: 8 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: cat.haemoglobin.id,
      code: before.code,
      kind: 'test',
      name: 'Haemoglobin (Hb)',
      price_inr: 180,
      report_hours: 8,
      sample_type: before.sample_type,
      active: true,
    });
    expect(res.body.markers).toEqual(before.markers);
    expect(await auditCount(t, 'lab.catalogue.update', null)).toBe(audits + 1);
  });

  it("edits a test's markers by code: ranges replaced, a new marker added, none dropped", async () => {
    const hb = await item(cat.haemoglobin.id);
    const ranges = [{ sex: null, age_min: 0, age_max: 120, low: 12, high: 16, critical_low: 7, critical_high: 20 }];
    const res = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.haemoglobin.id}`, {
      markers: [
        { code: 'HGB', name: 'Haemoglobin', unit: 'g/dL', ranges },
        { code: 'HCT', name: 'Haematocrit', unit: '%', ranges: [{ sex: null, age_min: 0, age_max: 120, low: 36, high: 50 }] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.markers.map((m: { code: string }) => m.code)).toEqual(['HGB', 'HCT']);
    // The same marker (past results keep pointing at it), with its new ranges.
    expect(res.body.markers[0].id).toBe(hb.markers[0].id);
    expect(res.body.markers[0].ranges).toEqual(ranges);
    const dropped = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.haemoglobin.id}`, {
      markers: [{ code: 'HCT', name: 'Haematocrit', unit: '%', ranges: [] }],
    });
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors).toEqual({ markers: [E.markerKept] });
    expect((await item(cat.haemoglobin.id)).markers.map((m) => m.code)).toEqual(['HGB', 'HCT']);
  });

  it('keeps the unit of a marker that has results, and refuses markers on a profile and tests on a test', async () => {
    const start = (await slotsFor(t, client, pincode, [cat.glucose.id]))[0].start;
    const order = await book(t, client, pincode, start, [cat.glucose.id]);
    for (const to of ['collector_assigned', 'collected', 'processing'])
      await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to, collector: nurse.id });
    expect((await api(t, nurse, 'POST', '/labs/results', { order: order.id, person: order.people[0].id, marker: cat.glucose.marker, value: 88 })).status).toBe(
      201,
    );
    const unit = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.glucose.id}`, {
      markers: [{ code: 'GLU', name: 'Glucose, fasting', unit: 'mmol/L', ranges: [] }],
    });
    expect(unit.status).toBe(400);
    expect(unit.body.errors).toEqual({ 'markers[0].unit': [E.unitKept] });
    const renamed = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.glucose.id}`, {
      markers: [{ code: 'GLU', name: 'Fasting glucose', unit: 'mg/dL', ranges: [{ sex: null, age_min: 18, age_max: 120, low: 70, high: 100 }] }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const markers = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.profile.id}`, { markers: [{ code: 'X', name: 'X', unit: 'u', ranges: [] }] });
    expect(markers.body.errors).toEqual({ markers: [E.notATest] });
    const tests = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.glucose.id}`, { tests: [cat.haemoglobin.id] });
    expect(tests.body.errors).toEqual({ tests: [E.notAProfile] });
    const self = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.profile.id}`, { tests: [cat.profile.id] });
    expect(self.body.errors).toEqual({ tests: [E.testsAreTests] });
    const ranges = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.glucose.id}`, {
      markers: [{ code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [{ sex: null, age_min: 60, age_max: 18, low: 1, high: 2 }] }],
    });
    expect(ranges.body.errors).toEqual({ 'markers[0].ranges[0]': [E.rangeOrder] });
  });

  it("replaces a profile's tests", async () => {
    const res = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.profile.id}`, { tests: [cat.haemoglobin.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tests).toEqual([cat.haemoglobin.id]);
    // No fasting test left in it: its fasting is the haemoglobin test's.
    expect(res.body.fasting_hours).toBe(0);
  });

  it('a deactivated item is not offered for new bookings; an order that has it keeps it and can still be moved; activated, it is offered again', async () => {
    const slots = await slotsFor(t, client, pincode, [cat.haemoglobin.id]);
    const order = await book(t, client, pincode, slots[1].start, [cat.haemoglobin.id]);
    const off = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.haemoglobin.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(((await api(t, client, 'GET', '/labs/catalogue')).body as { id: number }[]).some((i) => i.id === cat.haemoglobin.id)).toBe(false);
    // Staff still see it, marked inactive.
    expect((await item(cat.haemoglobin.id)).active).toBe(false);
    const hold = await api(t, client, 'POST', '/labs/slots', { pincode, start: slots[2].start, items: [cat.haemoglobin.id] });
    expect(hold.status).toBe(400);
    expect(hold.body.errors).toEqual({ items: [E.unknownItem] });
    const offered = await api(t, client, 'GET', `/labs/slots?pincode=${pincode}&items=${cat.haemoglobin.id}`);
    expect(offered.status).toBe(400);
    const kept = await api(t, client, 'GET', `/labs/orders/${order.id}`);
    expect(kept.body.items.map((i: { id: number }) => i.id)).toEqual([cat.haemoglobin.id]);
    // The order still moves whole to another slot (the hold names an active test; the order keeps its own).
    const elsewhere = (await slotsFor(t, client, pincode, [cat.glucose.id])).find((s) => s.start !== slots[1].start && s.places_left > 0)!;
    const moveHold = await api(t, client, 'POST', '/labs/slots', { pincode, start: elsewhere.start, items: [cat.glucose.id] });
    expect(moveHold.status).toBe(201);
    const moved = await api(t, client, 'PATCH', `/labs/orders/${order.id}`, { hold: moveHold.body.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.items.map((i: { id: number }) => i.id)).toEqual([cat.haemoglobin.id]);
    const on = await api(t, admin, 'PATCH', `/labs/catalogue/${cat.haemoglobin.id}`, { active: true });
    expect(on.body.active).toBe(true);
    expect(((await api(t, client, 'GET', '/labs/catalogue')).body as { id: number }[]).some((i) => i.id === cat.haemoglobin.id)).toBe(true);
  });

  it('answers 404 for an unknown item and 403 to staff who are not administrators, writing nothing', async () => {
    const audits = await auditCount(t, 'lab.catalogue.update', null);
    expect((await api(t, admin, 'PATCH', '/labs/catalogue/2147483647', { active: false })).status).toBe(404);
    expect((await api(t, nurse, 'PATCH', `/labs/catalogue/${cat.glucose.id}`, { active: false })).status).toBe(403);
    expect((await api(t, client, 'PATCH', `/labs/catalogue/${cat.glucose.id}`, { active: false })).status).toBe(403);
    expect((await item(cat.glucose.id)).active).toBe(true);
    expect(await auditCount(t, 'lab.catalogue.update', null)).toBe(audits);
  });
});
