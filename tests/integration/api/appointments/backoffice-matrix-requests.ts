// The scheduling back office's rows of the authorization matrix (tests/support/authorization-matrix.ts):
// one request per row, run for every role by tests/integration/api/authorization-matrix.test.ts.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';
import { addService, halfHourAhead, setHours, staffMember } from './fixtures.ts';
import { SETTINGS } from '../billing/fixtures.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

interface Fixtures {
  service: number;
  nurse: number;
  plan: number;
  slot: number;
  /** An online-bookable service, for bookings clients make themselves. */
  online: number;
}

const fixtures = new WeakMap<TestApp, Promise<Fixtures>>();

function setUp(t: TestApp, s: Shared): Promise<Fixtures> {
  let f = fixtures.get(t);
  if (!f) {
    f = (async () => {
      const admin = s.actors.ADMIN;
      const nurse = await staffMember(t, 'NURSE');
      await setHours(t, admin, [nurse]);
      const service = await addService(t, admin, {
        name: 'Back office matrix session',
        therapy: 'consultation',
        duration_minutes: 20,
        delivered_by: ['NURSE'],
      });
      const plan = await api(t, admin, 'POST', '/appointments/package-plans', {
        name: 'Matrix pack',
        therapy: 'consultation',
        sessions: 5,
        price_inr: 5000,
        validity_days: 90,
      });
      if (plan.status !== 201) throw new Error(`fixture plan: ${plan.status} ${JSON.stringify(plan.body)}`);
      // A priced sale makes its invoice (issue 35): billing is set up.
      const settings = await api(t, admin, 'PUT', '/billing/settings', SETTINGS);
      if (settings.status !== 200) throw new Error(`fixture settings: ${settings.status} ${JSON.stringify(settings.body)}`);
      const online = await addService(t, admin, {
        name: 'Back office matrix online session',
        therapy: 'consultation',
        duration_minutes: 20,
        delivered_by: ['NURSE'],
        bookable_online: true,
      });
      return { service, nurse, plan: plan.body.id, slot: 0, online };
    })();
    fixtures.set(t, f);
  }
  return f;
}

/** A booked appointment for `client` at a fresh half-hour of a day months ahead. */
async function bookedFor(t: TestApp, s: Shared, client: number): Promise<number> {
  const f = await setUp(t, s);
  // From 200 days ahead: clear of the other matrices' bookings, inside the booking horizon.
  const start = halfHourAhead(200, f.slot++);
  const res = await api(t, s.actors.ADMIN, 'POST', '/appointments/appointments', { client, service: f.service, staff: f.nurse, start });
  if (res.status !== 201) throw new Error(`fixture appointment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A booking the client made themself in the portal (an online-bookable service). */
async function bookedOnline(t: TestApp, s: Shared): Promise<number> {
  const f = await setUp(t, s);
  // From 200 days ahead: clear of the other matrices' bookings, inside the booking horizon.
  const start = halfHourAhead(200, f.slot++);
  const client = s.actors.CLIENT;
  const res = await api(t, client, 'POST', '/appointments/appointments', { client: client.id, service: f.online, staff: f.nurse, start });
  if (res.status !== 201) throw new Error(`fixture portal booking: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

export const backofficeMatrixRequests: Record<string, Builder> = {
  'appointments.package-plans.list': (t, _s, a) => api(t, a, 'GET', '/appointments/package-plans'),
  'appointments.package-plans.create': (t, _s, a) =>
    api(t, a, 'POST', '/appointments/package-plans', { name: 'IV ten', therapy: 'iv', sessions: 10, price_inr: 40000 }),
  'appointments.package-plans.patch': async (t, s, a) => api(t, a, 'PATCH', `/appointments/package-plans/${(await setUp(t, s)).plan}`, { price_inr: 5500 }),
  'appointments.package-plans.sell': async (t, s, a) => api(t, a, 'POST', `/appointments/package-plans/${(await setUp(t, s)).plan}/sell`, { client: s.client }),
  'appointments.package-catalogue.list': (t, _s, a) => api(t, a, 'GET', '/appointments/package-catalogue'),
  'appointments.services.impact': async (t, s, a) =>
    api(t, a, 'POST', `/appointments/services/${(await setUp(t, s)).service}/impact`, { duration_minutes: 30 }),
  'appointments.hours.impact': async (t, s, a) => {
    const f = await setUp(t, s);
    return api(t, a, 'POST', '/appointments/hours/impact', { staff_hours: [{ staff: f.nurse, weekly: [{ weekday: 1, starts: '09:00', ends: '12:00' }] }] });
  },
  'appointments.impacted.cancel': async (t, s, a) =>
    api(t, a, 'POST', '/appointments/impacted/cancel', { appointments: [await bookedFor(t, s, s.client)], reason: 'The clinic is closed that day.' }),
  'appointments.portal-bookings.list': (t, _s, a) => api(t, a, 'GET', '/appointments/portal-bookings'),
  'appointments.portal-bookings.seen': async (t, s, a) => api(t, a, 'POST', '/appointments/portal-bookings/seen', { appointments: [await bookedOnline(t, s)] }),
};
