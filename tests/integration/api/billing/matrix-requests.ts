// The billing rows of the authorization matrix (tests/support/authorization-matrix.ts): one request
// per row, run for every role by tests/integration/api/authorization-matrix.test.ts. "Own" is the
// client's own document for a CLIENT and the shared client's for staff; a write each role tries
// gets its own fresh draft, issued document or product, made by RECEPTION and ADMIN.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';
import { SETTINGS } from './fixtures.ts';
import { localTime } from '../../../../machines/appointments/scheduling-rules.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

const setups = new WeakMap<TestApp, Promise<{ service: number }>>();

/** The tax settings saved and a service to set tax data on, once per test app. */
function setup(t: TestApp, s: Shared) {
  if (!setups.has(t)) {
    setups.set(
      t,
      (async () => {
        const res = await api(t, s.actors.ADMIN, 'PUT', '/billing/settings', SETTINGS);
        if (res.status !== 200) throw new Error(`fixture settings: ${res.status} ${JSON.stringify(res.body)}`);
        const { id } = await t.database.db
          .insertInto('services')
          .values({ name: 'Matrix facial', therapy: 'matrix_facial', duration_minutes: 30, delivered_by: ['NURSE'], price_inr: 1000 })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { service: id };
      })(),
    );
  }
  return setups.get(t)!;
}

const ownOrClient = (s: Shared, a: Actor) => (a.role === 'CLIENT' ? a.id : s.client);
const LINE = { description: 'Hydrafacial', code: '999722', unit_price_paise: 100000, gst_rate_bp: 1800 };

