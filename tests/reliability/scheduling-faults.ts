// Scheduling's part of the kill -9 test (tests/reliability/faults.test.ts): hundreds of bookings
// in flight, SIGKILL, restart on the same data. Every acknowledged appointment is there as
// booked, with its resource unit and its first status; no appointment is half-written (a row
// without its unit or history), and the double-booking guarantee held throughout.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok, staffOnDutyWithClients } from './fault-support.ts';

const BOOKINGS = 300;

/** Books in parallel, kills the server mid-stream, restarts, checks. Returns the counts for the summary. */
export async function killDuringBookings(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const { staff: nurse, clients } = await staffOnDutyWithClients(server.baseUrl, token, 'NURSE', 'client', stamp);
  const chamber = ok(await call(server.baseUrl, token, 'POST', '/appointments/resources', { name: 'Fault chamber', kind: 'hbot_chamber' }), 'chamber')
    .id as number;
  const service = ok(
    await call(server.baseUrl, token, 'POST', '/appointments/services', {
      name: `Fault dive ${stamp}`,
      therapy: 'hbot',
      duration_minutes: 30,
      buffer_after_minutes: 10,
      resources_needed: [{ kind: 'hbot_chamber', units: 1 }],
      delivered_by: ['NURSE'],
    }),
    'service',
  ).id as number;

  // Every booking its own 45-minute step, days ahead: none conflicts with another.
  const base = Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000;
  const startOf = (i: number) => new Date(base + i * 45 * 60_000).toISOString();
  const acknowledged = new Map<number, { start: string; client: number }>();
  const target = server;
  const clientOf = (i: number) => clients[i % clients.length];
  await killMidWrites(
    target,
    BOOKINGS,
    (i) => call(target.baseUrl, token, 'POST', '/appointments/appointments', { client: clientOf(i), service, staff: nurse, start: startOf(i) }),
    (i, body) => acknowledged.set(body.id, { start: startOf(i), client: clientOf(i) }),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const listed = new Map<number, any>();
  for (const client of clients) {
    const rows = ok(await call(server.baseUrl, token, 'GET', `/appointments/appointments?client=${client}&limit=1000`), 'list');
    for (const row of rows) if (row.service === service) listed.set(row.id, row);
  }
  for (const [id, sent] of acknowledged) {
    const row = listed.get(id);
    if (!row) lost += 1;
    else if (row.start !== sent.start || row.client !== sent.client || row.status !== 'booked') broken += 1;
  }
  // Whole rows only: each appointment holds its unit and has its first status; no two overlap.
  for (const row of listed.values()) {
    if (row.resources.length !== 1 || row.resources[0] !== chamber) broken += 1;
    const detail = ok(await call(server.baseUrl, token, 'GET', `/appointments/appointments/${row.id}`), 'detail');
    if (detail.history.length !== 1 || detail.history[0].to !== 'booked') broken += 1;
  }
  const spans = [...listed.values()].map((r) => [Date.parse(r.occupied_from), Date.parse(r.occupied_to)]).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) if (spans[i][0] < spans[i - 1][1]) broken += 1;
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
