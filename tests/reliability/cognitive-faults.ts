// Cognitive assessment's part of the kill -9 test (tests/reliability/faults-clinical.test.ts): staff
// recording in-clinic instrument results in flight, SIGKILL, restart on the same data. Every
// acknowledged result is there as sent; none is half-written (a result without its audit entry,
// or the other way round).
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const RESULTS = 300;

/** Records results in parallel, kills the server mid-stream, restarts, checks. Returns the counts for the summary. */
export async function killDuringCognitiveRecords(options: {
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
          email: `cognitive.fault.${i}.${stamp}@test.clinic`,
          first_name: 'Fault',
          last_name: `Cognitive${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const result = (i: number) => ({
    instrument: i % 2 === 0 ? 'MoCA' : 'SAGE',
    form: i % 2 === 0 ? '8.1' : 'Form 2',
    version: '1',
    language: 'English',
    setting: 'Clinic room 2',
    administered_on: '2026-11-20',
    total: i % 23,
    max_total: i % 2 === 0 ? 30 : 22,
    domains: [{ domain: 'Memory', score: i % 5, max: 5 }],
    administrator: `Administrator ${i}`,
    interpretation: `Result ${i}`,
  });

  const acknowledged = new Map<number, { client: number; i: number }>();
  const target = server;
  const clientOf = (i: number) => clients[i % clients.length];
  await killMidWrites(
    target,
    RESULTS,
    (i) => call(target.baseUrl, token, 'POST', '/assessments/cognitive/instruments', { client: clientOf(i), ...result(i) }),
    (i, body) => acknowledged.set(body.id, { client: clientOf(i), i }),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const stored = new Map<number, any>();
  for (const client of clients) {
    const { instruments } = ok(await call(server.baseUrl, token, 'GET', `/assessments/cognitive/results?client=${client}`), 'results');
    for (const row of instruments) stored.set(row.id, row);
    const page = ok(await call(server.baseUrl, token, 'GET', `/audit/events?client=${client}&action=cognitive.instrument.record&page=1&page_size=1`), 'audit');
    if (page.count !== instruments.length) broken += Math.abs(page.count - instruments.length);
  }
  for (const [id, sent] of acknowledged) {
    const row = stored.get(id);
    if (!row) lost += 1;
    else {
      const { client: _client, ...expected } = { client: sent.client, ...result(sent.i) };
      const same = Object.entries(expected).every(([k, v]) => JSON.stringify(row[k]) === JSON.stringify(v));
      if (row.client !== sent.client || !same) broken += 1;
    }
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
