// Booking from the portal (issue 16): the booking rules anyone reads; an in-clinic therapy booked
// online only from a package with a session left; the screening answers or pre-call form stored
// with the appointment; a video call's join link only from 10 minutes before its start, made from
// the clinic's template (none without one); a client reads only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_BOOKING_TEXTS as P } from '../../../../server/api/appointments/portal-texts.ts';
import { SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { CREDIT_THERAPIES } from '../../../../machines/clients/visit-preparation.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { api } from '../support.ts';
import { addService, buildClinic, type Clinic, setHours } from './fixtures.ts';

const H = 3_600_000;

describe.each(engines)('portal booking on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  let call: number;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
    await setHours(t, c.admin, [c.nurse.id, c.doctor.id, c.nurse2], '00:00', '24:00');
    call = await addService(t, c.admin, { name: 'Intake call', therapy: 'intake_call', duration_minutes: 30, delivered_by: ['NURSE'], bookable_online: true });
  }, 180_000);
  afterAll(() => t.close());

  const soon = (hours: number) => new Date(Math.ceil((Date.now() + hours * H) / (15 * 60_000)) * 15 * 60_000).toISOString();
  const setTemplate = (template: string) =>
    t.database.db
      .updateTable('scheduling_settings')
      .set({ video_link_template: template } as never)
      .execute();

  it('anyone reads the booking rules', async () => {
    const rules = await api(t, c.client, 'GET', '/appointments/booking-rules');
    expect(rules.status).toBe(200);
    expect(rules.body).toEqual({
      time_zone: 'Asia/Kolkata',
      min_notice_minutes: 120,
      late_cancel_hours: 24,
      grace_minutes: 5,
      join_opens_minutes: 10,
      credit_therapies: [...CREDIT_THERAPIES],
    });
  });

  it('an in-clinic therapy is booked online only from a package with a session left; the screening answers go with it', async () => {
    const none = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.hbot, start: soon(30) });
    expect(none.status).toBe(400);
    expect(none.body.errors.package).toEqual([P.noCredit]);
    const pkg = (await api(t, c.reception, 'POST', '/appointments/packages', { client: c.client.id, therapy: 'hbot', sessions_total: 1 })).body.id;
    const answers = { unwell_today: 'no', pregnant: 'no', ear_sinus: 'yes' };
    const booked = await api(t, c.client, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      start: soon(30),
      package: pkg,
      answers,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // Its one session is held now: nothing left to book another with, and nothing written.
    const before = await t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const again = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.hbot, start: soon(40), package: pkg });
    expect(again.status).toBe(400);
    expect(again.body.errors.package).toEqual([T.packageUsedUp]);
    const after = await t.database.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Staff read the answers before check-in; so does the client; another client does not.
    const staffView = await api(t, c.nurse, 'GET', `/appointments/appointments/${booked.body.id}/visit`);
    expect(staffView.body).toEqual({ appointment: booked.body.id, answers, join_url: null, join_opens_at: null });
    expect((await api(t, c.client, 'GET', `/appointments/appointments/${booked.body.id}/visit`)).body.answers).toEqual(answers);
    expect((await api(t, c.otherClient, 'GET', `/appointments/appointments/${booked.body.id}/visit`)).status).toBe(404);
    const denied = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', c.otherClient.id)
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied.map((d) => d.action)).toEqual(['appointment.read']);
    // The front desk books without a package (paid at the desk).
    expect((await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service: c.hbot, start: soon(50) })).status).toBe(201);
  });

  it('a video call’s join link comes from the clinic’s template, only from 10 minutes before the start', async () => {
    const form = { reason: 'Sleep and energy', medications: 'none' };
    const booked = await api(t, c.client, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: call,
      start: soon(3),
      channel: 'video',
      answers: form,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.id;
    await setTemplate('https://meet.example.org/thrive-{appointment}');
    const early = await api(t, c.client, 'GET', `/appointments/appointments/${id}/visit`);
    expect(early.body).toMatchObject({ answers: form, join_url: null, join_opens_at: new Date(Date.parse(booked.body.start) - 10 * 60_000).toISOString() });
    // Eight minutes before the start: open.
    const start = new Date(Date.now() + 8 * 60_000);
    await t.database.db
      .updateTable('appointments')
      .set({ starts_at: start, ends_at: new Date(start.getTime() + 30 * 60_000), occupied_from: start, occupied_to: new Date(start.getTime() + 30 * 60_000) })
      .where('id', '=', id)
      .execute();
    const open = await api(t, c.client, 'GET', `/appointments/appointments/${id}/visit`);
    expect(open.body.join_url).toBe(`https://meet.example.org/thrive-${id}`);
    // No template: no link, never a made-up one.
    await setTemplate('');
    expect((await api(t, c.client, 'GET', `/appointments/appointments/${id}/visit`)).body.join_url).toBeNull();
    // A phone call has no link at all.
    const phone = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: call, start: soon(4), channel: 'phone' });
    expect((await api(t, c.client, 'GET', `/appointments/appointments/${phone.body.id}/visit`)).body).toEqual({
      appointment: phone.body.id,
      answers: null,
      join_url: null,
      join_opens_at: null,
    });
  });

  it('answers that are not a short text per question are refused, nothing booked', async () => {
    const bad = await api(t, c.client, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: call,
      start: soon(5),
      channel: 'phone',
      answers: { reason: 5 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)[0]).toMatch(/^answers/);
  });
});
