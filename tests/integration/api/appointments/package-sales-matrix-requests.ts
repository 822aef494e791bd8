// Packages sold through billing (issue 35): their rows of the authorization matrix
// (tests/support/authorization-matrix.ts), one request per row, run for every role by
// tests/integration/api/authorization-matrix.test.ts. Each request that changes a package gets a
// package of its own, so one role's answer never depends on another's.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { SETTINGS } from '../billing/fixtures.ts';
import { type Actor, type ApiResponse, addTarget, api } from '../support.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

interface Fixtures {
  /** A ₹0 plan with a freeze allowance: its packages are active at once. */
  free: number;
  /** A priced plan: its packages await payment on an issued invoice. */
  priced: number;
  /** A client in no family, to link to the shared client's. */
  relative: number;
}

const fixtures = new WeakMap<TestApp, Promise<Fixtures>>();

function setUp(t: TestApp, s: Shared): Promise<Fixtures> {
  let f = fixtures.get(t);
  if (!f) {
    f = (async () => {
      const admin = s.actors.ADMIN;
      const settings = await api(t, admin, 'PUT', '/billing/settings', SETTINGS);
      if (settings.status !== 200) throw new Error(`fixture settings: ${settings.status} ${JSON.stringify(settings.body)}`);
      const plan = async (body: Record<string, unknown>) => {
        const res = await api(t, admin, 'POST', '/appointments/package-plans', { therapy: 'consultation', sessions: 4, validity_days: 30, ...body });
        if (res.status !== 201) throw new Error(`fixture plan: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.id as number;
      };
      const relative = await addTarget(t, 'CLIENT');
      return {
        free: await plan({ name: 'Matrix free pack', price_inr: 0, freeze_allowance_days: 30 }),
        priced: await plan({ name: 'Matrix priced pack', price_inr: 2000 }),
        relative: relative.id,
      };
    })();
    fixtures.set(t, f);
  }
  return f;
}

/** A fresh package of `plan` sold to the shared client by ADMIN. */
async function soldPackage(t: TestApp, s: Shared, which: 'free' | 'priced'): Promise<number> {
  const f = await setUp(t, s);
  const res = await api(t, s.actors.ADMIN, 'POST', `/appointments/package-plans/${f[which]}/sell`, { client: s.client });
  if (res.status !== 201) throw new Error(`fixture sale: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

export const packageSaleMatrixRequests: Record<string, Builder> = {
  'appointments.package-plans.buy': async (t, s, a) => api(t, a, 'POST', `/appointments/package-plans/${(await setUp(t, s)).priced}/buy`),
  'appointments.packages.freeze': async (t, s, a) => api(t, a, 'POST', `/appointments/packages/${await soldPackage(t, s, 'free')}/freeze`, { days: 2 }),
  'appointments.packages.unfreeze': async (t, s, a) => {
    const pkg = await soldPackage(t, s, 'free');
    const frozen = await api(t, s.actors.ADMIN, 'POST', `/appointments/packages/${pkg}/freeze`, { days: 2 });
    if (frozen.status !== 200) throw new Error(`fixture freeze: ${frozen.status} ${JSON.stringify(frozen.body)}`);
    return api(t, a, 'POST', `/appointments/packages/${pkg}/unfreeze`);
  },
  'appointments.packages.transfer': async (t, s, a) =>
    api(t, a, 'POST', `/appointments/packages/${await soldPackage(t, s, 'free')}/transfer`, { to: (await setUp(t, s)).relative, reason: 'A gift' }),
  'appointments.packages.refund': async (t, s, a) =>
    api(t, a, 'POST', `/appointments/packages/${await soldPackage(t, s, 'priced')}/refund`, { reason: 'Changed plans', method: 'cash' }),
  'appointments.families.get': async (t, s, a) => api(t, a, 'GET', `/appointments/families/${s.client}`),
  'appointments.families.link': async (t, s, a) => api(t, a, 'PUT', `/appointments/families/${(await setUp(t, s)).relative}`, { with: s.client }),
  'appointments.families.unlink': async (t, s, a) => api(t, a, 'DELETE', `/appointments/families/${(await setUp(t, s)).relative}`),
};
