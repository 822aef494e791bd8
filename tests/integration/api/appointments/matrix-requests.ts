// The scheduling rows of the authorization matrix (tests/support/authorization-matrix.ts): one
// request per row, run for every role by tests/integration/api/authorization-matrix.test.ts.
// Each request books its own appointment at a fresh time, so rows never collide.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, addTarget, api } from '../support.ts';
import { addService, halfHourAhead, setHours, staffMember } from './fixtures.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

interface Fixtures {
  service: number;
  /** A service only NURSE delivers. */
  nursing: number;
  nurse: number;
  slot: number;
  due: number;
}

const fixtures = new WeakMap<TestApp, Promise<Fixtures>>();

function setUp(t: TestApp, s: Shared): Promise<Fixtures> {
  let f = fixtures.get(t);
  if (!f) {
    f = (async () => {
      const admin = s.actors.ADMIN;
      const nurse = await staffMember(t, 'NURSE');
      const staff = Object.values(s.actors)
        .filter((a) => a.role !== 'CLIENT')
        .map((a) => a.id);
      await setHours(t, admin, [nurse, ...staff]);
      const service = await addService(t, admin, {
        name: 'Matrix session',
        therapy: 'consultation',
        duration_minutes: 20,
        delivered_by: ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN'],
        bookable_online: true,
      });
      const nursing = await addService(t, admin, { name: 'Matrix nursing', therapy: 'consultation', duration_minutes: 20, delivered_by: ['NURSE'] });
      // Check-in opens a day ahead here, so appointments moved to "soon" (dueSoon) may be checked in.
      const wide = await api(t, admin, 'PATCH', '/appointments/hours', { check_in_window_hours: 24 });
      if (wide.status !== 200) throw new Error(`check-in window: ${wide.status} ${JSON.stringify(wide.body)}`);
      return { service, nursing, nurse, slot: 0, due: 0 };
    })();
    fixtures.set(t, f);
  }
  return f;
}

/** A fresh start time: half-hour steps through 08:00-19:30, day after day, from a month ahead (never late). */
const MATRIX_DAYS_AHEAD = 30;
const nextStart = (f: Fixtures): string => halfHourAhead(MATRIX_DAYS_AHEAD, f.slot++);
const AVAILABILITY_FROM = halfHourAhead(MATRIX_DAYS_AHEAD, 0).slice(0, 10);
const AVAILABILITY_TO = halfHourAhead(MATRIX_DAYS_AHEAD + 6, 0).slice(0, 10);

