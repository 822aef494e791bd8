// The server enforces the appointment chart: every (from, to) pair of statuses is tried,
// generated from machines/appointments/appointment-lifecycle.ts (with the appointment's own
// facts: its start is ahead, so no_show is refused too). A step of the chart is accepted;
// anything else answers 409 {detail} and leaves the appointment, its history and the audit
// trail as they were.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppointmentStatus, appointmentLifecycle, checkInWindow, RELEASED_STATUSES } from '../../../../machines/appointments/appointment-lifecycle.ts';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addService, at, setHours, staffMember, upcomingMonday } from './fixtures.ts';
import { wordsInSentence } from '../../../../machines/rules/words.ts';

const statuses = statusesOf(appointmentLifecycle) as AppointmentStatus[];
const pairs = statuses.flatMap((from) => statuses.filter((to) => to !== from).map((to) => ({ from, to })));

describe.each(engines)('the appointment lifecycle on %s', (engine) => {
  let t: TestApp;
  let reception: Actor;
  let client: number;
  let service: number;
  const first = upcomingMonday('Asia/Kolkata', 3);
  beforeAll(async () => {
    t = await buildTestApp(engine);
    const admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    client = (await addUser(t, 'CLIENT')).id;
    const nurse = await staffMember(t, 'NURSE');
    await setHours(t, admin, [nurse]);
    service = await addService(t, admin, { name: 'Red light', therapy: 'red_light', duration_minutes: 20, delivered_by: ['NURSE'] });
  }, 180_000);
  afterAll(() => t.close());

  const counts = async (id: number) => {
    const { rows } = await sql<{ audit: number; history: number }>`
      select (select count(*)::int from audit_events where action = 'appointment.transition' and client_id = ${client}) as audit,
             (select count(*)::int from appointment_status_history where appointment_id = ${id}) as history`.execute(t.database.db);
    return rows[0];
  };

  it('has both legal and illegal pairs to try', () => {
    const start = at(first, '10:00');
    const legal = pairs.filter((p) => stepTo(appointmentLifecycle, p.from, p.to, { context: { startsAt: start, now: new Date().toISOString() } }));
    expect(legal.length).toBeGreaterThan(5);
    expect(pairs.length - legal.length).toBeGreaterThan(40);
  });

  it.each(pairs.map((p, i) => ({ ...p, i })))('$from -> $to', async ({ from, to, i }) => {
    const day = addDays(first, i);
    const start = at(day, '10:00');
    const created = await api(t, reception, 'POST', '/appointments/appointments', { client, service, start });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    // Put the appointment in `from` as if it had got there (released statuses let go of their time).
    await t.database.db.updateTable('appointments').set({ status: from }).where('id', '=', id).execute();
    if (RELEASED_STATUSES.includes(from))
      await t.database.db.updateTable('appointment_resources').set({ holding: false }).where('appointment_id', '=', id).execute();
    const facts = { startsAt: created.body.start, now: new Date().toISOString() };
    // Days ahead, check-in is not open yet (the clinic's window, 2 hours by default): the chart
    // with the window is what the server enforces; without it, the steps the window alone refuses.
    const window = checkInWindow(created.body.start, 2, (instant) => instant + 86_400_000);
    const legal = stepTo(appointmentLifecycle, from, to, { context: { ...facts, ...window } }) !== null;
    const refusedByWindowOnly = !legal && stepTo(appointmentLifecycle, from, to, { context: facts }) !== null;
    const before = await counts(id);
    const res = await api(t, reception, 'POST', `/appointments/appointments/${id}/transitions`, {
      to,
      reason: 'Lifecycle test',
      ...(to === 'rescheduled' ? { start: at(day, '15:00') } : {}),
    });
    const stored = await t.database.db.selectFrom('appointments').select(['status', 'status_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    if (legal) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.appointment.status).toBe(to);
      expect(stored.status).toBe(to);
      expect(await counts(id)).toEqual({ audit: before.audit + 1, history: before.history + 1 });
      if (to === 'rescheduled') {
        expect(res.body.replacement).toMatchObject({ status: 'booked', rescheduled_from: id, start: new Date(at(day, '15:00')).toISOString() });
        expect(res.body.appointment.rescheduled_to).toBe(res.body.replacement.id);
      }
    } else if (refusedByWindowOnly) {
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/^Too early to check in: check-in opens 2 hours before the start, at /);
      expect(stored).toEqual({ status: from, status_reason: '' });
      expect(await counts(id)).toEqual(before);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(`This appointment cannot go from ${wordsInSentence(from)} to ${wordsInSentence(to)}.`);
      expect(stored).toEqual({ status: from, status_reason: '' });
      expect(await counts(id)).toEqual(before);
    }
  });
});
