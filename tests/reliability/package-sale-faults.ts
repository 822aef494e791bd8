// The scheduling back office's part of the kill -9 test (tests/reliability/faults.test.ts):
// hundreds of catalogue packages sold to clients at once, SIGKILL, restart on the same data.
// Every acknowledged sale is there whole (the plan's therapy and sessions, nothing drawn); no
// package appears that was never sold. Since issue 35 a sale goes through billing: every package
// there, acknowledged or not, awaits payment on its own issued, numbered invoice (the package,
// the draft and the issue commit together), and no two packages share an invoice.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { SETTINGS } from '../integration/api/billing/fixtures.ts';
import { clientToken } from './portal-seen-faults.ts';

const SALES = 300;

export async function killDuringPackageSales(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const clients: number[] = [];
  for (let i = 0; i < 5; i++)
    clients.push(
      ok(
        await call(server.baseUrl, token, 'POST', '/users/users', {
          email: `sale.client.${i}.${stamp}@test.clinic`,
          first_name: 'Sale',
          last_name: `Client${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  // The tax settings are an ADMIN's (SUPER_ADMIN reads them): one is made to save them.
  const email = `sale.admin.${stamp}@test.clinic`;
  ok(await call(server.baseUrl, token, 'POST', '/users/users', { email, first_name: 'Sale', last_name: 'Admin', role: 'ADMIN' }), 'admin');
  ok(await call(server.baseUrl, await clientToken(server.baseUrl, email), 'PUT', '/billing/settings', SETTINGS), 'billing settings');
  const plan = ok(
    await call(server.baseUrl, token, 'POST', '/appointments/package-plans', {
      name: `Fault pack ${stamp}`,
      therapy: 'sauna',
      sessions: 12,
      price_inr: 24000,
      validity_days: 60,
    }),
    'plan',
  ).id as number;

  const acknowledged = new Map<number, number>();
  const target = server;
  const clientOf = (i: number) => clients[i % clients.length];
  await killMidWrites(
    target,
    SALES,
    (i) => call(target.baseUrl, token, 'POST', `/appointments/package-plans/${plan}/sell`, { client: clientOf(i) }),
    (i, body) => acknowledged.set(body.id, clientOf(i)),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const listed = new Map<number, any>();
  for (const client of clients) {
    for (const row of ok(await call(server.baseUrl, token, 'GET', `/appointments/packages?client=${client}`), 'list')) listed.set(row.id, row);
  }
  for (const [id, client] of acknowledged) {
    const row = listed.get(id);
    if (!row) lost += 1;
    else if (row.client !== client) broken += 1;
  }
  const invoices = new Set<number>();
  for (const row of listed.values()) {
    if (row.therapy !== 'sauna' || row.sessions_total !== 12 || row.sessions_left !== 12) broken += 1;
    if (row.status !== 'awaiting_payment' || row.expires_on !== null) broken += 1;
    // ₹24,000 at 0 % (the plan has no tax data): an issued invoice of ₹24,000, numbered.
    if (!row.invoice || row.invoice.status !== 'issued' || !row.invoice.number || row.invoice.total_paise !== 2_400_000 || invoices.has(row.invoice.id))
      broken += 1;
    if (row.invoice) invoices.add(row.invoice.id);
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
