// The front desk's part of the kill -9 test (tests/reliability/faults.test.ts), two bursts:
// - portal bookings marked seen by a staff member, SIGKILL, restart: every acknowledged mark is
//   kept (what is still unseen is never more than what was not acknowledged);
// - impacted appointments cancelled by the clinic with a message to each client, SIGKILL, restart:
//   every acknowledged cancellation is there, and each cancellation and its message to the client
//   committed together (per client, as many messages as cancellations: never one without the other).
import { BACKOFFICE_TEXTS } from '../../server/api/appointments/backoffice.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { call, identity, killMidWrites, ok } from './fault-support.ts';

const MARKS = 300;
const CANCELS = 300;
export const CLIENT_PASSWORD = 'Fault-Client-Pass-3!';
const REASON = 'The clinic is closed for a fault drill.';

async function outbox(baseUrl: string, to: string): Promise<Array<{ subject: string | null; body: string }>> {
  const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}&limit=1000`);
  return ((await res.json()) as { messages: Array<{ subject: string | null; body: string }> }).messages;
}

/** A new user's access token (a client's, or staff's): the invitation's temporary password, then their own. */
export async function clientToken(baseUrl: string, email: string): Promise<string> {
  const invitation = (await outbox(baseUrl, email)).find((m) => /Temporary password: /.test(m.body));
  if (!invitation) throw new Error('no invitation in the outbox');
  const temp = invitation.body.match(/Temporary password: (\S+)/)![1];
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const ClientId = config.amplify.auth.user_pool_client_id;
  const started = await identity(baseUrl, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: email, PASSWORD: temp } });
  const done = await identity(baseUrl, 'RespondToAuthChallenge', {
    ClientId,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: started.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: CLIENT_PASSWORD },
  });
  return done.AuthenticationResult.AccessToken;
}

/** A coach working round the clock and an online-bookable phone call they deliver. */
async function callService(baseUrl: string, token: string, stamp: string): Promise<{ coach: number; service: number }> {
  const coach = ok(
    await call(baseUrl, token, 'POST', '/users/users', {
      email: `seen.coach.${stamp}@test.clinic`,
      first_name: 'Seen',
      last_name: 'Coach',
      role: 'HEALTH_COACH',
    }),
    'coach',
  ).id as number;
  const all = [1, 2, 3, 4, 5, 6, 7];
  ok(
    await call(baseUrl, token, 'PATCH', '/appointments/hours', {
      clinic_hours: all.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
      staff_hours: [{ staff: coach, weekly: all.map((weekday) => ({ weekday, starts: '00:00', ends: '24:00' })) }],
    }),
    'hours',
  );
  const service = ok(
    await call(baseUrl, token, 'POST', '/appointments/services', {
      name: `Seen call ${stamp}`,
      therapy: 'intake_call',
      duration_minutes: 20,
      delivered_by: ['HEALTH_COACH'],
      bookable_online: true,
    }),
    'service',
  ).id as number;
  return { coach, service };
}

/** `count` bookings, ten at a time; `book(i)` answers the new appointment's id. */
async function bookMany(count: number, book: (i: number) => Promise<number>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 10) ids.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => book(i + j)))));
  return ids;
}

const startOf = (base: number, i: number) => new Date(base + i * 30 * 60_000).toISOString();

export async function killDuringSeenMarks(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const { coach, service } = await callService(server.baseUrl, token, stamp);
  const email = `seen.client.${stamp}@test.clinic`;
  const client = ok(await call(server.baseUrl, token, 'POST', '/users/users', { email, first_name: 'Seen', last_name: 'Client', role: 'CLIENT' }), 'client')
    .id as number;
  const own = await clientToken(server.baseUrl, email);
  const base = Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000;
  const target = server;
  const bookings = await bookMany(
    MARKS,
    async (i) =>
      ok(
        await call(target.baseUrl, own, 'POST', '/appointments/appointments', { client, service, staff: coach, start: startOf(base, i), channel: 'phone' }),
        'portal booking',
      ).id,
  );
  const before = ok(await call(server.baseUrl, token, 'GET', '/appointments/portal-bookings'), 'unseen').count as number;

  const acknowledged = new Set<number>();
  await killMidWrites(
    target,
    MARKS,
    (i) => call(target.baseUrl, token, 'POST', '/appointments/portal-bookings/seen', { appointments: [bookings[i]] }),
    (i) => acknowledged.add(bookings[i]),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  const after = ok(await call(server.baseUrl, token, 'GET', '/appointments/portal-bookings'), 'unseen');
  // Still unseen: at most the bookings whose mark was never acknowledged, and none acknowledged among the listed.
  const lost = Math.max(0, after.count - (before - acknowledged.size)) + after.appointments.filter((a: { id: number }) => acknowledged.has(a.id)).length;
  // Marks are one row each: nothing else may have become seen than what was sent.
  const broken = before !== MARKS || after.count < 0 || after.count > before ? 1 : 0;
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}

export async function killDuringImpactedCancels(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const { coach, service } = await callService(server.baseUrl, token, stamp);
  const clients: Array<{ id: number; email: string }> = [];
  for (let i = 0; i < 5; i++) {
    const email = `impact.client.${i}.${stamp}@test.clinic`;
    clients.push({
      id: ok(await call(server.baseUrl, token, 'POST', '/users/users', { email, first_name: 'Impact', last_name: `Client${i}`, role: 'CLIENT' }), 'client').id,
      email,
    });
  }
  const base = Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000;
  const target = server;
  const clientOf = (i: number) => clients[i % clients.length];
  const booked = await bookMany(
    CANCELS,
    async (i) =>
      ok(
        await call(target.baseUrl, token, 'POST', '/appointments/appointments', {
          client: clientOf(i).id,
          service,
          staff: coach,
          start: startOf(base, i),
          channel: 'phone',
        }),
        'booking',
      ).id,
  );

  const acknowledged = new Set<number>();
  await killMidWrites(
    target,
    CANCELS,
    (i) => call(target.baseUrl, token, 'POST', '/appointments/impacted/cancel', { appointments: [booked[i]], reason: REASON }),
    (i) => acknowledged.add(booked[i]),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  for (const client of clients) {
    const rows = ok(await call(server.baseUrl, token, 'GET', `/appointments/appointments?client=${client.id}&limit=1000`), 'list') as Array<{
      id: number;
      status: string;
      status_reason: string;
    }>;
    const cancelled = rows.filter((r) => r.status === 'cancelled');
    for (const r of rows) if (acknowledged.has(r.id) && r.status !== 'cancelled') lost += 1;
    if (cancelled.some((r) => r.status_reason !== REASON)) broken += 1;
    const told = (await outbox(server.baseUrl, client.email)).filter((m) => m.subject === BACKOFFICE_TEXTS.cancelledSubject);
    // Together or not at all: one message per cancellation, never a message for one that did not commit.
    broken += Math.abs(told.length - cancelled.length);
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
