// Memberships' part of the kill -9 test (tests/reliability/faults.test.ts), issue 35: sales at
// once, SIGKILL, restart: every acknowledged sale is there awaiting payment with its issued
// invoice, no membership without an invoice or invoice without a membership, and the invoice
// series is 1..n. Then each invoice paid in full at once, SIGKILL, restart: every acknowledged
// payment started its membership (active, its period set), none started without being paid.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { signInAgain } from './home-view-faults.ts';
import { clientToken } from './portal-seen-faults.ts';
import { SETTINGS } from '../integration/api/billing/fixtures.ts';

const PLANS = 6;
const CLIENTS = 20;

export async function killDuringMembershipSales(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  const root = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const email = `member.admin.${stamp}@test.clinic`;
  ok(await call(server.baseUrl, root, 'POST', '/users/users', { email, first_name: 'Member', last_name: 'Admin', role: 'ADMIN' }), 'admin');
  let desk = await clientToken(server.baseUrl, email);
  ok(await call(server.baseUrl, desk, 'PUT', '/billing/settings', SETTINGS), 'settings');
  const clients: number[] = [];
  for (let i = 0; i < CLIENTS; i++)
    clients.push(
      ok(
        await call(server.baseUrl, root, 'POST', '/users/users', {
          email: `member.${i}.${stamp}@test.clinic`,
          first_name: 'Member',
          last_name: `Client${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const plans: number[] = [];
  for (let i = 0; i < PLANS; i++)
    plans.push(
      ok(
        await call(server.baseUrl, desk, 'POST', '/memberships/plans', {
          name: `Fault membership ${i} ${stamp}`,
          fee_paise: 100000 + i,
          period: i % 2 ? 'yearly' : 'monthly',
          gst_rate_bp: 1800,
          benefits: [{ kind: 'discount', percent: 10 }],
        }),
        'plan',
      ).id,
    );
  const sales = plans.flatMap((plan) => clients.map((client) => ({ plan, client })));

  // Round 1: sales.
  const sold = new Map<number, { client: number; plan: number; invoice: number }>();
  let target = server;
  await killMidWrites(
    target,
    sales.length,
    (i) => call(target.baseUrl, desk, 'POST', '/memberships', sales[i]),
    (i, body) => sold.set(body.id, { ...sales[i], invoice: body.invoice }),
  );
  server = await options.start();
  desk = await signInAgain(server.baseUrl, email);
  let lost = 0;
  let broken = 0;
  const stored = new Map<number, any>();
  for (const client of clients) for (const m of ok(await call(server.baseUrl, desk, 'GET', `/memberships?client=${client}`), 'list')) stored.set(m.id, m);
  for (const [id, sale] of sold) {
    const m = stored.get(id);
    if (!m) lost += 1;
    else if (m.client !== sale.client || m.plan !== sale.plan || m.invoice !== sale.invoice || m.status !== 'awaiting_payment') broken += 1;
  }
  const numbers: number[] = [];
  const totals = new Map<number, number>();
  for (const m of stored.values()) {
    const doc = ok(await call(server.baseUrl, desk, 'GET', `/billing/documents/${m.invoice}`), 'invoice');
    if (doc.status !== 'issued' || doc.client !== m.client) broken += 1;
    numbers.push(Number(doc.number.split('/')[2]));
    totals.set(m.id, doc.issued.totals.totalPaise);
  }
  const issued = ok(await call(server.baseUrl, desk, 'GET', '/billing/documents?status=issued&page_size=1'), 'documents');
  // No invoice without its membership: the sale and its invoice commit together.
  if (issued.count !== stored.size) broken += 1;
  numbers.sort((a, b) => a - b);
  if (numbers.some((n, i) => n !== i + 1)) broken += 1;

  // Round 2: each invoice paid in full, all at once.
  const open = [...stored.values()];
  const paid = new Set<number>();
  target = server;
  await killMidWrites(
    target,
    open.length,
    (i) => call(target.baseUrl, desk, 'POST', `/billing/documents/${open[i].invoice}/payments`, { method: 'cash', amount_paise: totals.get(open[i].id) }),
    (i) => paid.add(open[i].id),
  );
  server = await options.start();
  desk = await signInAgain(server.baseUrl, email);
  for (const client of clients) {
    for (const m of ok(await call(server.baseUrl, desk, 'GET', `/memberships?client=${client}`), 'list')) {
      const doc = ok(await call(server.baseUrl, desk, 'GET', `/billing/documents/${m.invoice}`), 'invoice');
      const started = m.status === 'active' && m.starts_on !== null && m.ends_on !== null;
      if (paid.has(m.id) && !started) lost += 1;
      // Paid and started commit together: never one without the other.
      if (started !== (doc.status === 'paid')) broken += 1;
    }
  }
  await server.stop('SIGTERM');
  return { acknowledged: sold.size + paid.size, lost, broken };
}
