// The memberships rows of the authorization matrix (tests/support/authorization-matrix.ts): one
// request per row, run for every role by tests/integration/api/authorization-matrix.test.ts. "Own"
// is the client's own membership for a CLIENT and the shared client's for staff. Each write a role
// tries gets its own plan (a client holds one running membership of a plan), sold by RECEPTION and,
// where it must be running, paid.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { SETTINGS } from '../billing/fixtures.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

const ready = new WeakMap<TestApp, Promise<void>>();
let sequence = 0;

/** Billing set up once per test app (a sale issues an invoice). */
function setup(t: TestApp, s: Shared): Promise<void> {
  if (!ready.has(t))
    ready.set(
      t,
      (async () => {
        const res = await api(t, s.actors.ADMIN, 'PUT', '/billing/settings', SETTINGS);
        if (res.status !== 200) throw new Error(`fixture settings: ${res.status} ${JSON.stringify(res.body)}`);
      })(),
    );
  return ready.get(t)!;
}

const PLAN = { fee_paise: 150000, period: 'monthly', gst_rate_bp: 1800, benefits: [{ kind: 'discount', percent: 10 }] };

async function planFor(t: TestApp, s: Shared): Promise<number> {
  await setup(t, s);
  const res = await api(t, s.actors.ADMIN, 'POST', '/memberships/plans', { ...PLAN, name: `Matrix plan ${++sequence}` });
  if (res.status !== 201) throw new Error(`fixture plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A fresh membership of the client's, sold by RECEPTION; paid (active) unless `unpaid`. */
async function membershipFor(t: TestApp, s: Shared, client: number, unpaid = false): Promise<number> {
  const sold = await api(t, s.actors.RECEPTION, 'POST', '/memberships', { client, plan: await planFor(t, s) });
  if (sold.status !== 201) throw new Error(`fixture sale: ${sold.status} ${JSON.stringify(sold.body)}`);
  if (!unpaid) {
    const invoice = await api(t, s.actors.RECEPTION, 'GET', `/billing/documents/${sold.body.invoice}`);
    const paid = await api(t, s.actors.RECEPTION, 'POST', `/billing/documents/${sold.body.invoice}/payments`, {
      method: 'cash',
      amount_paise: invoice.body.issued.totals.totalPaise,
    });
    if (paid.status !== 201) throw new Error(`fixture payment: ${paid.status} ${JSON.stringify(paid.body)}`);
  }
  return sold.body.id;
}

const ownOrClient = (s: Shared, a: Actor) => (a.role === 'CLIENT' ? a.id : s.client);

export const membershipMatrixRequests: Record<string, Builder> = {
  'memberships.plans.list': (t, _s, a) => api(t, a, 'GET', '/memberships/plans'),
  'memberships.plans.create': async (t, s, a) => (await setup(t, s), api(t, a, 'POST', '/memberships/plans', { ...PLAN, name: `Matrix new ${++sequence}` })),
  'memberships.plans.patch': async (t, s, a) => api(t, a, 'PATCH', `/memberships/plans/${await planFor(t, s)}`, { fee_paise: 175000 }),
  'memberships.list.own': (t, s, a) => api(t, a, 'GET', `/memberships?client=${ownOrClient(s, a)}`),
  'memberships.list.client': (t, s, a) => api(t, a, 'GET', `/memberships?client=${s.client}`),
  'memberships.sell.client': async (t, s, a) => api(t, a, 'POST', '/memberships', { client: s.client, plan: await planFor(t, s) }),
  'memberships.cancel-renewal.own': async (t, s, a) => api(t, a, 'POST', `/memberships/${await membershipFor(t, s, ownOrClient(s, a))}/cancel-renewal`),
  'memberships.cancel-renewal.client': async (t, s, a) => api(t, a, 'POST', `/memberships/${await membershipFor(t, s, s.client)}/cancel-renewal`),
  'memberships.cancel.client': async (t, s, a) => api(t, a, 'POST', `/memberships/${await membershipFor(t, s, s.client, true)}/cancel`),
};
