// Cancellation rules (late inside the window, never within 5 minutes of booking; clients must
// call the clinic when late), who moves what, and package sessions: held (intended) while booked,
// the credit taken at check-in (not again on completion), forfeited by a late client cancellation
// (the clinic's setting, on by default), never by a clinic or timely cancellation (issue 35; the
// races and the setting's other side are in package-redemption.test.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { addUser, api } from '../support.ts';
import { at, buildClinic, type Clinic, setHours } from './fixtures.ts';

const H = 3_600_000;

describe.each(engines)('cancellation and packages on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
    // Open round the clock, so "in 5 hours" is always bookable.
    await setHours(t, c.admin, [c.nurse.id, c.doctor.id, c.nurse2], '00:00', '24:00');
  }, 180_000);
  afterAll(() => t.close());

  const soon = (hours: number) => new Date(Math.ceil((Date.now() + hours * H) / (15 * 60_000)) * 15 * 60_000).toISOString();
  const bookedAgo = (id: number, minutes: number) =>
    t.database.db
      .updateTable('appointments')
      .set({ created_at: new Date(Date.now() - minutes * 60_000) })
      .where('id', '=', id)
      .execute();

  it('a client books an online service for themselves, not an in-clinic-only one, not too soon', async () => {
    // An in-clinic therapy is paid from a package online (the portal's rule, tests/integration/api/appointments/portal-booking.test.ts).
    const pkg = await api(t, c.reception, 'POST', '/appointments/packages', { client: c.client.id, therapy: 'hbot', sessions_total: 5 });
    const ok = await api(t, c.client, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      start: soon(30),
      channel: 'in_clinic',
      package: pkg.body.id,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const iv = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.iv, start: soon(30) });
    expect(iv.status).toBe(403);
    expect(iv.body.detail).toBe(T.notOnline);
    const rushed = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.hbot, start: soon(1), package: pkg.body.id });
    expect(rushed.status).toBe(400);
    expect(rushed.body.errors.start).toEqual([T.tooSoon(120)]);
    const other = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.otherClient.id, service: c.hbot, start: soon(40) });
    expect(other.status).toBe(404);
    const list = await api(t, c.client, 'GET', '/appointments/appointments');
    expect(list.body.every((a: { client: number }) => a.client === c.client.id)).toBe(true);
    // Another client's appointment is 404 to a client, and the attempt is audited as denied.
    const theirs = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.otherClient.id, service: c.hbot, start: soon(50) });
    expect((await api(t, c.client, 'GET', `/appointments/appointments/${theirs.body.id}`)).status).toBe(404);
    expect((await api(t, c.client, 'POST', `/appointments/appointments/${theirs.body.id}/transitions`, { to: 'cancelled', reason: 'x' })).status).toBe(404);
    const denied = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', c.client.id)
      .where('client_id', '=', c.otherClient.id)
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied.map((d) => d.action).sort()).toEqual(['appointment.read', 'appointment.transition']);
    const still = await api(t, c.reception, 'GET', `/appointments/appointments/${theirs.body.id}`);
    expect(still.body.status).toBe('booked');
  });

  it('a client’s cancellation inside the window is refused (call the clinic), unless within 5 minutes of booking', async () => {
    const fresh = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.consult, start: soon(5) });
    expect(fresh.status).toBe(201);
    const quick = await api(t, c.client, 'POST', `/appointments/appointments/${fresh.body.id}/transitions`, { to: 'cancelled', reason: 'Wrong day' });
    expect(quick.status).toBe(200);
    expect(quick.body.appointment).toMatchObject({ status: 'cancelled', cancelled_by: 'client', late_cancellation: false });

    const old = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.consult, start: soon(6) });
    await bookedAgo(old.body.id, 60);
    const late = await api(t, c.client, 'POST', `/appointments/appointments/${old.body.id}/transitions`, { to: 'cancelled', reason: 'Busy' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(T.clientLate);
    // The front desk records it for them: a late cancellation by the client.
    const desk = await api(t, c.reception, 'POST', `/appointments/appointments/${old.body.id}/transitions`, {
      to: 'cancelled',
      reason: 'Phoned in',
      cancelled_by: 'client',
    });
    expect(desk.body.appointment).toMatchObject({ cancelled_by: 'client', late_cancellation: true });
    const detail = await api(t, c.client, 'GET', `/appointments/appointments/${old.body.id}`);
    expect(detail.body.history.map((h: { to: string; reason: string; by: number }) => [h.to, h.reason, h.by])).toEqual([
      ['booked', '', c.client.id],
      ['cancelled', 'Phoned in', c.reception.id],
    ]);
    const noReason = await api(t, c.reception, 'POST', `/appointments/appointments/${fresh.body.id}/transitions`, { to: 'confirmed' });
    expect(noReason.status).toBe(409);
  });

  it('staff whose role delivers the service move its appointments (any nurse on duty), others may not, and none cancels', async () => {
    // Check-in opens 2 hours before the start (the default window): these start within the hour.
    const mine = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service: c.hbot, staff: c.nurse.id, start: soon(1) });
    const doctors = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.consult,
      staff: c.doctor.id,
      start: soon(1),
    });
    expect([mine.status, doctors.status], JSON.stringify(mine.body)).toEqual([201, 201]);
    expect((await api(t, c.nurse, 'POST', `/appointments/appointments/${mine.body.id}/transitions`, { to: 'checked_in' })).status).toBe(200);
    // Another nurse on duty starts nurse A's HBOT session (HBOT is delivered by NURSE and DOCTOR).
    const nurseB = await addUser(t, 'NURSE');
    const started = await api(t, nurseB, 'POST', `/appointments/appointments/${mine.body.id}/transitions`, { to: 'in_progress' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.appointment.status).toBe('in_progress');
    // A doctor's consultation is delivered by DOCTOR only: a nurse takes none of its steps.
    const other = await api(t, c.nurse, 'POST', `/appointments/appointments/${doctors.body.id}/transitions`, { to: 'checked_in' });
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe(T.deliveryOnly);
    const cancel = await api(t, c.doctor, 'POST', `/appointments/appointments/${doctors.body.id}/transitions`, { to: 'cancelled', reason: 'x' });
    expect(cancel.status).toBe(403);
    const selfCheckIn = await api(t, c.client, 'POST', `/appointments/appointments/${mine.body.id}/transitions`, { to: 'checked_in' });
    expect(selfCheckIn.status).toBe(403);
    expect(selfCheckIn.body.detail).toBe(T.clientMayNot);
    const seen = await api(t, c.nurse, 'GET', `/appointments/appointments?staff=${c.doctor.id}`);
    expect(seen.body.map((a: { id: number }) => a.id)).toContain(doctors.body.id);
  });

  it('check-in opens a set window before the start (a setting, default 2 hours) and closes when the day ends', async () => {
    const later = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.consult,
      staff: c.doctor.id,
      start: soon(4),
    });
    expect(later.status).toBe(201);
    const early = await api(t, c.reception, 'POST', `/appointments/appointments/${later.body.id}/transitions`, { to: 'checked_in' });
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/^Too early to check in: check-in opens 2 hours before the start, at .+\.$/);
    expect((await api(t, c.reception, 'GET', `/appointments/appointments/${later.body.id}`)).body.status).toBe('booked');
    // The back office widens the window beside the other scheduling settings.
    const wider = await api(t, c.admin, 'PATCH', '/appointments/hours', { check_in_window_hours: 6 });
    expect(wider.body.check_in_window_hours).toBe(6);
    expect((await api(t, c.admin, 'PATCH', '/appointments/hours', { check_in_window_hours: 25 })).status).toBe(400);
    expect((await api(t, c.reception, 'POST', `/appointments/appointments/${later.body.id}/transitions`, { to: 'checked_in' })).status).toBe(200);
    await api(t, c.admin, 'PATCH', '/appointments/hours', { check_in_window_hours: 2 });
    // Its day over (moved to yesterday by the same amount everywhere): no check-in any more.
    const missed = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.consult,
      staff: c.doctor.id,
      start: soon(7),
    });
    const back = sql`interval '2 days'`;
    await sql`update appointments set starts_at = starts_at - ${back}, ends_at = ends_at - ${back}, occupied_from = occupied_from - ${back}, occupied_to = occupied_to - ${back} where id = ${missed.body.id}`.execute(
      t.database.db,
    );
    const over = await api(t, c.reception, 'POST', `/appointments/appointments/${missed.body.id}/transitions`, { to: 'checked_in' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toBe(T.checkInDayOver);
  });

  it('package sessions: held while booked, taken at check-in and not again on completion, forfeited by a late client cancellation, never by the clinic’s', async () => {
    const created = await api(t, c.reception, 'POST', '/appointments/packages', { client: c.otherClient.id, therapy: 'hbot', sessions_total: 3 });
    expect(created.status).toBe(201);
    const pkg = created.body.id as number;
    const left = async () =>
      (await api(t, c.reception, 'GET', `/appointments/packages?client=${c.otherClient.id}`)).body.find((p: { id: number }) => p.id === pkg);
    const day = addDays(c.monday, 4);
    // Within the check-in window, so it can be checked in and completed here.
    const a = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.otherClient.id, service: c.hbot, start: soon(1), package: pkg });
    const b = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.hbot,
      start: at(day, '12:00'),
      package: pkg,
    });
    const d = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.otherClient.id, service: c.hbot, start: soon(5), package: pkg });
    expect([a.status, b.status, d.status], JSON.stringify(d.body)).toEqual([201, 201, 201]);
    expect(await left()).toMatchObject({ sessions_used: 0, sessions_held: 3, sessions_left: 0 });
    const fourth = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.hbot,
      start: at(day, '15:00'),
      package: pkg,
    });
    expect(fourth.status).toBe(400);
    expect(fourth.body.errors.package).toEqual([T.packageUsedUp]);
    const wrong = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.iv,
      start: at(day, '15:00'),
      package: pkg,
    });
    expect(wrong.body.errors.package).toEqual([T.packageTherapy]);

    // The clinic cancels one: given back.
    await api(t, c.reception, 'POST', `/appointments/appointments/${b.body.id}/transitions`, { to: 'cancelled', reason: 'Chamber service' });
    expect(await left()).toMatchObject({ sessions_used: 0, sessions_held: 2, sessions_left: 1 });
    // Checked in: the credit is taken then; completion takes nothing more.
    const checkedIn = await api(t, c.reception, 'POST', `/appointments/appointments/${a.body.id}/transitions`, { to: 'checked_in' });
    expect(checkedIn.body.credit).toEqual({ outcome: 'redeemed', package: pkg, message: T.creditRedeemed('hbot package') });
    expect(await left()).toMatchObject({ sessions_used: 1, sessions_held: 1, sessions_left: 1 });
    for (const to of ['in_progress', 'completed']) {
      expect((await api(t, c.reception, 'POST', `/appointments/appointments/${a.body.id}/transitions`, { to })).status).toBe(200);
    }
    expect(await left()).toMatchObject({ sessions_used: 1, sessions_held: 1, sessions_left: 1 });
    // A late client cancellation: forfeited.
    await bookedAgo(d.body.id, 60);
    const late = await api(t, c.reception, 'POST', `/appointments/appointments/${d.body.id}/transitions`, {
      to: 'cancelled',
      reason: 'Client called late',
      cancelled_by: 'client',
    });
    expect(late.body.appointment.late_cancellation).toBe(true);
    expect(await left()).toMatchObject({ sessions_used: 2, sessions_held: 0, sessions_left: 1 });
    const theirs = await api(t, c.client, 'GET', `/appointments/packages?client=${c.otherClient.id}`);
    expect(theirs.status).toBe(404);
  });

  it('the desk books a therapy for a package holder without naming the package: the session comes from it, the soonest to expire first (issue 32)', async () => {
    const holder = await addUser(t, 'CLIENT', { first_name: 'Package', last_name: 'Holder' });
    const later = (
      await api(t, c.reception, 'POST', '/appointments/packages', { client: holder.id, therapy: 'hbot', sessions_total: 2, expires_on: addDays(c.monday, 200) })
    ).body.id as number;
    const sooner = (
      await api(t, c.reception, 'POST', '/appointments/packages', { client: holder.id, therapy: 'hbot', sessions_total: 1, expires_on: addDays(c.monday, 30) })
    ).body.id as number;
    const packages = async () =>
      (await api(t, c.reception, 'GET', `/appointments/packages?client=${holder.id}`)).body as Array<{ id: number; sessions_held: number }>;
    const first = await api(t, c.reception, 'POST', '/appointments/appointments', { client: holder.id, service: c.hbot, start: soon(7) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.package).toBe(sooner);
    const second = await api(t, c.reception, 'POST', '/appointments/appointments', { client: holder.id, service: c.hbot, start: soon(9) });
    expect(second.body.package).toBe(later);
    expect((await packages()).map((p) => [p.id, p.sessions_held])).toEqual([
      [later, 1],
      [sooner, 1],
    ]);
    // A therapy they hold no package of, and a consultation: booked, on no package.
    const consult = await api(t, c.reception, 'POST', '/appointments/appointments', { client: holder.id, service: c.consult, start: soon(11) });
    expect(consult.status).toBe(201);
    expect(consult.body.package).toBeNull();
  });

  it('rescheduling links both appointments and frees the old time', async () => {
    const day = addDays(c.monday, 5);
    const first = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(day, '10:00'),
    });
    const moved = await api(t, c.reception, 'POST', `/appointments/appointments/${first.body.id}/transitions`, {
      to: 'rescheduled',
      start: at(day, '10:30'),
      reason: 'Running late',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.appointment).toMatchObject({ status: 'rescheduled', rescheduled_to: moved.body.replacement.id });
    expect(moved.body.replacement).toMatchObject({ status: 'booked', rescheduled_from: first.body.id, staff: c.nurse.id });
    const clash = await api(t, c.reception, 'POST', `/appointments/appointments/${moved.body.replacement.id}/transitions`, {
      to: 'rescheduled',
      start: at(day, '19:30'),
    });
    expect(clash.status).toBe(200);
    const back = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(day, '10:00'),
    });
    expect(back.status).toBe(201);
  });

  it('a reschedule into a taken time answers 409 with the conflict and changes nothing', async () => {
    const day = addDays(c.monday, 6);
    const a = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(day, '10:00'),
    });
    const b = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(day, '14:00'),
    });
    const res = await api(t, c.reception, 'POST', `/appointments/appointments/${a.body.id}/transitions`, { to: 'rescheduled', start: at(day, '14:30') });
    expect(res.status).toBe(409);
    expect(res.body.conflicts[0]).toMatchObject({ kind: 'staff', id: c.nurse.id, start: b.body.occupied_from });
    const still = await api(t, c.reception, 'GET', `/appointments/appointments/${a.body.id}`);
    expect(still.body).toMatchObject({ status: 'booked', rescheduled_to: null });
    expect(still.body.history).toHaveLength(1);
  });
});
