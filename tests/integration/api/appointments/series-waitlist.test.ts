// Recurring series (all or nothing, or only the free ones; conflicts and alternatives per
// occurrence) and the waitlist (a cancellation offers the freed slot to matching clients through
// the mail transport; the first to accept books it, the others hear it is gone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { at, buildClinic, type Clinic } from './fixtures.ts';

describe.each(engines)('series and waitlist on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
  }, 180_000);
  afterAll(() => t.close());

  const count = async (table: 'appointments' | 'appointment_series') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const series = (body: Record<string, unknown>) =>
    api(t, c.reception, 'POST', '/appointments/series', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse.id,
      weekdays: [1, 3, 5],
      time: '10:00',
      count: 10,
      ...body,
    });

  it('books 10 HBOT sessions Mon/Wed/Fri 10:00 as one series', async () => {
    const res = await series({ first_date: c.monday });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.appointments).toHaveLength(10);
    expect(res.body.occurrences.every((o: { outcome: string }) => o.outcome === 'booked')).toBe(true);
    expect(new Set(res.body.appointments.map((a: { series: number }) => a.series))).toEqual(new Set([res.body.series]));
    expect(res.body.appointments[3].start).toBe(new Date(at(addDays(c.monday, 7), '10:00')).toISOString());
  });

  it('all or nothing: one occurrence in the way rolls the whole series back, with conflicts and alternatives', async () => {
    const first = addDays(c.monday, 28);
    const blocker = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.otherClient.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(addDays(first, 2), '10:30'),
    });
    expect(blocker.status).toBe(201);
    const appointments = await count('appointments');
    const seriesRows = await count('appointment_series');
    const res = await series({ first_date: first, count: 6 });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(T.seriesConflicts);
    const refused = res.body.occurrences.filter((o: { outcome: string }) => o.outcome !== 'free');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ outcome: 'conflict', detail: T.staffTaken, start: new Date(at(addDays(first, 2), '10:00')).toISOString() });
    expect(refused[0].conflicts).toEqual([{ kind: 'staff', id: c.nurse.id, start: blocker.body.occupied_from, end: blocker.body.occupied_to }]);
    expect(refused[0].alternatives.length).toBeGreaterThan(0);
    expect(res.body.conflicts).toEqual(refused[0].conflicts);
    expect(await count('appointments')).toBe(appointments);
    expect(await count('appointment_series')).toBe(seriesRows);

    const dry = await series({ first_date: first, count: 6, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.occurrences.map((o: { outcome: string }) => o.outcome)).toEqual(['free', 'conflict', 'free', 'free', 'free', 'free']);
    expect(await count('appointments')).toBe(appointments);

    const onlyFree = await series({ first_date: first, count: 6, only_free: true });
    expect(onlyFree.status, JSON.stringify(onlyFree.body)).toBe(201);
    expect(onlyFree.body.appointments).toHaveLength(5);
    expect(await count('appointments')).toBe(appointments + 5);
  });

  it('an occurrence outside opening hours is unavailable, and the series writes nothing', async () => {
    const before = await count('appointments');
    const res = await series({ first_date: addDays(c.monday, 56), time: '19:30', count: 2 });
    expect(res.status).toBe(409);
    expect(res.body.occurrences.map((o: { outcome: string; detail: string }) => [o.outcome, o.detail])).toEqual([
      ['unavailable', `Invalid start: ${T.outsideHours}`],
      ['unavailable', `Invalid start: ${T.outsideHours}`],
    ]);
    expect(await count('appointments')).toBe(before);
  });

  it('offers a cancelled slot to matching waiting clients; the first to accept books it, the other is told', async () => {
    const day = addDays(c.monday, 70);
    const early: Actor = await addUser(t, 'CLIENT');
    const late: Actor = await addUser(t, 'CLIENT');
    const evenings: Actor = await addUser(t, 'CLIENT');
    for (const [who, body] of [
      [early, { weekdays: [1], earliest: '09:00', latest: '12:00' }],
      [late, { weekdays: [1, 2], channel: 'sms' }],
      [evenings, { weekdays: [1], earliest: '17:00', latest: '20:00' }],
    ] as const) {
      const res = await api(t, who, 'POST', '/appointments/waitlist', { client: who.id, service: c.hbot, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await t.database.db.updateTable('users').set({ phone_number: '+919800000001' }).where('id', '=', late.id).execute();
    const booked = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse.id,
      start: at(day, '10:00'),
    });
    const cancelled = await api(t, c.reception, 'POST', `/appointments/appointments/${booked.body.id}/transitions`, {
      to: 'cancelled',
      reason: 'Client unwell',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.appointment).toMatchObject({ status: 'cancelled', cancelled_by: 'clinic', late_cancellation: false });

    const offers = await t.database.db
      .selectFrom('waitlist_offers as o')
      .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
      .select(['o.id', 'e.client_id'])
      .where('o.freed_appointment_id', '=', booked.body.id)
      .orderBy('o.id')
      .execute();
    expect(offers.map((o) => o.client_id)).toEqual([early.id, late.id]);
    const outbox = await t.database.db
      .selectFrom('mail_outbox')
      .select(['channel', 'recipient', 'body'])
      .where('subject', '=', MESSAGES.offerSubject)
      .execute();
    expect(outbox.map((m) => [m.channel, m.recipient])).toEqual(
      expect.arrayContaining([
        ['email', early.email],
        ['sms', '+919800000001'],
      ]),
    );

    // Both accept at the same moment: exactly one gets the slot.
    const [a, b] = await Promise.all([
      api(t, early, 'POST', `/appointments/waitlist/offers/${offers[0].id}/accept`),
      api(t, late, 'POST', `/appointments/waitlist/offers/${offers[1].id}/accept`),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = a.status === 201 ? a : b;
    const loser = a.status === 201 ? b : a;
    expect(winner.body).toMatchObject({ status: 'booked', start: booked.body.start, staff: c.nurse.id });
    expect(loser.body.detail).toBe(T.offerGone);
    const winnerEntry = await api(t, a.status === 201 ? early : late, 'GET', '/appointments/waitlist');
    expect(winnerEntry.body[0]).toMatchObject({ status: 'booked', offers: [expect.objectContaining({ status: 'accepted', appointment: winner.body.id })] });
    const loserEntry = await api(t, a.status === 201 ? late : early, 'GET', '/appointments/waitlist');
    expect(loserEntry.body[0]).toMatchObject({ status: 'waiting', offers: [expect.objectContaining({ status: 'gone' })] });
    // A second try by the loser hears the same.
    const again = await api(
      t,
      a.status === 201 ? late : early,
      'POST',
      `/appointments/waitlist/offers/${a.status === 201 ? offers[1].id : offers[0].id}/accept`,
    );
    expect(again.status).toBe(409);
    // Another client's offer is not theirs to see.
    const stranger = await api(t, c.client, 'POST', `/appointments/waitlist/offers/${offers[0].id}/accept`);
    expect(stranger.status).toBe(404);
  });
});
