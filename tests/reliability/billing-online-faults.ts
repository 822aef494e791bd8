// Online payments' part of the kill -9 test (tests/reliability/faults.test.ts), issue 34: the
// server runs with PAYMENTS_PROVIDER=razorpay against the Razorpay stand-in; an invoice is issued
// and a payment link opened for each, each link is paid on the stand-in, and Razorpay's signed
// webhooks for all of them arrive at once; SIGKILL in the middle, restart on the same data. Every
// webhook answered 200 `recorded` has its payment on its invoice; then every webhook is delivered
// again (as Razorpay retries what it got no 2xx for, and sometimes what it did): afterwards every
// invoice holds exactly one online payment of its link's amount and is paid, none twice.
import type { ServerProcess } from '../support/server-process.ts';
import type { Delivery, RazorpayStandIn } from '../support/razorpay-stand-in.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { clientToken } from './portal-seen-faults.ts';
import { SETTINGS } from '../integration/api/billing/fixtures.ts';

const INVOICES = 150;
const LINE = { description: 'Hydrafacial', code: '999722', unit_price_paise: 100000, gst_rate_bp: 1800 };

function post(baseUrl: string, delivery: Delivery): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-razorpay-event-id': delivery.eventId };
  if (delivery.signature) headers['x-razorpay-signature'] = delivery.signature;
  return fetch(`${baseUrl}/api/v1/billing/payments/razorpay/webhook`, { method: 'POST', headers, body: delivery.body }).then(async (res) => ({
    status: res.status,
    body: await res.json(),
  }));
}

export async function killDuringWebhooks(options: {
  standIn: RazorpayStandIn;
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  const { standIn } = options;
  let server = await options.start();
  const root = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const email = `online.desk.${stamp}@test.clinic`;
  ok(await call(server.baseUrl, root, 'POST', '/users/users', { email, first_name: 'Online', last_name: 'Desk', role: 'ADMIN' }), 'admin');
  const desk = await clientToken(server.baseUrl, email);
  ok(await call(server.baseUrl, desk, 'PUT', '/billing/settings', SETTINGS), 'settings');
  const client = ok(
    await call(server.baseUrl, root, 'POST', '/users/users', {
      email: `online.client.${stamp}@test.clinic`,
      first_name: 'Online',
      last_name: 'Client',
      role: 'CLIENT',
    }),
    'client',
  ).id;

  // Invoices, a link each, each paid on the stand-in; the webhooks are held back to be sent at once.
  standIn.webhookUrl = null;
  standIn.webhookSink = null;
  const invoices: { id: number; amount: number; delivery: Delivery }[] = [];
  for (let i = 0; i < INVOICES; i++) {
    const draft = ok(await call(server.baseUrl, desk, 'POST', '/billing/documents', { from: 'manual', client, lines: [LINE] }), 'draft').id as number;
    ok(await call(server.baseUrl, desk, 'POST', `/billing/documents/${draft}/issue`), 'issue');
    const link = ok(await call(server.baseUrl, desk, 'POST', `/billing/documents/${draft}/payment-link`), 'link');
    const paid = await standIn.pay(link.link_id, { orderPaid: false });
    invoices.push({ id: draft, amount: link.amount_paise, delivery: paid.deliveries[0] });
  }

  const recorded = new Set<number>();
  const target = server;
  await killMidWrites(
    target,
    INVOICES,
    (i) => post(target.baseUrl, invoices[i].delivery),
    (i, body) => {
      if (body?.outcome === 'recorded') recorded.add(invoices[i].id);
    },
  );
  server = await options.start();
  let reader = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  for (const id of recorded) {
    const doc = ok(await call(server.baseUrl, reader, 'GET', `/billing/documents/${id}`), 'read');
    if (!doc.payments.some((p: { method: string }) => p.method === 'online')) lost += 1;
  }
  // Razorpay delivers again until it gets a 2xx: every event once more, all at once.
  const again = await Promise.all(invoices.map((inv) => post(server.baseUrl, inv.delivery)));
  if (again.some((res) => res.status !== 200)) broken += 1;
  reader = await options.token(server.baseUrl);
  for (const inv of invoices) {
    const doc = ok(await call(server.baseUrl, reader, 'GET', `/billing/documents/${inv.id}`), 'read');
    const online = doc.payments.filter((p: { method: string }) => p.method === 'online');
    if (online.length !== 1 || online[0].amount_paise !== inv.amount || doc.status !== 'paid') broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: recorded.size, lost, broken };
}