async function draftFor(t: TestApp, s: Shared, client: number): Promise<number> {
  await setup(t, s);
  const res = await api(t, s.actors.RECEPTION, 'POST', '/billing/documents', { from: 'manual', client, lines: [LINE] });
  if (res.status !== 201) throw new Error(`fixture draft: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function issuedFor(t: TestApp, s: Shared, client: number): Promise<number> {
  const id = await draftFor(t, s, client);
  const res = await api(t, s.actors.RECEPTION, 'POST', `/billing/documents/${id}/issue`);
  if (res.status !== 200) throw new Error(`fixture issue: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** A fresh advance (a receipt voucher) of the client's, taken by RECEPTION. */
async function advanceFor(t: TestApp, s: Shared, client: number): Promise<number> {
  await setup(t, s);
  const res = await api(t, s.actors.RECEPTION, 'POST', '/billing/advances', { client, amount_paise: 50000, method: 'cash' });
  if (res.status !== 201) throw new Error(`fixture advance: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function productFor(t: TestApp, s: Shared): Promise<number> {
  await setup(t, s);
  const res = await api(t, s.actors.ADMIN, 'POST', '/billing/products', {
    name: 'Omega 3',
    code: '2106',
    unit_price_paise: 59900,
    gst_rate_bp: 1800,
    exempt: false,
  });
  if (res.status !== 201) throw new Error(`fixture product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

let tills = 0;

/** A fresh till, added by ADMIN: each role's count or close acts on a day of its own. */
async function tillFor(t: TestApp, s: Shared, counted = false): Promise<number> {
  await setup(t, s);
  const res = await api(t, s.actors.ADMIN, 'POST', '/billing/tills', { name: `Matrix till ${++tills} ${Date.now()}` });
  if (res.status !== 201) throw new Error(`fixture till: ${res.status} ${JSON.stringify(res.body)}`);
  if (counted) {
    const count = await api(t, s.actors.ADMIN, 'POST', `/billing/tills/${res.body.id}/days/${today()}/count`, { counted_cash_paise: 0 });
    if (count.status !== 200) throw new Error(`fixture count: ${count.status} ${JSON.stringify(count.body)}`);
  }
  return res.body.id;
}

const today = () => localTime('Asia/Kolkata', Date.now()).date;

/** A request whose success is not JSON (a PDF): its refusals still are. */
async function raw(t: TestApp, a: Actor, method: 'GET' | 'POST', url: string): Promise<ApiResponse> {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${a.accessToken}` } });
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: json ? JSON.parse(res.body) : undefined, headers: res.headers };
}

export const billingMatrixRequests: Record<string, Builder> = {
  'billing.pdf.own': async (t, s, a) => raw(t, a, 'GET', `/billing/documents/${await issuedFor(t, s, ownOrClient(s, a))}/pdf`),
  'billing.pdf.client': async (t, s, a) => raw(t, a, 'GET', `/billing/documents/${await issuedFor(t, s, s.client)}/pdf`),
  'billing.email.client': async (t, s, a) => api(t, a, 'POST', `/billing/documents/${await issuedFor(t, s, s.client)}/email`),
  'billing.payment-link.own': async (t, s, a) => api(t, a, 'POST', `/billing/documents/${await issuedFor(t, s, ownOrClient(s, a))}/payment-link`),
  'billing.payment-link.client': async (t, s, a) => api(t, a, 'POST', `/billing/documents/${await issuedFor(t, s, s.client)}/payment-link`),
  'billing.payment-flags.list': (t, _s, a) => api(t, a, 'GET', '/billing/payment-flags'),
  'billing.gstr1.export': async (t, s, a) => (await setup(t, s), api(t, a, 'GET', '/billing/returns/gstr1?period=2026-10')),
  'billing.reports.read': (t, _s, a) => api(t, a, 'GET', '/billing/reports/outstanding?from=2026-04-01&to=2027-03-31'),
  'billing.reports.csv': (t, _s, a) => raw(t, a, 'GET', '/billing/reports/sales-by-day?from=2026-04-01&to=2027-03-31&format=csv'),
  'billing.webhook.unsigned': (t) => api(t, null, 'POST', '/billing/payments/razorpay/webhook', { entity: 'event', event: 'payment_link.paid', payload: {} }),
  'billing.settings.get': (t, _s, a) => api(t, a, 'GET', '/billing/settings'),
  'billing.settings.put': (t, _s, a) => api(t, a, 'PUT', '/billing/settings', SETTINGS),
  'billing.item-tax.list': async (t, s, a) => (await setup(t, s), api(t, a, 'GET', '/billing/item-tax')),
  'billing.item-tax.put': async (t, s, a) =>
    api(t, a, 'PUT', '/billing/item-tax', { item_kind: 'service', item_id: (await setup(t, s)).service, code: '999722', gst_rate_bp: 500, exempt: false }),
  'billing.products.list': (t, _s, a) => api(t, a, 'GET', '/billing/products'),
  'billing.products.create': async (t, s, a) => (
    await setup(t, s),
    api(t, a, 'POST', '/billing/products', { name: 'Ashwagandha', code: '1211', unit_price_paise: 45000, gst_rate_bp: 500, exempt: false })
  ),
  'billing.products.patch': async (t, s, a) => api(t, a, 'PATCH', `/billing/products/${await productFor(t, s)}`, { unit_price_paise: 64900 }),
  'billing.products.delete': async (t, s, a) => api(t, a, 'DELETE', `/billing/products/${await productFor(t, s)}`),
  'billing.documents.list.own': (t, s, a) => api(t, a, 'GET', `/billing/documents?client=${ownOrClient(s, a)}`),
  'billing.documents.list.client': (t, s, a) => api(t, a, 'GET', `/billing/documents?client=${s.client}`),
  'billing.documents.create.client': async (t, s, a) => (
    await setup(t, s),
    api(t, a, 'POST', '/billing/documents', { from: 'manual', client: s.client, lines: [LINE] })
  ),
  'billing.documents.get.own': async (t, s, a) => api(t, a, 'GET', `/billing/documents/${await issuedFor(t, s, ownOrClient(s, a))}`),
  'billing.documents.get.client': async (t, s, a) => api(t, a, 'GET', `/billing/documents/${await issuedFor(t, s, s.client)}`),
  'billing.documents.patch.client': async (t, s, a) => api(t, a, 'PATCH', `/billing/documents/${await draftFor(t, s, s.client)}`, { note: 'Paid at the desk' }),
  'billing.documents.delete.client': async (t, s, a) => api(t, a, 'DELETE', `/billing/documents/${await draftFor(t, s, s.client)}`),
  'billing.documents.issue.client': async (t, s, a) => api(t, a, 'POST', `/billing/documents/${await draftFor(t, s, s.client)}/issue`),
  'billing.credit-notes.create.client': async (t, s, a) =>
    api(t, a, 'POST', `/billing/documents/${await issuedFor(t, s, s.client)}/credit-notes`, { reason: 'Charged twice' }),
  'billing.payments.create.client': async (t, s, a) =>
    api(t, a, 'POST', `/billing/documents/${await issuedFor(t, s, s.client)}/payments`, { method: 'cash', amount_paise: 50000, tendered_paise: 50000 }),
  'billing.upi.own': async (t, s, a) => api(t, a, 'GET', `/billing/documents/${await issuedFor(t, s, ownOrClient(s, a))}/upi`),
  'billing.upi.client': async (t, s, a) => api(t, a, 'GET', `/billing/documents/${await issuedFor(t, s, s.client)}/upi`),
  'billing.advances.list.own': (t, s, a) => api(t, a, 'GET', `/billing/advances?client=${ownOrClient(s, a)}`),
  'billing.advances.list.client': (t, s, a) => api(t, a, 'GET', `/billing/advances?client=${s.client}`),
  'billing.advances.create.client': async (t, s, a) => (
    await setup(t, s),
    api(t, a, 'POST', '/billing/advances', { client: s.client, amount_paise: 500000, method: 'card', reference: 'TID-1' })
  ),
  'billing.advances.refund.client': async (t, s, a) =>
    api(t, a, 'POST', `/billing/advances/${await advanceFor(t, s, s.client)}/refunds`, { amount_paise: 10000, method: 'cash', reason: 'Not needed' }),
  'billing.balance.own': (t, s, a) => api(t, a, 'GET', `/billing/balance?client=${ownOrClient(s, a)}`),
  'billing.balance.client': (t, s, a) => api(t, a, 'GET', `/billing/balance?client=${s.client}`),
  // The day's close (issue 35).
  'billing.tills.list': (t, _s, a) => api(t, a, 'GET', '/billing/tills'),
  'billing.tills.create': (t, _s, a) => api(t, a, 'POST', '/billing/tills', { name: `Till of ${a.role} ${Date.now()}` }),
  'billing.tills.rename': async (t, s, a) => api(t, a, 'PATCH', `/billing/tills/${await tillFor(t, s)}`, { name: `Renamed by ${a.role} ${Date.now()}` }),
  'billing.till-day.get': async (t, s, a) => api(t, a, 'GET', `/billing/tills/${await tillFor(t, s)}/days/${today()}`),
  'billing.till-day.count': async (t, s, a) => api(t, a, 'POST', `/billing/tills/${await tillFor(t, s)}/days/${today()}/count`, { counted_cash_paise: 0 }),
  'billing.till-day.close': async (t, s, a) => api(t, a, 'POST', `/billing/tills/${await tillFor(t, s, true)}/days/${today()}/close`),
};
