// Availability over HTTP: the 15-minute grid, buffers, pools, opening hours, holidays, leave,
// minimum notice for clients, the 31-day limit, and clinics in Asia/Kolkata and New York.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { addDays, localTime } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { api } from '../support.ts';
import { addResource, addService, at, buildClinic, type Clinic } from './fixtures.ts';

describe.each(engines)('availability on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
  }, 180_000);
  afterAll(() => t.close());

  const slots = async (query: string, actor = c.reception) => {
    const res = await api(t, actor, 'GET', `/appointments/availability?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.slots as Array<{ start: string; end: string; staff: number[]; resources: Record<string, number[]> }>;
  };
  const clock = (iso: string, zone = 'Asia/Kolkata') => {
    const m = localTime(zone, Date.parse(iso)).minutes;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };

  it('lists 15-minute starts inside opening hours, the buffers included', async () => {
    const day = c.monday;
    const list = await slots(`service=${c.iv}&date_from=${day}&date_to=${day}`);
    // IV: 10 min before, 60 min, 10 min after, inside 08:00-20:00: first 08:15, last 18:45.
    expect(clock(list[0].start)).toBe('08:15');
    expect(clock(list[list.length - 1].start)).toBe('18:45');
    expect(list).toHaveLength(43);
    expect(list[0].resources).toEqual({ iv_chair: c.chairs });
  });

  it('drops starts where the staff member or the pool is taken', async () => {
    const day = addDays(c.monday, 1);
    const booked = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.iv,
      staff: c.nurse.id,
      start: at(day, '10:00'),
    });
    expect(booked.status).toBe(201);
    // The one chair is held 09:50-11:10: no IV start whose held time touches it, whoever delivers.
    const list = await slots(`service=${c.iv}&date_from=${day}&date_to=${day}`);
    const starts = list.map((s) => clock(s.start));
    // A start s holds [s-10, s+70]: the last before is 08:30, the first after 11:30.
    expect(starts.slice(0, 3)).toEqual(['08:15', '08:30', '11:30']);
    // HBOT needs a chamber, not the chair: the nurse is busy then, but the doctor and nurse2 are free.
    const hbot = await slots(`service=${c.hbot}&date_from=${day}&date_to=${day}`);
    const ten = hbot.find((s) => clock(s.start) === '10:00')!;
    expect(ten.staff.sort()).toEqual([c.doctor.id, c.nurse2].sort());
    const withNurse = await slots(`service=${c.hbot}&date_from=${day}&date_to=${day}&staff=${c.nurse.id}`);
    expect(withNurse.map((s) => clock(s.start))).not.toContain('10:00');
  });

  it('honours holidays and leave; a chosen resource narrows its pool', async () => {
    const day = addDays(c.monday, 2);
    await api(t, c.admin, 'PATCH', '/appointments/hours', { holidays: [{ day, name: 'Holi' }] });
    expect(await slots(`service=${c.hbot}&date_from=${day}&date_to=${day}`)).toEqual([]);
    await api(t, c.admin, 'PATCH', '/appointments/hours', { holidays: [] });
    const hours = await api(t, c.admin, 'PATCH', '/appointments/hours', {
      add_exceptions: [{ staff: c.doctor.id, kind: 'leave', start: at(day, '08:00'), end: at(day, '20:00') }],
    });
    expect(hours.body.staff_exceptions).toHaveLength(1);
    const consult = await slots(`service=${c.consult}&date_from=${day}&date_to=${day}`);
    expect(consult).toEqual([]);
    await api(t, c.admin, 'PATCH', '/appointments/hours', { remove_exceptions: [hours.body.staff_exceptions[0].id] });
    const chamber = await slots(`service=${c.hbot}&date_from=${day}&date_to=${day}&resource=${c.chambers[1]}`);
    expect(chamber[0].resources).toEqual({ hbot_chamber: [c.chambers[1]] });
  });

  it('gives clients online-bookable services only, with the minimum notice', async () => {
    const today = localTime('Asia/Kolkata', Date.now()).date;
    const mine = await slots(`service=${c.hbot}&date_from=${today}&date_to=${addDays(today, 1)}`, c.client);
    for (const s of mine) expect(Date.parse(s.start)).toBeGreaterThanOrEqual(Date.now() + 120 * 60_000 - 5_000);
    const hidden = await api(t, c.client, 'GET', `/appointments/availability?service=${c.iv}&date_from=${today}&date_to=${today}`);
    expect(hidden.status).toBe(404);
  });

  it('refuses more than 31 days, a backwards range and an unknown service with the field', async () => {
    const long = await api(t, c.reception, 'GET', `/appointments/availability?service=${c.iv}&date_from=${c.monday}&date_to=${addDays(c.monday, 31)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors.date_to).toEqual([T.rangeTooLong(31)]);
    const month = await api(t, c.reception, 'GET', `/appointments/availability?service=${c.iv}&date_from=${c.monday}&date_to=${addDays(c.monday, 30)}`);
    expect(month.status).toBe(200);
    const back = await api(t, c.reception, 'GET', `/appointments/availability?service=${c.iv}&date_from=${c.monday}&date_to=${addDays(c.monday, -1)}`);
    expect(back.body.errors.date_to).toEqual([T.rangeBackwards]);
    const unknown = await api(t, c.reception, 'GET', `/appointments/availability?service=999999&date_from=${c.monday}&date_to=${c.monday}`);
    expect(unknown.body.errors.service).toEqual([T.noService]);
  });

  it('a clinic in New York keeps its wall-clock hours across the spring daylight-saving change', async () => {
    await api(t, c.admin, 'PATCH', '/appointments/hours', { time_zone: 'America/New_York', slot_minutes: 30 });
    try {
      await addResource(t, c.admin, 'NY room', 'ny_room');
      const service = await addService(t, c.admin, {
        name: 'NY consult',
        therapy: 'consultation',
        duration_minutes: 60,
        resources_needed: [{ kind: 'ny_room', units: 1 }],
        delivered_by: ['DOCTOR'],
      });
      // Next year's second Sunday of March: 02:00 EST becomes 03:00 EDT.
      const year = new Date().getUTCFullYear() + 1;
      let sunday = `${year}-03-08`;
      while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
      const saturday = addDays(sunday, -1);
      const list = await slots(`service=${service}&date_from=${saturday}&date_to=${sunday}`);
      const byDay = (d: string) => list.filter((s) => localTime('America/New_York', Date.parse(s.start)).date === d);
      const sat = byDay(saturday);
      const sun = byDay(sunday);
      expect(sat.map((s) => clock(s.start, 'America/New_York'))).toEqual(sun.map((s) => clock(s.start, 'America/New_York')));
      expect(clock(sat[0].start, 'America/New_York')).toBe('08:00');
      expect(sat[0].start).toBe(`${saturday}T13:00:00.000Z`);
      expect(sun[0].start).toBe(`${sunday}T12:00:00.000Z`);
      // Booking with an offset-carrying time lands on that instant; the stored time is UTC.
      const booked = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service, start: `${sunday}T09:00:00-04:00` });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(booked.body.start).toBe(`${sunday}T13:00:00.000Z`);
      const early = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service, start: `${sunday}T07:30:00-04:00` });
      expect(early.body.errors.start).toEqual([T.outsideHours]);
    } finally {
      await api(t, c.admin, 'PATCH', '/appointments/hours', { time_zone: 'Asia/Kolkata', slot_minutes: 15 });
    }
  });

  it('refuses a time zone the server does not know', async () => {
    const res = await api(t, c.admin, 'PATCH', '/appointments/hours', { time_zone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body.errors.time_zone).toEqual([T.badZone]);
  });
});
