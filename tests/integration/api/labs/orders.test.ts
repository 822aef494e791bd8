// Labs over HTTP on each engine: a client books a fasting test for a morning slot (holds, capacity,
// confirmation by the outbox), cancels and reschedules within the rules; the lab desk assigns a
// collector (shown masked), collects, processes and enters results flagged by the person's sex and
// age; the client reads released results only, a critical value tells their doctor, an amended
// result keeps its history, and the lab's PDF is checked by its bytes and streamed back.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXTS } from '../../../../machines/labs/lab-texts.ts';
import { DEFAULT_CLINIC_NAME } from '../../../../server/mail/clinic-name.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addCatalogue, addPincode, auditCount, book, CLIENT_PROFILE, hourOf, type LabCatalogue, outboxFor, slotsFor } from './fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(200, 0x90)]);

describe.each(engines)('lab orders on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let client: Actor;
  let other: Actor;
  let nurse: Actor;
  let doctor: Actor;
  let cat: LabCatalogue;
  let pincode: string;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    client = await addUser(t, 'CLIENT', { first_name: 'Meera', last_name: 'Iyer', profile: CLIENT_PROFILE });
    other = await addUser(t, 'CLIENT', { profile: CLIENT_PROFILE });
    nurse = await addUser(t, 'NURSE', { phone_number: '+919876543210' });
    doctor = await addUser(t, 'DOCTOR');
    cat = await addCatalogue(t, admin);
    pincode = await addPincode(t, admin, 2);
  }, 180_000);
  afterAll(() => t.close());

  it('offers morning slots only for fasting tests, from today to 7 days ahead', async () => {
    const fasting = await slotsFor(t, client, pincode, [cat.glucose.id]);
    const any = await slotsFor(t, client, pincode, [cat.haemoglobin.id]);
    expect(fasting.length).toBeGreaterThan(0);
    expect(fasting.every((s) => hourOf(s.start) < 10)).toBe(true);
    expect(any.some((s) => hourOf(s.start) >= 10)).toBe(true);
    const last = Math.max(...any.map((s) => Date.parse(s.start)));
    expect(last - Date.now()).toBeLessThanOrEqual(8 * 86_400_000);
    expect(any.every((s) => Date.parse(s.start) > Date.now() && s.capacity === 2)).toBe(true);
    // The profile includes the fasting test, so it is morning only too.
    expect((await slotsFor(t, client, pincode, [cat.profile.id])).every((s) => hourOf(s.start) < 10)).toBe(true);
    const afternoon = any.find((s) => hourOf(s.start) >= 12)!;
    const refused = await api(t, client, 'POST', '/labs/slots', { pincode, start: afternoon.start, items: [cat.glucose.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.start).toEqual([LAB_TEXTS.errors.morningOnly]);
    const unserved = await api(t, client, 'GET', '/labs/slots?pincode=110001');
    expect(unserved.body.errors.pincode).toEqual([LAB_TEXTS.errors.notServed]);
  });

  it('books a fasting test at 7 am for the client and a family member, confirmed through the outbox, paid at collection', async () => {
    const seven = (await slotsFor(t, client, pincode, [cat.glucose.id])).find((s) => hourOf(s.start) === 7)!;
    const order = await book(t, client, pincode, seven.start, [cat.glucose.id], {
      people: [{ self: true }, { self: false, name: 'Ravi Iyer', age: 12, sex: 'M' }],
    });
    expect(order).toMatchObject({ status: 'booked', start: seven.start, client: client.id, payment: 'at_collection', total_inr: 300 });
    expect(order.people).toMatchObject([
      { self: true, name: 'Meera Iyer', sex: 'F' },
      { self: false, name: 'Ravi Iyer', age: 12, sex: 'M' },
    ]);
    const mails = await outboxFor(t, client.email);
    expect(mails.at(-1)).toMatchObject({ channel: 'email', subject: LAB_TEXTS.mail.confirmedSubject });
    expect(mails.at(-1)!.body).toContain(`#${order.id}`);
    expect(await auditCount(t, 'lab.order.create', client.id)).toBeGreaterThanOrEqual(1);
    // Another client's order is not theirs to see (404), and the attempt is on the trail.
    expect((await api(t, other, 'GET', `/labs/orders/${order.id}`)).status).toBe(404);
    expect((await api(t, other, 'GET', `/labs/orders?client=${client.id}`)).status).toBe(404);
    expect(await auditCount(t, 'lab.order.read', client.id, 'denied')).toBe(1);
  });

  it('never books a slot over its capacity, even when many requests race for it', async () => {
    const slot = (await slotsFor(t, client, pincode, [cat.haemoglobin.id])).find((s) => hourOf(s.start) === 15 && s.places_left === 2)!;
    const racers = [client, other, client, other, client, other, client, other];
    const answers = await Promise.all(
      racers.map((who) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/labs/slots',
          headers: { authorization: `Bearer ${who.accessToken}` },
          payload: { pincode, start: slot.start, items: [cat.haemoglobin.id] },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    expect(JSON.parse(answers.find((a) => a.statusCode === 409)!.body).detail).toBe(LAB_TEXTS.errors.slotFull);
    const after = (await slotsFor(t, client, pincode, [cat.haemoglobin.id])).find((s) => s.start === slot.start)!;
    expect(after.places_left).toBe(0);
  });

  it('releases a hold after 15 minutes: the slot frees up and the hold can no longer be booked', async () => {
    const slot = (await slotsFor(t, client, pincode, [cat.haemoglobin.id])).find((s) => hourOf(s.start) === 16 && s.places_left === 2)!;
    const hold = await api(t, client, 'POST', '/labs/slots', { pincode, start: slot.start, items: [cat.haemoglobin.id] });
    expect(hold.status).toBe(201);
    expect(Date.parse(hold.body.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(hold.body.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect((await slotsFor(t, client, pincode, [])).find((s) => s.start === slot.start)!.places_left).toBe(1);
    // Fifteen minutes pass.
    await sql`update lab_holds set expires_at = now() - interval '1 second' where id = ${hold.body.id}`.execute(t.database.db);
    expect((await slotsFor(t, client, pincode, [])).find((s) => s.start === slot.start)!.places_left).toBe(2);
    const late = await api(t, client, 'POST', '/labs/orders', { hold: hold.body.id, items: [cat.haemoglobin.id], people: [{ self: true }], address: 'Home' });
    expect(late.status).toBe(400);
    expect(late.body.errors.hold).toEqual([LAB_TEXTS.errors.holdGone]);
    expect(
      await t.database.db.selectFrom('lab_orders').select('id').where('client_id', '=', client.id).where('slot_start', '=', new Date(slot.start)).execute(),
    ).toEqual([]);
  });

  it('reschedules the whole order and cancels only before collection; a client cannot move it otherwise', async () => {
    const slots = (await slotsFor(t, client, pincode, [cat.haemoglobin.id])).filter((s) => s.places_left > 0 && hourOf(s.start) >= 10);
    const order = await book(t, client, pincode, slots[0].start, [cat.haemoglobin.id]);
    const hold = await api(t, client, 'POST', '/labs/slots', { pincode, start: slots[1].start, items: [cat.haemoglobin.id] });
    const moved = await api(t, client, 'PATCH', `/labs/orders/${order.id}`, { hold: hold.body.id });
    expect(moved.status).toBe(200);
    expect(moved.body.start).toBe(slots[1].start);
    expect((await api(t, client, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'collected' })).status).toBe(403);
    expect((await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'collector_assigned', collector: nurse.id })).status).toBe(200);
    const mine = await api(t, client, 'GET', `/labs/orders/${order.id}`);
    expect(mine.body.collector_name).toBeTruthy();
    expect(mine.body.collector_phone).toBe('••••••3210');
    expect(mine.body.collector).toBeUndefined();
    expect(JSON.stringify(mine.body)).not.toContain('9876543210');
    expect((await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'collected' })).status).toBe(200);
    const tooLate = await api(t, client, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'cancelled' });
    expect(tooLate.status).toBe(409);
    const second = await book(t, client, pincode, slots[2].start, [cat.haemoglobin.id]);
    const cancelled = await api(t, client, 'POST', `/labs/orders/${second.id}/transitions`, { to: 'cancelled', reason: 'Travelling' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Travelling' });
    expect((await api(t, other, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'cancelled' })).status).toBe(404);
  });

  it("flags results by the person's sex and age, releases them, tells the doctor of a critical value and keeps amendments", async () => {
    // The doctor the client sees: their most recent appointment's clinician.
    const service = await t.database.db
      .insertInto('services')
      .values({ name: `Consult ${engine}`, therapy: 'consultation', duration_minutes: 30, delivered_by: ['DOCTOR'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = new Date(Date.now() - 86_400_000);
    const until = new Date(at.getTime() + 1_800_000);
    await t.database.db
      .insertInto('appointments')
      .values({
        client_id: client.id,
        service_id: service.id,
        staff_id: doctor.id,
        starts_at: at,
        ends_at: until,
        occupied_from: at,
        occupied_to: until,
        booked_by: admin.id,
        status: 'completed',
      })
      .execute();
    const slot = (await slotsFor(t, client, pincode, [cat.profile.id])).find((s) => s.places_left > 0)!;
    const order = await book(t, client, pincode, slot.start, [cat.profile.id], {
      people: [{ self: true }, { self: false, name: 'Ravi Iyer', age: 12, sex: 'M' }],
    });
    const [me, son] = order.people;
    for (const to of ['collector_assigned', 'collected', 'processing']) {
      const moved = await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to, collector: nurse.id });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    // Ready with results missing is not a step of the chart.
    expect((await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'ready' })).status).toBe(409);
    const enter = (person: number, marker: number, value: number) => api(t, nurse, 'POST', '/labs/results', { order: order.id, person, marker, value });
    // 12.5 g/dL: normal for a woman (12–15.5), and for a 12-year-old (11–14.5); 11.5 is low for her only.
    expect((await enter(me.id, cat.haemoglobin.marker, 11.5)).body).toMatchObject({ flag: 'low', status: 'partial', low: 12, high: 15.5 });
    expect((await enter(son.id, cat.haemoglobin.marker, 11.5)).body).toMatchObject({ flag: 'normal', low: 11, high: 14.5 });
    // Nothing released yet: the client sees no report while the order is processing.
    expect((await api(t, client, 'GET', `/labs/results?client=${client.id}`)).body.find((r: { order: number }) => r.order === order.id)).toBeUndefined();
    expect((await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'partial' })).status).toBe(200);
    const partial = (await api(t, client, 'GET', `/labs/results?client=${client.id}`)).body.find((r: { order: number }) => r.order === order.id);
    expect(partial.results).toHaveLength(2);
    const critical = await enter(me.id, cat.glucose.marker, 450);
    expect(critical.body.flag).toBe('critical');
    const doctorMail = await outboxFor(t, doctor.email);
    expect(doctorMail.at(-1)).toMatchObject({
      subject: LAB_TEXTS.mail.criticalSubject,
      body: LAB_TEXTS.mail.critical(DEFAULT_CLINIC_NAME, order.id, 'Glucose, fasting', 450, 'mg/dL'),
    });
    expect(JSON.stringify(doctorMail)).not.toContain('Meera');
    await enter(son.id, cat.glucose.marker, 85);
    const ready = await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'ready' });
    expect(ready.status).toBe(200);
    const amended = await enter(me.id, cat.glucose.marker, 95);
    expect(amended.body).toMatchObject({ flag: 'normal', status: 'amended' });
    expect(amended.body.history).toMatchObject([{ value: 450, flag: 'critical', status: 'final' }]);
    const report = (await api(t, client, 'GET', `/labs/results?client=${client.id}`)).body.find((r: { order: number }) => r.order === order.id);
    expect(report.status).toBe('ready');
    expect(report.results.map((r: { status: string }) => r.status).sort()).toEqual(['amended', 'final', 'final', 'final']);
    expect(await auditCount(t, 'lab.report.list', client.id)).toBeGreaterThanOrEqual(2);
    expect((await api(t, other, 'GET', `/labs/results?client=${client.id}`)).status).toBe(404);
    expect((await api(t, client, 'POST', '/labs/results', { order: order.id, person: me.id, marker: cat.glucose.marker, value: 80 })).status).toBe(403);
  });

  it('attaches the lab PDF only when the bytes are a PDF, and streams it back with its checksum, audited', async () => {
    const slot = (await slotsFor(t, client, pincode, [cat.haemoglobin.id])).find((s) => s.places_left > 0)!;
    const order = await book(t, client, pincode, slot.start, [cat.haemoglobin.id]);
    const exe = await api(t, nurse, 'POST', `/labs/reports/${order.id}/pdf`, { file_name: 'report.pdf', content_base64: EXE.toString('base64') });
    expect(exe.status).toBe(400);
    expect(exe.body.errors.content_base64).toEqual([LAB_TEXTS.errors.notPdf]);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(
      (await api(t, nurse, 'POST', `/labs/reports/${order.id}/pdf`, { file_name: 'big.pdf', content_base64: big.toString('base64') })).body.errors
        .content_base64,
    ).toEqual([LAB_TEXTS.errors.tooBig]);
    expect((await api(t, client, 'POST', `/labs/reports/${order.id}/pdf`, { file_name: 'r.pdf', content_base64: PDF.toString('base64') })).status).toBe(403);
    const saved = await api(t, nurse, 'POST', `/labs/reports/${order.id}/pdf`, { file_name: 'Haemoglobin report.pdf', content_base64: PDF.toString('base64') });
    expect(saved.status).toBe(201);
    const sha = createHash('sha256').update(PDF).digest('hex');
    expect(saved.body).toMatchObject({ order: order.id, size: PDF.length, sha256: sha });
    const get = (who: Actor) =>
      t.app.inject({ method: 'GET', url: `/api/v1/labs/reports/${order.id}/pdf`, headers: { authorization: `Bearer ${who.accessToken}` } });
    // Not released to the client yet.
    expect((await get(client)).statusCode).toBe(404);
    const staff = await get(nurse);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    expect(staff.headers['content-disposition']).toContain('attachment;');
    expect(staff.headers.digest).toBe(`sha-256=${Buffer.from(sha, 'hex').toString('base64')}`);
    expect(Buffer.from(staff.rawPayload).equals(PDF)).toBe(true);
    expect((await get(other)).statusCode).toBe(404);
    expect(await auditCount(t, 'lab.report.pdf.download', client.id)).toBe(1);
  });
});
