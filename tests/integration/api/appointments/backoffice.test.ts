// The scheduling back office (issue 16): the package catalogue and its sale from a client's
// record, the video link template among the booking rules, and the impact check: a change to a
// service or to hours lists the booked appointments it would break before anything is saved, and
// those can be cancelled with a message to each client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_TEXTS } from '../../../../server/api/appointments/backoffice.ts';
import { DEFAULT_CLINIC_NAME } from '../../../../server/mail/clinic-name.ts';
import { readOutbox } from '../../../../server/mail/transport.ts';
import { addDays, localTime } from '../../../../machines/appointments/scheduling-rules.ts';
import { IMPACT_REASONS as R } from '../../../../machines/appointments/impact-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { api } from '../support.ts';
import { at, buildClinic, type Clinic } from './fixtures.ts';
import { setUpBilling } from '../billing/fixtures.ts';

describe.each(engines)('scheduling back office on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
  }, 180_000);
  afterAll(() => t.close());

  const book = async (start: string, service = c.iv, staff = c.nurse.id, extra: Record<string, unknown> = {}) => {
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service, staff, start, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const ids = (body: { appointments: Array<{ appointment: { id: number } }> }) => body.appointments.map((a) => a.appointment.id);

  it('sells a catalogue package to a client: sessions, price and expiry from the plan; inactive plans are not sold', async () => {
    const plan = await api(t, c.admin, 'POST', '/appointments/package-plans', {
      name: 'HBOT ten',
      therapy: 'hbot',
      sessions: 10,
      price_inr: 40000,
      validity_days: 90,
    });
    expect(plan.status).toBe(201);
    expect(plan.body).toEqual({
      id: plan.body.id,
      name: 'HBOT ten',
      therapy: 'hbot',
      sessions: 10,
      price_inr: 40000,
      validity_days: 90,
      active: true,
      shareable_in_family: false,
      freeze_allowance_days: 0,
    });
    // A priced sale makes its invoice (issue 35): billing is set up first.
    await setUpBilling(t, c.admin);
    expect((await api(t, c.reception, 'GET', '/appointments/package-plans')).body.map((p: { id: number }) => p.id)).toContain(plan.body.id);
    expect((await api(t, c.client, 'GET', '/appointments/package-plans')).status).toBe(403);
    expect((await api(t, c.reception, 'POST', '/appointments/package-plans', { name: 'x', therapy: 'iv', sessions: 1 })).status).toBe(403);

    const sold = await api(t, c.reception, 'POST', `/appointments/package-plans/${plan.body.id}/sell`, { client: c.client.id });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const today = localTime('Asia/Kolkata', Date.now()).date;
    expect(sold.body).toMatchObject({
      client: c.client.id,
      therapy: 'hbot',
      sessions_total: 10,
      sessions_used: 0,
      sessions_held: 0,
      sessions_left: 10,
      status: 'awaiting_payment',
      expires_on: null,
    });
    // Paid in full, its credits start: valid 90 days from the payment's date.
    const paid = await api(t, c.reception, 'POST', `/billing/documents/${sold.body.invoice.id}/payments`, {
      method: 'cash',
      amount_paise: sold.body.invoice.total_paise,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const active = (await api(t, c.reception, 'GET', `/appointments/packages?client=${c.client.id}`)).body.find((p: { id: number }) => p.id === sold.body.id);
    expect(active).toMatchObject({ status: 'active', expires_on: addDays(today, 89) });
    const row = await t.database.db.selectFrom('packages').select(['plan_id', 'price_inr']).where('id', '=', sold.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ plan_id: plan.body.id, price_inr: 40000 });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'client_id'])
      .where('actor_id', '=', c.reception.id)
      .where('action', '=', 'package.create')
      .execute();
    expect(audit).toContainEqual({ action: 'package.create', client_id: c.client.id });
    // The balance is the client's to see, and one session is held once booked from it.
    await book(at(addDays(c.monday, 7), '09:00'), c.hbot, c.nurse.id, { package: sold.body.id });
    const mine = await api(t, c.client, 'GET', `/appointments/packages?client=${c.client.id}`);
    expect(mine.body.find((p: { id: number }) => p.id === sold.body.id)).toMatchObject({ sessions_held: 1, sessions_left: 9 });

    expect((await api(t, c.reception, 'POST', `/appointments/package-plans/${plan.body.id}/sell`, { client: c.nurse.id })).body.errors).toEqual({
      client: ['No such client.'],
    });
    const off = await api(t, c.admin, 'PATCH', `/appointments/package-plans/${plan.body.id}`, { active: false });
    expect(off.body.active).toBe(false);
    const refused = await api(t, c.reception, 'POST', `/appointments/package-plans/${plan.body.id}/sell`, { client: c.client.id });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(BACKOFFICE_TEXTS.planInactive);
    expect((await api(t, c.reception, 'POST', '/appointments/package-plans/999999/sell', { client: c.client.id })).status).toBe(404);
  });

  it('keeps the video link template among the booking rules', async () => {
    const saved = await api(t, c.admin, 'PATCH', '/appointments/hours', {
      video_link_template: 'https://meet.example.org/thrive-{appointment}',
      min_notice_minutes: 60,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ video_link_template: 'https://meet.example.org/thrive-{appointment}', min_notice_minutes: 60 });
    expect((await api(t, c.reception, 'GET', '/appointments/hours')).body.video_link_template).toBe('https://meet.example.org/thrive-{appointment}');
    const bad = await api(t, c.admin, 'PATCH', '/appointments/hours', { video_link_template: 'http://insecure.example/{appointment}' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['video_link_template']);
  });

  it('previews what a service change would break, writing nothing', async () => {
    const day = addDays(c.monday, 14);
    const a = await book(at(day, '10:00'));
    const b = await book(at(day, '11:20'));
    const before = await t.database.db.selectFrom('services').selectAll().where('id', '=', c.iv).executeTakeFirstOrThrow();

    const price = await api(t, c.admin, 'POST', `/appointments/services/${c.iv}/impact`, { price_inr: 6500 });
    expect(price.body).toEqual({ total: 0, appointments: [] });

    const role = await api(t, c.admin, 'POST', `/appointments/services/${c.iv}/impact`, { delivered_by: ['DOCTOR'] });
    expect(role.status).toBe(200);
    expect(ids(role.body)).toEqual(expect.arrayContaining([a, b]));
    expect(role.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === a).reasons).toEqual([R.roleNotAllowed('NURSE')]);

    // 10:00-11:00 plus 10 minutes either side now holds 09:50-11:10; with 30 minutes after it
    // would reach 11:30 and overlap the 11:20 appointment (held from 11:10) of the same nurse.
    const buffers = await api(t, c.admin, 'POST', `/appointments/services/${c.iv}/impact`, { buffer_after_minutes: 30 });
    const first = buffers.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === a);
    expect(first.reasons).toEqual([R.buffersOverlap]);

    const longer = await api(t, c.admin, 'POST', `/appointments/services/${c.iv}/impact`, { duration_minutes: 90, active: false });
    expect(longer.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === b).reasons).toEqual([
      R.serviceWithdrawn,
      R.newDuration(90, 60),
    ]);

    const after = await t.database.db.selectFrom('services').selectAll().where('id', '=', c.iv).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await api(t, c.reception, 'POST', `/appointments/services/${c.iv}/impact`, { price_inr: 1 })).status).toBe(403);
    expect((await api(t, c.admin, 'POST', '/appointments/services/999999/impact', { price_inr: 1 })).status).toBe(404);
  });

  it('judges a longer service against the opening hours and the staff member’s hours, writing nothing', async () => {
    const day = addDays(c.monday, 35);
    // 18:30-19:30 holds 18:20-19:40; at 90 minutes it would hold until 20:10, past closing (20:00).
    const evening = await book(at(day, '18:30'));
    const morning = await book(at(day, '09:00'));
    const longer = await api(t, c.admin, 'POST', `/appointments/services/${c.iv}/impact`, { duration_minutes: 90 });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    const reasons = (id: number) => longer.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === id)?.reasons;
    expect(reasons(evening)).toEqual([R.newDuration(90, 60), R.outsideClinicHours, R.staffNotWorking]);
    expect(reasons(morning)).toEqual([R.newDuration(90, 60)]);
    // Wider buffers alone push the evening one past closing too.
    const buffers = await api(t, c.admin, 'POST', `/appointments/services/${c.iv}/impact`, { buffer_after_minutes: 40 });
    expect(buffers.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === evening)?.reasons).toEqual([
      R.outsideClinicHours,
      R.staffNotWorking,
    ]);
    expect(buffers.body.appointments.map((i: { appointment: { id: number } }) => i.appointment.id)).not.toContain(morning);
    expect((await api(t, c.admin, 'GET', `/appointments/appointments/${evening}`)).body).toMatchObject({ status: 'booked', end: expect.any(String) });
    expect((await api(t, c.admin, 'GET', '/appointments/services')).body.find((s: { id: number }) => s.id === c.iv)).toMatchObject({
      duration_minutes: 60,
      buffer_after_minutes: 10,
    });
  });

  it('previews what new hours, leave, holidays or opening times would break', async () => {
    const day = addDays(c.monday, 21);
    const a = await book(at(day, '10:00'));
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, starts: '14:00', ends: '20:00' }));
    const afternoons = await api(t, c.admin, 'POST', '/appointments/hours/impact', { staff_hours: [{ staff: c.nurse.id, weekly }] });
    expect(afternoons.status, JSON.stringify(afternoons.body)).toBe(200);
    expect(afternoons.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === a).reasons).toEqual([R.staffNotWorking]);
    // Another staff member's new hours leave this appointment alone.
    const other = await api(t, c.admin, 'POST', '/appointments/hours/impact', { staff_hours: [{ staff: c.nurse2, weekly }] });
    expect(ids(other.body)).not.toContain(a);

    const leave = await api(t, c.admin, 'POST', '/appointments/hours/impact', {
      add_exceptions: [{ staff: c.nurse.id, kind: 'leave', start: at(day, '08:00'), end: at(day, '13:00') }],
    });
    expect(leave.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === a).reasons).toEqual([R.staffOnLeave]);

    const holiday = await api(t, c.admin, 'POST', '/appointments/hours/impact', { holidays: [{ day, name: 'Diwali' }] });
    expect(holiday.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === a).reasons).toEqual([R.holiday]);

    const late = await api(t, c.admin, 'POST', '/appointments/hours/impact', {
      clinic_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '12:00', closes: '20:00' })),
    });
    expect(late.body.appointments.find((i: { appointment: { id: number } }) => i.appointment.id === a).reasons).toEqual([R.outsideClinicHours]);

    const rules = await api(t, c.admin, 'POST', '/appointments/hours/impact', { late_cancel_hours: 12 });
    expect(rules.body).toEqual({ total: 0, appointments: [] });
    // Nothing was saved by any preview.
    const hours = await api(t, c.admin, 'GET', '/appointments/hours');
    expect(hours.body.holidays.map((h: { day: string }) => h.day)).not.toContain(day);
    expect(hours.body.clinic_hours[0].opens).toBe('08:00');
  });

  it('cancels the impacted appointments as the clinic, gives package sessions back and tells each client', async () => {
    const day = addDays(c.monday, 28);
    const pkg = await api(t, c.reception, 'POST', '/appointments/packages', { client: c.client.id, therapy: 'iv', sessions_total: 3 });
    const a = await book(at(day, '10:00'), c.iv, c.nurse.id, { package: pkg.body.id });
    expect((await api(t, c.reception, 'POST', '/appointments/impacted/cancel', { appointments: [a], reason: 'Closed for maintenance' })).status).toBe(403);

    const res = await api(t, c.admin, 'POST', '/appointments/impacted/cancel', { appointments: [a], reason: 'Closed for maintenance' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.cancelled[0]).toMatchObject({ id: a, status: 'cancelled', cancelled_by: 'clinic', status_reason: 'Closed for maintenance' });
    const balance = (await api(t, c.reception, 'GET', `/appointments/packages?client=${c.client.id}`)).body.find((p: { id: number }) => p.id === pkg.body.id);
    expect(balance).toMatchObject({ sessions_used: 0, sessions_held: 0, sessions_left: 3 });
    const mail = await readOutbox(t.database.db, c.client.email, 5);
    expect(mail.find((m) => m.subject === BACKOFFICE_TEXTS.cancelledSubject)?.body).toContain(`cancelled by ${DEFAULT_CLINIC_NAME}: Closed for maintenance.`);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'client_id'])
      .where('actor_id', '=', c.admin.id)
      .where('action', '=', 'appointment.transition')
      .execute();
    expect(audit).toContainEqual({ action: 'appointment.transition', client_id: c.client.id });

    // Already cancelled: refused, nothing else changes.
    const again = await api(t, c.admin, 'POST', '/appointments/impacted/cancel', { appointments: [a], reason: 'Again' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ 'appointments.0': [BACKOFFICE_TEXTS.notCancellable] });
  });
});
