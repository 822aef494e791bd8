// Package redemption's part of the kill -9 test (tests/reliability/faults.test.ts; issue 35):
// 120 check-ins in flight against packages with fewer credits than visits, SIGKILL, restart on
// the same data. A credit, the appointment moved onto its package and the redemption row commit
// together, so afterwards each package's used credits equal its checked-in appointments on it,
// never above its total; every acknowledged check-in is there as answered (a credit: on the
// package; none left: on none).
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok, staffOnDutyWithClients } from './fault-support.ts';

const CHECK_INS = 120;
/** Credits per client's package: fewer than the client's 24 visits, so the last ones contend. */
const CREDITS = 16;

export async function killDuringRedemptions(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const { staff: nurse, clients } = await staffOnDutyWithClients(server.baseUrl, token, 'NURSE', 'redeem', stamp);
  ok(await call(server.baseUrl, token, 'PATCH', '/appointments/hours', { check_in_window_hours: 24, slot_minutes: 5 }), 'settings');
  const service = ok(
    await call(server.baseUrl, token, 'POST', '/appointments/services', {
      name: `Fault light ${stamp}`,
      therapy: 'red_light',
      duration_minutes: 5,
      delivered_by: ['NURSE'],
    }),
    'service',
  ).id as number;
  const packages = new Map<number, number>();
  for (const client of clients) {
    const pkg = ok(await call(server.baseUrl, token, 'POST', '/appointments/packages', { client, therapy: 'red_light', sessions_total: CREDITS }), 'package');
    packages.set(client, pkg.id);
  }
  // Five-minute visits from an hour ahead, one after another: all inside the check-in window.
  const base = Math.ceil((Date.now() + 3_600_000) / 300_000) * 300_000;
  const visits: Array<{ id: number; client: number }> = [];
  for (let i = 0; i < CHECK_INS; i++) {
    const client = clients[i % clients.length];
    const start = new Date(base + i * 300_000).toISOString();
    const booked = ok(await call(server.baseUrl, token, 'POST', '/appointments/appointments', { client, service, staff: nurse, start }), 'booking');
    visits.push({ id: booked.id, client });
  }

  const acknowledged = new Map<number, { client: number; package: number | null }>();
  const target = server;
  await killMidWrites(
    target,
    CHECK_INS,
    (i) => call(target.baseUrl, token, 'POST', `/appointments/appointments/${visits[i].id}/transitions`, { to: 'checked_in' }),
    (i, body) => acknowledged.set(visits[i].id, { client: visits[i].client, package: body.credit?.package ?? null }),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  for (const client of clients) {
    const pkg = packages.get(client)!;
    const rows = ok(await call(server.baseUrl, token, 'GET', `/appointments/appointments?client=${client}&limit=1000`), 'list').filter(
      (a: { service: number }) => a.service === service,
    );
    const byId = new Map<number, { status: string; package: number | null }>(
      rows.map((a: { id: number; status: string; package: number | null }) => [a.id, a]),
    );
    for (const [id, sent] of acknowledged) {
      if (sent.client !== client) continue;
      const row = byId.get(id);
      if (!row || row.status !== 'checked_in') lost += 1;
      else if (row.package !== sent.package) broken += 1;
    }
    const balance = ok(await call(server.baseUrl, token, 'GET', `/appointments/packages?client=${client}`), 'packages').find(
      (p: { id: number }) => p.id === pkg,
    );
    const onPackage = rows.filter((a: { status: string; package: number | null }) => a.status === 'checked_in' && a.package === pkg).length;
    if (balance.sessions_used !== onPackage || balance.sessions_used > balance.sessions_total) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
