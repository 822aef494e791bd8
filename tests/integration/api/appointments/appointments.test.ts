// Booking, conflicts, buffers, bad input and the double-booking race, on each engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { DATE_TEXTS } from '../../../../machines/rules/calendar-dates.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { addTarget, api } from '../support.ts';
import { addResource, addService, at, buildClinic, type Clinic, setHours, staffMember } from './fixtures.ts';

describe.each(engines)('appointments on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
  }, 180_000);
  afterAll(() => t.close());

  it('books an HBOT dive: chosen unit, buffers held, first status in the history, audited', async () => {
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse.id,
      start: at(c.monday, '09:00'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ client: c.client.id, staff: c.nurse.id, status: 'booked', channel: 'in_clinic', booked_by: c.reception.id });
    expect(res.body.start).toBe(new Date(at(c.monday, '09:00')).toISOString());
    expect(res.body.end).toBe(new Date(at(c.monday, '10:30')).toISOString());
    expect(res.body.occupied_to).toBe(new Date(at(c.monday, '10:45')).toISOString());
    expect(c.chambers).toContain(res.body.resources[0]);
    const detail = await api(t, c.nurse, 'GET', `/appointments/appointments/${res.body.id}`);
    expect(detail.body.history).toEqual([expect.objectContaining({ from: null, to: 'booked', by: c.reception.id })]);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('client_id', '=', c.client.id)
      .where('action', '=', 'appointment.create')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('answers 409 {detail, conflicts} when the staff member is taken, buffers included, and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // 10:30-10:45 is the dive's cleaning buffer: still the nurse's held time.
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(c.monday, '10:40'),
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(T.staffTaken);
    expect(res.body.conflicts).toEqual([
      { kind: 'staff', id: c.nurse.id, start: new Date(at(c.monday, '09:00')).toISOString(), end: new Date(at(c.monday, '10:45')).toISOString() },
    ]);
    const after = await t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Once the buffers clear (10:45 + the IV's 10 minutes before) the nurse is free.
    const ok = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(c.monday, '10:55'),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('a pool serves while a unit is free, then names the busy units', async () => {
    const first = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.doctor.id,
      start: at(c.monday, '09:30'),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const third = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.hbot,
      staff: c.nurse2,
      start: at(c.monday, '10:00'),
    });
    expect(third.status, JSON.stringify(third.body)).toBe(409);
    expect(third.body.detail).toBe(T.resourceTaken(wordsInSentence('hbot_chamber')));
    expect(third.body.conflicts.map((x: { kind: string; id: number }) => `${x.kind}:${x.id}`).sort()).toEqual(c.chambers.map((id) => `resource:${id}`).sort());
  });

  it('picks a free staff member who may deliver when none is named', async () => {
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service: c.iv, start: at(c.monday, '13:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect([c.nurse.id, c.nurse2]).toContain(res.body.staff);
  });

  it('uses the client’s appointment_duration when the service has none', async () => {
    await t.database.db.updateTable('user_profiles').set({ appointment_duration: '00:45:00' }).where('user_id', '=', c.otherClient.id).execute();
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.otherClient.id, service: c.consult, start: at(c.monday, '15:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Date.parse(res.body.end) - Date.parse(res.body.start)).toBe(45 * 60_000);
    const plain = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service: c.consult, start: at(c.monday, '16:00') });
    expect(Date.parse(plain.body.end) - Date.parse(plain.body.start)).toBe(30 * 60_000);
  });

  it.each([
    ['end before start', { end: 'T08:30:00+05:30' }, 'end', T.endBeforeStart],
    ['a start without a UTC offset', { start: 'T11:00:00' }, 'start', DATE_TEXTS.notADateTime],
    ['outside opening hours', { start: 'T19:00:00+05:30' }, 'start', T.outsideHours],
    ['an unknown service', { service: 999999 }, 'service', T.noService],
    ['a role that may not deliver', { staff: 'doctor', service: 'iv' }, 'staff', T.mayNotDeliver('DOCTOR')],
  ])('400 with the field for %s, nothing written', async (_name, patch, field, reason) => {
    const body: Record<string, unknown> = { client: c.client.id, service: c.hbot, staff: c.nurse2, start: at(c.monday, '17:00') };
    for (const [k, v] of Object.entries(patch)) {
      if (typeof v === 'string' && v.startsWith('T')) body[k] = `${c.monday}${v}`;
      else if (v === 'doctor') body[k] = c.doctor.id;
      else if (v === 'iv') body[k] = c.iv;
      else body[k] = v;
    }
    const before = await t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual([reason]);
    const after = await t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a holiday and a staff member on leave', async () => {
    const date = addDays(c.monday, 7 * 50);
    await api(t, c.admin, 'PATCH', '/appointments/hours', { holidays: [{ day: date, name: 'Test holiday' }] });
    const holiday = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse2,
      start: at(date, '10:00'),
    });
    expect(holiday.status).toBe(400);
    expect(holiday.body.errors.start).toEqual([T.outsideHours]);
    await api(t, c.admin, 'PATCH', '/appointments/hours', {
      holidays: [],
      add_exceptions: [{ staff: c.nurse2, kind: 'leave', start: at(date, '08:00'), end: at(date, '13:00') }],
    });
    const leave = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse2,
      start: at(date, '10:00'),
    });
    expect(leave.status).toBe(400);
    expect(leave.body.errors.staff).toEqual([T.notWorking]);
    const afternoon = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse2,
      start: at(date, '13:00'),
    });
    expect(afternoon.status, JSON.stringify(afternoon.body)).toBe(201);
  });

  it('the database refuses an overlap the API did not check (exclusion constraints, buffers included)', async () => {
    const monday = addDays(c.monday, 7 * 54);
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.iv,
      staff: c.nurse2,
      start: at(monday, '10:00'),
    });
    expect(res.status).toBe(201);
    const row = await t.database.db.selectFrom('appointments').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await expect(
      t.database.db
        .insertInto('appointments')
        .values({
          ...copy,
          client_id: c.otherClient.id,
          starts_at: at(monday, '11:05'),
          ends_at: at(monday, '12:05'),
          occupied_from: at(monday, '11:05'),
          occupied_to: at(monday, '12:05'),
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23P01' });
    await expect(
      t.database.db
        .insertInto('appointment_resources')
        .values({ appointment_id: res.body.id, resource_id: c.chambers[0], occupied_from: at(monday, '09:00'), occupied_to: at(monday, '09:30') })
        .execute(),
    ).resolves.toBeDefined();
    const other = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.hbot,
      staff: c.doctor.id,
      start: at(monday, '09:00'),
    });
    expect(other.status).toBe(201);
    expect(other.body.resources).toEqual([c.chambers[1]]);
    // And a unit cannot be held twice at once, whatever writes it.
    await expect(
      t.database.db
        .insertInto('appointment_resources')
        .values({ appointment_id: res.body.id, resource_id: c.chambers[1], occupied_from: at(monday, '10:00'), occupied_to: at(monday, '10:15') })
        .execute(),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('20 concurrent bookings of overlapping times on the one chamber: exactly one 201, the rest 409', async () => {
    const sauna = await addResource(t, c.admin, 'Only chamber', 'race_chamber');
    const service = await addService(t, c.admin, {
      name: 'Race dive',
      therapy: 'hbot',
      duration_minutes: 60,
      resources_needed: [{ kind: 'race_chamber', units: 1 }],
      delivered_by: ['NURSE'],
    });
    const nurses = await Promise.all(Array.from({ length: 20 }, () => staffMember(t, 'NURSE')));
    const clients = await Promise.all(Array.from({ length: 20 }, () => addTarget(t, 'CLIENT')));
    await setHours(t, c.admin, nurses);
    const day = addDays(c.monday, 7 * 58);
    const answers = await Promise.all(
      nurses.map((nurse, i) =>
        api(t, c.reception, 'POST', '/appointments/appointments', {
          client: clients[i].id,
          service,
          staff: nurse,
          start: at(day, `10:${String(i * 2).padStart(2, '0')}`),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.detail).toEqual(expect.any(String));
    const held = await t.database.db
      .selectFrom('appointment_resources')
      .select('appointment_id')
      .where('resource_id', '=', sauna)
      .where('holding', '=', true)
      .execute();
    expect(held).toHaveLength(1);
  }, 120_000);
});
