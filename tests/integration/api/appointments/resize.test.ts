// Resizing an appointment on the calendar (issue 16) is a reschedule with a new end: the
// replacement keeps the start and takes the new length; the conflict check runs on the longer
// time and a 409 names what is in the way, writing nothing; an end without a reschedule, or from
// a client, is refused (400 naming `end`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { api } from '../support.ts';
import { at, buildClinic, type Clinic } from './fixtures.ts';

describe.each(engines)('resizing an appointment on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
  }, 180_000);
  afterAll(() => t.close());

  const book = async (start: string, client = c.client.id) => {
    const res = await api(t, c.reception, 'POST', '/appointments/appointments', { client, service: c.iv, staff: c.nurse.id, start });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; start: string; end: string };
  };
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('appointments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes the new length from the same start', async () => {
    const day = addDays(c.monday, 1);
    const a = await book(at(day, '10:00'));
    const res = await api(t, c.reception, 'POST', `/appointments/appointments/${a.id}/transitions`, {
      to: 'rescheduled',
      start: at(day, '10:00'),
      end: at(day, '11:30'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Date.parse(res.body.replacement.start)).toBe(Date.parse(at(day, '10:00')));
    expect(Date.parse(res.body.replacement.end)).toBe(Date.parse(at(day, '11:30')));
    expect(res.body.appointment).toMatchObject({ status: 'rescheduled', rescheduled_to: res.body.replacement.id });
  });

  it('refuses a longer time that runs into another appointment (409 naming it), saving nothing', async () => {
    const day = addDays(c.monday, 2);
    const a = await book(at(day, '10:00'));
    // The only chair is held from 11:20 (11:30 less its 10-minute buffer) by another client.
    await book(at(day, '11:30'), c.otherClient.id);
    const before = await count();
    const res = await api(t, c.reception, 'POST', `/appointments/appointments/${a.id}/transitions`, {
      to: 'rescheduled',
      start: at(day, '10:00'),
      end: at(day, '11:30'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.conflicts.length).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    expect((await api(t, c.reception, 'GET', `/appointments/appointments/${a.id}`)).body).toMatchObject({ status: 'booked', end: a.end });
  });

  it('refuses an end without a reschedule or from a client, naming end', async () => {
    const day = addDays(c.monday, 3);
    const a = await book(at(day, '10:00'));
    const confirm = await api(t, c.reception, 'POST', `/appointments/appointments/${a.id}/transitions`, { to: 'confirmed', end: at(day, '11:30') });
    expect(confirm.status).toBe(400);
    expect(confirm.body.errors).toEqual({ end: [T.endOnlyWithReschedule] });
    const mine = await api(t, c.client, 'POST', `/appointments/appointments/${a.id}/transitions`, {
      to: 'rescheduled',
      start: at(day, '12:00'),
      end: at(day, '14:00'),
    });
    expect(mine.status).toBe(400);
    expect(mine.body.errors).toEqual({ end: [T.clientNoLength] });
    expect((await api(t, c.reception, 'GET', `/appointments/appointments/${a.id}`)).body.status).toBe('booked');
  });
});
