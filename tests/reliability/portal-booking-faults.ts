// The portal booking's part of the kill -9 test (tests/reliability/faults.test.ts): bookings that
// carry the client's answers (screening questions, pre-call form) in flight, SIGKILL, restart on the
// same data. Every acknowledged appointment is there with its answers exactly as sent; no
// appointment kept answers it was not sent with, and none lost the ones it was.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok, staffOnDutyWithClients } from './fault-support.ts';

const BOOKINGS = 200;

export async function killDuringAnsweredBookings(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const { staff: coach, clients } = await staffOnDutyWithClients(server.baseUrl, token, 'HEALTH_COACH', 'caller', stamp);
  const service = ok(
    await call(server.baseUrl, token, 'POST', '/appointments/services', {
      name: `Fault call ${stamp}`,
      therapy: 'intake_call',
      duration_minutes: 20,
      delivered_by: ['HEALTH_COACH'],
      bookable_online: true,
    }),
    'service',
  ).id as number;

  const base = Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000;
  const startOf = (i: number) => new Date(base + i * 30 * 60_000).toISOString();
  const answersOf = (i: number) => ({ reason: `Call ${i} about sleep`, medications: i % 2 ? 'Vitamin D' : 'none' });
  const acknowledged = new Map<number, Record<string, string>>();
  const target = server;
  await killMidWrites(
    target,
    BOOKINGS,
    (i) =>
      call(target.baseUrl, token, 'POST', '/appointments/appointments', {
        client: clients[i % clients.length],
        service,
        staff: coach,
        start: startOf(i),
        channel: 'phone',
        answers: answersOf(i),
      }),
    (i, body) => acknowledged.set(body.id, answersOf(i)),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const listed: number[] = [];
  for (const client of clients) {
    const rows = ok(await call(server.baseUrl, token, 'GET', `/appointments/appointments?client=${client}&limit=1000`), 'list');
    for (const row of rows) if (row.service === service) listed.push(row.id);
  }
  for (const id of acknowledged.keys()) if (!listed.includes(id)) lost += 1;
  // Whole bookings only: every appointment that exists has the answers it was booked with.
  for (const id of listed) {
    const visit = ok(await call(server.baseUrl, token, 'GET', `/appointments/appointments/${id}/visit`), 'visit');
    const sent = acknowledged.get(id);
    if (visit.answers === null || (sent && JSON.stringify(visit.answers) !== JSON.stringify(sent))) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
