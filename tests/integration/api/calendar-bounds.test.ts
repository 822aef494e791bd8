// Dates at the edge of the calendar (issue 42). Every date and date-time the API accepts is a real
// calendar day inside the contract's window (x-date-window, 1900-2100): a client asking for
// availability on 9999-12-31 or booking in year 9999 hung the process until it ran out of memory,
// a series starting in 9999 spun forever, 9999-12-31T23:59:59Z gave a 500, 2027-02-30 was moved to
// 2 March, and years 0001-0099 came back 2,000 years later. Each is now a 400 naming the field,
// answered at once, for every date field of every operation; a booking also starts no further
// ahead than the clinic's booking horizon (a scheduling setting, two years unless set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_TEXTS } from '../../../machines/rules/calendar-dates.ts';
import { addDays, localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { SCHEDULING_TEXTS as T } from '../../../server/api/appointments/texts.ts';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { at, buildClinic, type Clinic } from './appointments/fixtures.ts';
import { type Actor, addUser, api, contract } from './support.ts';
import { AT_BOUNDS, dateFields, REFUSED, setAt } from '../../reliability/calendar-edges.ts';

type Schema = Record<string, any>;

const REFUSED_DATES = REFUSED.date;
const REFUSED_DATE_TIMES = REFUSED['date-time'];

describe.each(engines)('dates at the edge of the calendar on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  let superAdmin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
    superAdmin = await addUser(t, 'SUPER_ADMIN');
  }, 180_000);
  afterAll(() => t.close());

  const today = () => localTime('Asia/Kolkata', Date.now()).date;
  const expectRefused = (res: { status: number; body: any }, field: string, reason: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors?.[field], JSON.stringify(res.body)).toContain(reason);
  };

  it('a client asking for availability in year 9999, or on impossible days, hears 400 at once', async () => {
    const started = performance.now();
    for (const [from, to, field, reason] of [
      ['9999-12-31', '9999-12-31', 'date_from', DATE_TEXTS.outsideWindow],
      ['9999-12-01', '9999-12-31', 'date_from', DATE_TEXTS.outsideWindow],
      [today(), '9999-12-31', 'date_to', DATE_TEXTS.outsideWindow],
      ['0001-01-01', '0001-01-31', 'date_from', DATE_TEXTS.outsideWindow],
      ['2027-02-30', '2027-03-02', 'date_from', DATE_TEXTS.notADate],
      ['2026-13-01', '2026-13-02', 'date_from', DATE_TEXTS.notADate],
      ['2026-00-10', '2026-00-11', 'date_from', DATE_TEXTS.notADate],
    ]) {
      for (const actor of [c.client, c.reception]) {
        const res = await api(t, actor, 'GET', `/appointments/availability?service=${c.hbot}&date_from=${from}&date_to=${to}`);
        expectRefused(res, field, reason);
      }
    }
    // The contract's last day passes the contract and stops at the clinic's booking horizon.
    const last = await api(t, c.client, 'GET', `/appointments/availability?service=${c.hbot}&date_from=2100-12-31&date_to=2100-12-31`);
    expectRefused(last, 'date_from', T.beyondHorizon(730));
    // A range whose length is only known as day numbers: 1900 to 2100 is too long, never walked.
    const long = await api(t, c.reception, 'GET', `/appointments/availability?service=${c.hbot}&date_from=1900-01-01&date_to=2100-12-31`);
    expectRefused(long, 'date_to', T.rangeTooLong(31));
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('a booking, a move and a series in year 9999 (or in 0001-0099) are 400 naming the field', async () => {
    for (const [start, reason] of REFUSED_DATE_TIMES) {
      const booked = await api(t, c.client, 'POST', '/appointments/appointments', { client: c.client.id, service: c.hbot, start });
      expectRefused(booked, 'start', reason);
      const staff = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service: c.hbot, staff: c.nurse.id, start });
      expectRefused(staff, 'start', reason);
    }
    for (const [first_date, reason] of REFUSED_DATES) {
      const series = await api(t, c.reception, 'POST', '/appointments/series', {
        client: c.client.id,
        service: c.hbot,
        staff: c.nurse.id,
        first_date,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        time: '10:00',
        count: 52,
      });
      expectRefused(series, 'first_date', reason);
    }
    const appointments = await t.database.db.selectFrom('appointments').select('id').execute();
    expect(appointments).toEqual([]);
    // A real appointment cannot be moved to the end of the calendar either.
    const day = addDays(c.monday, 1);
    const booked = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse.id,
      start: at(day, '10:00'),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const moved = await api(t, c.reception, 'POST', `/appointments/appointments/${booked.body.id}/transitions`, {
      to: 'rescheduled',
      start: '9999-12-31T23:59:59Z',
    });
    expectRefused(moved, 'start', DATE_TEXTS.outsideWindow);
    const after = await api(t, c.reception, 'GET', `/appointments/appointments/${booked.body.id}`);
    expect(after.body.start).toBe(booked.body.start);
  });

  it('bookings open only as far ahead as the clinic says: two years unless set, editable in the booking rules', async () => {
    const hours = await api(t, c.admin, 'GET', '/appointments/hours');
    expect(hours.body.booking_horizon_days).toBe(730);
    const beyond = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse.id,
      start: at(addDays(today(), 732), '10:00'),
    });
    expectRefused(beyond, 'start', T.beyondHorizon(730));

    for (const bad of [0, 3661, -1, 1.5]) {
      const refused = await api(t, c.admin, 'PATCH', '/appointments/hours', { booking_horizon_days: bad });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(['booking_horizon_days']);
    }
    const set = await api(t, c.admin, 'PATCH', '/appointments/hours', { booking_horizon_days: 30 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.booking_horizon_days).toBe(30);
    try {
      // The consultation is bookable online without a package.
      const late = await api(t, c.client, 'POST', '/appointments/appointments', {
        client: c.client.id,
        service: c.consult,
        start: at(addDays(today(), 40), '10:00'),
      });
      expectRefused(late, 'start', T.beyondHorizon(30));
      const series = await api(t, c.reception, 'POST', '/appointments/series', {
        client: c.client.id,
        service: c.hbot,
        first_date: addDays(today(), 31),
        weekdays: [1],
        time: '10:00',
        count: 2,
      });
      expectRefused(series, 'first_date', T.beyondHorizon(30));
      const inside = await api(t, c.client, 'POST', '/appointments/appointments', {
        client: c.client.id,
        service: c.consult,
        start: at(addDays(today(), 20), '10:00'),
      });
      expect(inside.status, JSON.stringify(inside.body)).toBe(201);
      // A range running past the horizon stops there; one starting past it is refused.
      const clipped = await api(
        t,
        c.client,
        'GET',
        `/appointments/availability?service=${c.hbot}&date_from=${addDays(today(), 25)}&date_to=${addDays(today(), 35)}`,
      );
      expect(clipped.status).toBe(200);
      const lastDay = addDays(today(), 30);
      expect(clipped.body.slots.length).toBeGreaterThan(0);
      for (const s of clipped.body.slots) expect(localTime('Asia/Kolkata', Date.parse(s.start)).date <= lastDay).toBe(true);
      const past = await api(
        t,
        c.client,
        'GET',
        `/appointments/availability?service=${c.hbot}&date_from=${addDays(today(), 31)}&date_to=${addDays(today(), 35)}`,
      );
      expectRefused(past, 'date_from', T.beyondHorizon(30));
    } finally {
      await api(t, c.admin, 'PATCH', '/appointments/hours', { booking_horizon_days: 730 });
    }
  });

  it('every date and date-time field of every operation: outside 1900-2100 or impossible is 400 naming it; the bounds pass', async () => {
    let fields = 0;
    const problems: string[] = [];
    for (const op of contract.operations()) {
      const schema = contract.routeSchema(op.operationId) as Schema;
      const url = `/api/v1${op.path.replace(/\{\w+\}/g, '1')}`;
      for (const [where, part] of [
        ['query', schema.querystring],
        ['body', schema.body],
      ] as const) {
        for (const field of dateFields(part)) {
          fields += 1;
          const name = field.path.join('.');
          const send = async (value: string) => {
            const res =
              where === 'query'
                ? await t.app.inject({
                    method: op.method.toUpperCase() as 'GET',
                    url: `${url}?${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
                    headers: { authorization: `Bearer ${superAdmin.accessToken}` },
                  })
                : await t.app.inject({
                    method: op.method.toUpperCase() as 'POST',
                    url,
                    headers: { authorization: `Bearer ${superAdmin.accessToken}` },
                    payload: setAt(undefined, field.path, value) as object,
                  });
            return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
          };
          const refused = REFUSED[field.format];
          for (const [value, reason] of refused) {
            const res = await send(value);
            if (res.status !== 400 || !res.body?.errors?.[name]?.includes(reason))
              problems.push(`${op.operationId} ${name}=${value}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          }
          for (const value of AT_BOUNDS[field.format]) {
            const res = await send(value);
            // The field's own rules may still refuse it (a birth date in the future); the calendar does not.
            const calendarRefusal = (res.body?.errors?.[name] ?? []).some((r: string) => (Object.values(DATE_TEXTS) as string[]).includes(r));
            if (res.status >= 500 || calendarRefusal)
              problems.push(`${op.operationId} ${name}=${value} (in the window): ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          }
        }
      }
    }
    // Availability, series, bookings, moves, hours, enrollments, prospects, measurements, labs, visits...
    expect(fields).toBeGreaterThan(30);
    expect(problems.slice(0, 10)).toEqual([]);
  }, 120_000);
});
