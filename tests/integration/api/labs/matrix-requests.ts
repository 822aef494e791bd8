// The labs rows of the authorization matrix (tests/support/authorization-matrix.ts): one request per
// row, run for every role by tests/integration/api/authorization-matrix.test.ts. "Own" is the
// client's own order for a CLIENT and the shared client's for staff. Orders are made the way the
// lab desk makes them (the front desk books, a nurse moves them along), each on its own slot.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';
import { addCatalogue, addPincode, type LabCatalogue, slotsFor } from './fixtures.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const setups = new WeakMap<TestApp, Promise<{ cat: LabCatalogue; pincode: string; slots: string[]; next: number }>>();

function setup(t: TestApp, s: Shared) {
  if (!setups.has(t)) {
    setups.set(
      t,
      (async () => {
        const cat = await addCatalogue(t, s.actors.SUPER_ADMIN);
        const pincode = await addPincode(t, s.actors.SUPER_ADMIN, 100);
        const slots = (await slotsFor(t, s.actors.SUPER_ADMIN, pincode, [cat.haemoglobin.id])).map((x) => x.start);
        return { cat, pincode, slots, next: 0 };
      })(),
    );
  }
  return setups.get(t)!;
}

const ownOrClient = (s: Shared, a: Actor) => (a.role === 'CLIENT' ? a.id : s.client);

/** A hold on the next free slot for `client`: the client's own when signed in, else the front desk's. */
async function holdFor(t: TestApp, s: Shared, a: Actor, client: number): Promise<number> {
  const lab = await setup(t, s);
  const start = lab.slots[lab.next++ % lab.slots.length];
  const self = a.role === 'CLIENT' && a.id === client;
  const res = await api(t, self ? a : s.actors.RECEPTION, 'POST', '/labs/slots', {
    ...(self ? {} : { client }),
    pincode: lab.pincode,
    start,
    items: [lab.cat.haemoglobin.id],
  });
  if (res.status !== 201) throw new Error(`fixture hold: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const orderBody = async (t: TestApp, s: Shared, hold: number) => ({
  hold,
  items: [(await setup(t, s)).cat.haemoglobin.id],
  people: [{ self: false, name: 'Ravi Iyer', age: 40, sex: 'M' }],
  address: '12 MG Road, Bengaluru',
});

/** A booked order of `client`, as far along the chart as `until`. */
export async function orderOf(
  t: TestApp,
  s: Shared,
  a: Actor,
  client: number,
  until: 'booked' | 'processing' | 'ready' = 'booked',
): Promise<{ id: number; person: number }> {
  const self = a.role === 'CLIENT' && a.id === client;
  const res = await api(t, self ? a : s.actors.RECEPTION, 'POST', '/labs/orders', await orderBody(t, s, await holdFor(t, s, a, client)));
  if (res.status !== 201) throw new Error(`fixture order: ${res.status} ${JSON.stringify(res.body)}`);
  const order = { id: res.body.id as number, person: res.body.people[0].id as number };
  if (until === 'booked') return order;
  const nurse = s.actors.NURSE;
  for (const to of ['collector_assigned', 'collected', 'processing'])
    await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to, collector: nurse.id });
  if (until === 'ready') {
    await api(t, nurse, 'POST', '/labs/results', { order: order.id, person: order.person, marker: (await setup(t, s)).cat.haemoglobin.marker, value: 14 });
    await api(t, nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to: 'ready' });
    await api(t, nurse, 'POST', `/labs/reports/${order.id}/pdf`, { file_name: 'report.pdf', content_base64: PDF.toString('base64') });
  }
  return order;
}

async function download(t: TestApp, a: Actor, id: number): Promise<ApiResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/labs/reports/${id}/pdf`, headers: { authorization: `Bearer ${a.accessToken}` } });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: json ? JSON.parse(res.body) : undefined, headers: res.headers };
}

const result = async (t: TestApp, s: Shared, a: Actor, client: number) => {
  const order = await orderOf(t, s, a, client, 'processing');
  return api(t, a, 'POST', '/labs/results', { order: order.id, person: order.person, marker: (await setup(t, s)).cat.haemoglobin.marker, value: 13.2 });
};

const attach = async (t: TestApp, s: Shared, a: Actor, client: number) =>
  api(t, a, 'POST', `/labs/reports/${(await orderOf(t, s, a, client, 'processing')).id}/pdf`, {
    file_name: 'report.pdf',
    content_base64: PDF.toString('base64'),
  });