/** An appointment booked by the front desk (as the admin): for `client`, delivered by `staff`. */
async function appointmentFor(t: TestApp, s: Shared, client: number, staff?: number, service?: number): Promise<number> {
  const f = await setUp(t, s);
  const res = await api(t, s.actors.ADMIN, 'POST', '/appointments/appointments', {
    client,
    service: service ?? f.service,
    staff: staff ?? f.nurse,
    start: nextStart(f),
  });
  if (res.status !== 201) throw new Error(`fixture appointment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The appointment moved to start soon (20-minute steps from 10 minutes ahead), inside the check-in window. */
async function dueSoon(t: TestApp, s: Shared, id: number): Promise<number> {
  const f = await setUp(t, s);
  const start = new Date(Date.now() + (10 + 20 * f.due++) * 60_000);
  const end = new Date(start.getTime() + 20 * 60_000);
  await t.database.db
    .updateTable('appointments')
    .set({ starts_at: start, ends_at: end, occupied_from: start, occupied_to: end })
    .where('id', '=', id)
    .execute();
  return id;
}

const ownOrClient = (s: Shared, a: Actor) => (a.role === 'CLIENT' ? a.id : s.client);

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

export const appointmentMatrixRequests: Record<string, Builder> = {
  'appointments.services.list': (t, _s, a) => api(t, a, 'GET', '/appointments/services'),
  'appointments.services.create': (t, _s, a) =>
    api(t, a, 'POST', '/appointments/services', { name: 'PEMF mat', therapy: 'pet', duration_minutes: 30, delivered_by: ['NURSE'] }),
  'appointments.services.patch': async (t, s, a) => api(t, a, 'PATCH', `/appointments/services/${(await setUp(t, s)).service}`, { price_inr: 1500 }),
  'appointments.resources.list': (t, _s, a) => api(t, a, 'GET', '/appointments/resources'),
  'appointments.resources.create': (t, _s, a) => api(t, a, 'POST', '/appointments/resources', { name: 'Mat 9', kind: 'pemf_mat' }),
  'appointments.resources.patch': async (t, s, a) => {
    const created = await api(t, s.actors.ADMIN, 'POST', '/appointments/resources', { name: 'Panel 9', kind: 'red_light_panel' });
    return api(t, a, 'PATCH', `/appointments/resources/${created.body.id}`, { name: 'Panel 9 (left)' });
  },
  'appointments.hours.get': (t, _s, a) => api(t, a, 'GET', '/appointments/hours'),
  'appointments.hours.patch': (t, _s, a) => api(t, a, 'PATCH', '/appointments/hours', { late_cancel_hours: 24 }),
  'appointments.list.own': (t, s, a) => api(t, a, 'GET', `/appointments/appointments?client=${ownOrClient(s, a)}`),
  'appointments.list.client': (t, s, a) => api(t, a, 'GET', `/appointments/appointments?client=${s.client}`),
  'appointments.get.own': async (t, s, a) => api(t, a, 'GET', `/appointments/appointments/${await appointmentFor(t, s, ownOrClient(s, a))}`),
  'appointments.get.client': async (t, s, a) => api(t, a, 'GET', `/appointments/appointments/${await appointmentFor(t, s, s.client)}`),
  'appointments.create.own': async (t, s, a) => {
    const f = await setUp(t, s);
    return api(t, a, 'POST', '/appointments/appointments', { client: ownOrClient(s, a), service: f.service, staff: f.nurse, start: nextStart(f) });
  },
  'appointments.create.client': async (t, s, a) => {
    const f = await setUp(t, s);
    return api(t, a, 'POST', '/appointments/appointments', { client: s.client, service: f.service, staff: f.nurse, start: nextStart(f) });
  },
  'appointments.cancel.own': async (t, s, a) =>
    api(t, a, 'POST', `/appointments/appointments/${await appointmentFor(t, s, ownOrClient(s, a))}/transitions`, { to: 'cancelled', reason: 'Travelling' }),
  'appointments.cancel.client': async (t, s, a) =>
    api(t, a, 'POST', `/appointments/appointments/${await appointmentFor(t, s, s.client)}/transitions`, { to: 'cancelled', reason: 'Clinic closed' }),
  'appointments.check-in.delivering': async (t, s, a) => {
    const staff = a.role === 'CLIENT' ? undefined : a.id;
    const id = await dueSoon(t, s, await appointmentFor(t, s, ownOrClient(s, a), staff));
    return api(t, a, 'POST', `/appointments/appointments/${id}/transitions`, { to: 'checked_in' });
  },
  'appointments.check-in.other-staff': async (t, s, a) => {
    const f = await setUp(t, s);
    const id = await dueSoon(t, s, await appointmentFor(t, s, s.client, f.nurse, f.nursing));
    return api(t, a, 'POST', `/appointments/appointments/${id}/transitions`, { to: 'checked_in' });
  },
  'appointments.availability': async (t, s, a) =>
    api(t, a, 'GET', `/appointments/availability?service=${(await setUp(t, s)).service}&date_from=${AVAILABILITY_FROM}&date_to=${AVAILABILITY_TO}`),
  'appointments.series.create': async (t, s, a) => {
    const f = await setUp(t, s);
    const start = nextStart(f);
    f.slot += 24 * 3;
    return api(t, a, 'POST', '/appointments/series', {
      client: s.client,
      service: f.service,
      staff: f.nurse,
      first_date: start.slice(0, 10),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      time: start.slice(11, 16),
      count: 3,
    });
  },
  'appointments.waitlist.list.own': (t, s, a) => api(t, a, 'GET', `/appointments/waitlist?client=${ownOrClient(s, a)}`),
  'appointments.waitlist.list.client': (t, s, a) => api(t, a, 'GET', `/appointments/waitlist?client=${s.client}`),
  'appointments.waitlist.create.own': async (t, s, a) =>
    api(t, a, 'POST', '/appointments/waitlist', { client: ownOrClient(s, a), service: (await setUp(t, s)).service }),
  'appointments.waitlist.accept.client': async (t, s, a) => {
    // Another client's offer: they wait, someone cancels, the slot is offered to them.
    const f = await setUp(t, s);
    const waiting = (await addTarget(t, 'CLIENT')).id;
    await api(t, s.actors.ADMIN, 'POST', '/appointments/waitlist', { client: waiting, service: f.service });
    const freed = await appointmentFor(t, s, s.client);
    await api(t, s.actors.ADMIN, 'POST', `/appointments/appointments/${freed}/transitions`, { to: 'cancelled', reason: 'Unwell' });
    const offer = await t.database.db
      .selectFrom('waitlist_offers as o')
      .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
      .select('o.id')
      .where('o.freed_appointment_id', '=', freed)
      .where('e.client_id', '=', waiting)
      .executeTakeFirstOrThrow();
    return api(t, a, 'POST', `/appointments/waitlist/offers/${offer.id}/accept`);
  },
  'appointments.packages.list.own': (t, s, a) => api(t, a, 'GET', `/appointments/packages?client=${ownOrClient(s, a)}`),
  'appointments.packages.list.client': (t, s, a) => api(t, a, 'GET', `/appointments/packages?client=${s.client}`),
  'appointments.booking-rules': (t, _s, a) => api(t, a, 'GET', '/appointments/booking-rules'),
  'appointments.visit.own': async (t, s, a) => api(t, a, 'GET', `/appointments/appointments/${await appointmentFor(t, s, ownOrClient(s, a))}/visit`),
  'appointments.visit.client': async (t, s, a) => api(t, a, 'GET', `/appointments/appointments/${await appointmentFor(t, s, s.client)}/visit`),
  'appointments.packages.create': (t, s, a) => api(t, a, 'POST', '/appointments/packages', { client: s.client, therapy: 'hbot', sessions_total: 10 }),
};
