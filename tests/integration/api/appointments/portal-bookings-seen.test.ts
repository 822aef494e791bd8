// Portal bookings shown to staff until seen (issue 16): a booking a client makes in the portal
// counts for every staff member until that staff member marks it seen; bookings staff make, past
// bookings and those made before a staff member joined never count; marking is idempotent, only
// takes portal bookings (400 naming the entry, nothing written) and is audited; clients have no list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_BOOKING_TEXTS, UNSEEN_LISTED } from '../../../../server/api/appointments/portal-bookings.ts';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { addUser, api } from '../support.ts';
import { at, buildClinic, type Clinic } from './fixtures.ts';

describe.each(engines)('portal bookings seen by staff on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
  }, 180_000);
  afterAll(() => t.close());

  const unseen = async (actor: Parameters<typeof api>[1]) => {
    const res = await api(t, actor, 'GET', '/appointments/portal-bookings');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { count: number; appointments: Array<{ id: number }> };
  };
  const bookOnline = async (clock: string, day = addDays(c.monday, 1)) => {
    const res = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.consult, start: at(day, clock) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  it('counts a portal booking for each staff member until they mark it seen', async () => {
    const before = { reception: (await unseen(c.reception)).count, nurse: (await unseen(c.nurse)).count };
    const online = await bookOnline('10:00');
    const byStaff = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.consult,
      start: at(addDays(c.monday, 1), '11:00'),
    });
    expect(byStaff.status).toBe(201);

    const desk = await unseen(c.reception);
    expect(desk.count).toBe(before.reception + 1);
    expect(desk.appointments[0]).toMatchObject({ id: online, client: c.client.id, service: c.consult });
    expect(desk.appointments.map((a) => a.id)).not.toContain(byStaff.body.id);

    const marked = await api(t, c.reception, 'POST', '/appointments/portal-bookings/seen', { appointments: [online] });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.count).toBe(before.reception);
    expect(marked.body.appointments.map((a: { id: number }) => a.id)).not.toContain(online);
    // Seen by the front desk, still new to the nurse.
    expect((await unseen(c.nurse)).count).toBe(before.nurse + 1);
    // Marking again changes nothing.
    const again = await api(t, c.reception, 'POST', '/appointments/portal-bookings/seen', { appointments: [online, online] });
    expect(again.status).toBe(200);
    expect(again.body.count).toBe(before.reception);
    const rows = await t.database.db.selectFrom('portal_booking_seen').selectAll().where('appointment_id', '=', online).execute();
    expect(rows.map((r) => r.staff_id)).toEqual([c.reception.id]);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'outcome'])
      .where('actor_id', '=', c.reception.id)
      .where('action', '=', 'appointment.seen')
      .execute();
    expect(audit).toEqual([
      { action: 'appointment.seen', outcome: 'success' },
      { action: 'appointment.seen', outcome: 'success' },
    ]);
  });

  it('refuses to mark what is not a portal booking, writing nothing', async () => {
    const online = await bookOnline('12:00');
    const byStaff = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.consult,
      start: at(addDays(c.monday, 1), '13:00'),
    });
    const before = await t.database.db
      .selectFrom('portal_booking_seen')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await api(t, c.nurse, 'POST', '/appointments/portal-bookings/seen', { appointments: [online, byStaff.body.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'appointments.1': [PORTAL_BOOKING_TEXTS.notPortalBooking] });
    const after = await t.database.db
      .selectFrom('portal_booking_seen')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('leaves out bookings made before a staff member joined, and answers clients 403', async () => {
    await bookOnline('14:00');
    const newcomer = await addUser(t, 'RECEPTION');
    expect(await unseen(newcomer)).toEqual({ count: 0, appointments: [] });
    const later = await bookOnline('15:00');
    expect((await unseen(newcomer)).appointments.map((a) => a.id)).toEqual([later]);
    expect((await api(t, c.client, 'GET', '/appointments/portal-bookings')).status).toBe(403);
    expect((await api(t, c.client, 'POST', '/appointments/portal-bookings/seen', { appointments: [later] })).status).toBe(403);
  });

  it(`lists the newest ${UNSEEN_LISTED} and counts them all`, async () => {
    const newcomer = await addUser(t, 'NURSE');
    const day = addDays(c.monday, 2);
    const ids: number[] = [];
    for (let i = 0; i < UNSEEN_LISTED + 2; i++) {
      const minutes = 8 * 60 + i * 30;
      ids.push(await bookOnline(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`, day));
    }
    const list = await unseen(newcomer);
    expect(list.count).toBe(UNSEEN_LISTED + 2);
    expect(list.appointments.map((a) => a.id)).toEqual(ids.slice(-UNSEEN_LISTED).reverse());
  });
});