let items = 0;
async function ownItem(t: TestApp, s: Shared): Promise<number> {
  items += 1;
  const res = await api(t, s.actors.SUPER_ADMIN, 'POST', '/labs/catalogue', {
    code: `EDIT-${items}-${Date.now().toString(36)}`.toUpperCase(),
    name: 'Vitamin D',
    kind: 'test',
    price_inr: 900,
    sample_type: 'Blood',
    report_hours: 24,
    markers: [{ code: 'VITD', name: '25-OH vitamin D', unit: 'ng/mL', ranges: [] }],
  });
  if (res.status !== 201) throw new Error(`fixture catalogue item: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export const labMatrixRequests: Record<string, Builder> = {
  'labs.catalogue.list': (t, _s, a) => api(t, a, 'GET', '/labs/catalogue'),
  'labs.catalogue.create': (t, _s, a) =>
    api(t, a, 'POST', '/labs/catalogue', {
      code: `VITD-${a.role}-${Date.now().toString(36)}`
        .toUpperCase()
        .replace(/[^A-Z0-9_-]/g, '')
        .slice(0, 40),
      name: 'Vitamin D',
      kind: 'test',
      price_inr: 900,
      sample_type: 'Blood',
      report_hours: 24,
      markers: [
        { code: 'VITD', name: '25-OH vitamin D', unit: 'ng/mL', ranges: [{ sex: null, age_min: 0, age_max: 120, low: 30, high: 100, critical_low: 10 }] },
      ],
    }),
  // Each edit on an item of its own, made by the super administrator.
  'labs.catalogue.update': async (t, s, a) => api(t, a, 'PATCH', `/labs/catalogue/${await ownItem(t, s)}`, { name: 'Vitamin D (25-OH)', price_inr: 950 }),
  'labs.catalogue.deactivate': async (t, s, a) => api(t, a, 'PATCH', `/labs/catalogue/${await ownItem(t, s)}`, { active: false }),
  'labs.pincodes.list': (t, _s, a) => api(t, a, 'GET', '/labs/pincodes'),
  'labs.pincodes.save': (t, _s, a) => api(t, a, 'POST', '/labs/pincodes', { pincode: '400050', area: 'Bandra West', slot_capacity: 4 }),
  'labs.slots.list': async (t, s, a) => api(t, a, 'GET', `/labs/slots?pincode=${(await setup(t, s)).pincode}`),
  'labs.slots.hold.own': async (t, s, a) => {
    const lab = await setup(t, s);
    return api(t, a, 'POST', '/labs/slots', { pincode: lab.pincode, start: lab.slots[lab.next++ % lab.slots.length], items: [lab.cat.haemoglobin.id] });
  },
  'labs.slots.hold.client': async (t, s, a) => {
    const lab = await setup(t, s);
    return api(t, a, 'POST', '/labs/slots', {
      client: s.client,
      pincode: lab.pincode,
      start: lab.slots[lab.next++ % lab.slots.length],
      items: [lab.cat.haemoglobin.id],
    });
  },
  'labs.orders.list.own': (t, s, a) => api(t, a, 'GET', `/labs/orders?client=${ownOrClient(s, a)}`),
  'labs.orders.list.client': (t, s, a) => api(t, a, 'GET', `/labs/orders?client=${s.client}`),
  'labs.orders.create.own': async (t, s, a) => api(t, a, 'POST', '/labs/orders', await orderBody(t, s, await holdFor(t, s, a, ownOrClient(s, a)))),
  'labs.orders.create.client': async (t, s, a) => api(t, a, 'POST', '/labs/orders', await orderBody(t, s, await holdFor(t, s, s.actors.RECEPTION, s.client))),
  'labs.orders.get.own': async (t, s, a) => api(t, a, 'GET', `/labs/orders/${(await orderOf(t, s, a, ownOrClient(s, a))).id}`),
  'labs.orders.get.client': async (t, s, a) => api(t, a, 'GET', `/labs/orders/${(await orderOf(t, s, a, s.client)).id}`),
  'labs.orders.reschedule.own': async (t, s, a) => {
    const client = ownOrClient(s, a);
    const order = await orderOf(t, s, a, client);
    return api(t, a, 'PATCH', `/labs/orders/${order.id}`, { hold: await holdFor(t, s, a, client) });
  },
  'labs.orders.reschedule.client': async (t, s, a) => {
    const order = await orderOf(t, s, a, s.client);
    return api(t, a, 'PATCH', `/labs/orders/${order.id}`, { hold: await holdFor(t, s, s.actors.RECEPTION, s.client) });
  },
  'labs.orders.cancel.own': async (t, s, a) =>
    api(t, a, 'POST', `/labs/orders/${(await orderOf(t, s, a, ownOrClient(s, a))).id}/transitions`, { to: 'cancelled' }),
  'labs.orders.cancel.client': async (t, s, a) => api(t, a, 'POST', `/labs/orders/${(await orderOf(t, s, a, s.client)).id}/transitions`, { to: 'cancelled' }),
  'labs.orders.assign.own': async (t, s, a) =>
    api(t, a, 'POST', `/labs/orders/${(await orderOf(t, s, a, ownOrClient(s, a))).id}/transitions`, { to: 'collector_assigned', collector: s.actors.NURSE.id }),
  'labs.results.list.own': (t, s, a) => api(t, a, 'GET', `/labs/results?client=${ownOrClient(s, a)}`),
  'labs.results.list.client': (t, s, a) => api(t, a, 'GET', `/labs/results?client=${s.client}`),
  'labs.results.enter.own': (t, s, a) => result(t, s, a, ownOrClient(s, a)),
  'labs.results.enter.client': (t, s, a) => result(t, s, a, s.client),
  'labs.pdf.attach.own': (t, s, a) => attach(t, s, a, ownOrClient(s, a)),
  'labs.pdf.attach.client': (t, s, a) => attach(t, s, a, s.client),
  'labs.pdf.download.own': async (t, s, a) => download(t, a, (await orderOf(t, s, a, ownOrClient(s, a), 'ready')).id),
  'labs.pdf.download.client': async (t, s, a) => download(t, a, (await orderOf(t, s, a, s.client, 'ready')).id),
};
