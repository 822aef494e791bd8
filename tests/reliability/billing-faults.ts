// Billing's part of the kill -9 test (tests/reliability/faults.test.ts), issue 34: hundreds of
// drafts issued at once, SIGKILL, restart on the same data: every acknowledged issue kept its
// number, and the invoice series is 1..n with no number lost or repeated (an issue cut off before
// its commit gave its number back). Then payments taken at once on those invoices, SIGKILL,
// restart: every acknowledged payment is there, and no invoice holds more than it was paid. Then
// refund vouchers on 60 advances at once, SIGKILL, restart: every acknowledged refund is there,
// none twice, and the refund voucher series is 1..n.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { signInAgain } from './home-view-faults.ts';
import { clientToken } from './portal-seen-faults.ts';
import { SETTINGS } from '../integration/api/billing/fixtures.ts';

const ISSUES = 240;
const REFUNDS = 60;
const LINE = { description: 'Hydrafacial', code: '999722', unit_price_paise: 100000, gst_rate_bp: 1800 };

export async function killDuringBilling(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  const root = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const email = `billing.admin.${stamp}@test.clinic`;
  ok(await call(server.baseUrl, root, 'POST', '/users/users', { email, first_name: 'Billing', last_name: 'Admin', role: 'ADMIN' }), 'admin');
  const desk = await clientToken(server.baseUrl, email);
  ok(await call(server.baseUrl, desk, 'PUT', '/billing/settings', SETTINGS), 'settings');
  const clients: number[] = [];
  for (let i = 0; i < 5; i++)
    clients.push(
      ok(
        await call(server.baseUrl, root, 'POST', '/users/users', {
          email: `bill.client.${i}.${stamp}@test.clinic`,
          first_name: 'Bill',
          last_name: `Client${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const drafts: number[] = [];
  for (let i = 0; i < ISSUES; i++)
    drafts.push(ok(await call(server.baseUrl, desk, 'POST', '/billing/documents', { from: 'manual', client: clients[i % 5], lines: [LINE] }), 'draft').id);

  // Round 1: issuing.
  const issued = new Map<number, string>();
  let target = server;
  await killMidWrites(
    target,
    ISSUES,
    (i) => call(target.baseUrl, desk, 'POST', `/billing/documents/${drafts[i]}/issue`),
    (i, body) => issued.set(drafts[i], body.number),
  );
  server = await options.start();
  let reader = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const numbers: number[] = [];
  const stored = new Map<number, { status: string; number: string | null }>();
  for (const id of drafts) {
    const doc = ok(await call(server.baseUrl, reader, 'GET', `/billing/documents/${id}`), 'read');
    stored.set(id, doc);
    if (doc.number) numbers.push(Number(doc.number.split('/')[2]));
  }
  for (const [id, number] of issued) {
    const doc = stored.get(id)!;
    if (doc.status === 'draft') lost += 1;
    else if (doc.number !== number) broken += 1;
  }
  numbers.sort((a, b) => a - b);
  // The series runs 1..n: nothing skipped, nothing twice.
  if (numbers.some((n, i) => n !== i + 1)) broken += 1;

  // Round 2: payments on the issued invoices, a part of each (cash, change given), all at once.
  const open = drafts.filter((id) => stored.get(id)!.number !== null);
  const amountOf = (i: number) => 50000 + i;
  const paid = new Map<number, number>();
  target = server;
  const deskAgain = await signInAgain(server.baseUrl, email);
  await killMidWrites(
    target,
    open.length,
    (i) =>
      call(target.baseUrl, deskAgain, 'POST', `/billing/documents/${open[i]}/payments`, { method: 'cash', amount_paise: amountOf(i), tendered_paise: 100000 }),
    (i) => paid.set(open[i], amountOf(i)),
  );
  server = await options.start();
  reader = await options.token(server.baseUrl);
  for (const [i, id] of open.entries()) {
    const doc = ok(await call(server.baseUrl, reader, 'GET', `/billing/documents/${id}`), 'read');
    if (paid.has(id) && doc.paid_paise !== paid.get(id)) lost += 1;
    // At most the one payment sent, whole: its amount and the change for 1,000 rupees handed over.
    const whole = doc.payments.every(
      (p: { amount_paise: number; change_paise: number }) => p.amount_paise === amountOf(i) && p.change_paise === 100000 - amountOf(i),
    );
    if (doc.payments.length > 1 || !whole || doc.status !== (doc.payments.length ? 'partially_paid' : 'issued')) broken += 1;
  }

  // Round 3: refund vouchers, one on each of 60 advances, all at once: every acknowledged refund is
  // there with its number, none was paid twice, and the refund voucher series runs 1..n.
  const advances: { id: number; client: number }[] = [];
  const deskThird = await signInAgain(server.baseUrl, email);
  for (let i = 0; i < REFUNDS; i++)
    advances.push({
      id: ok(await call(server.baseUrl, deskThird, 'POST', '/billing/advances', { client: clients[i % 5], amount_paise: 118000, method: 'cash' }), 'advance')
        .id,
      client: clients[i % 5],
    });
  const refundOf = (i: number) => 10000 + i;
  const refunded = new Map<number, string>();
  target = server;
  await killMidWrites(
    target,
    REFUNDS,
    (i) => call(target.baseUrl, deskThird, 'POST', `/billing/advances/${advances[i].id}/refunds`, { amount_paise: refundOf(i), method: 'cash' }),
    (i, body) => refunded.set(advances[i].id, body.number),
  );
  server = await options.start();
  reader = await options.token(server.baseUrl);
  const vouchers: number[] = [];
  for (const client of clients) {
    const left = ok(await call(server.baseUrl, reader, 'GET', `/billing/advances?client=${client}`), 'advances');
    for (const [i, a] of advances.entries()) {
      if (a.client !== client) continue;
      const held = left.find((x: { id: number }) => x.id === a.id);
      if (refunded.has(a.id) && held.refunded_paise !== refundOf(i)) lost += 1;
      if (held.refunded_paise !== 0 && held.refunded_paise !== refundOf(i)) broken += 1;
    }
    const docs = ok(await call(server.baseUrl, reader, 'GET', `/billing/documents?client=${client}&kind=refund_voucher&page_size=100`), 'vouchers');
    for (const doc of docs.results) vouchers.push(Number(doc.number.split('/')[2]));
  }
  vouchers.sort((a, b) => a - b);
  if (vouchers.some((n, i) => n !== i + 1)) broken += 1;
  await server.stop('SIGTERM');
  return { acknowledged: issued.size + paid.size + refunded.size, lost, broken };
}
