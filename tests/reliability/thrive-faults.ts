// The thrive dashboard's part of the kill -9 test (tests/reliability/faults.test.ts): staff
// adding measurements in flight, SIGKILL, restart on the same data. Every acknowledged reading is
// there as sent (converted the same way); none is half-written (a reading without its audit
// entry, or the other way round).
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const READINGS = 300;

/** Adds readings in parallel, kills the server mid-stream, restarts, checks. Returns the counts for the summary. */
export async function killDuringMeasurements(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const clients: number[] = [];
  for (let i = 0; i < 5; i++) clients.push(ok(await call(server.baseUrl, token, 'POST', '/users/users', { email: `thrive.fault.${i}.${stamp}@test.clinic`, first_name: 'Fault', last_name: `Thrive${i}`, role: 'CLIENT' }), 'client').id);
  // Alternate kg and lb so the conversion is part of what must survive.
  const reading = (i: number) => (i % 2 === 0 ? { metric: 'weight', value: 60 + i / 10, unit: 'kg' } : { metric: 'weight', value: 150 + i / 10, unit: 'lb' });

  const acknowledged = new Map<number, { client: number; value: number; entered_value: number }>();
  const target = server;
  const clientOf = (i: number) => clients[i % clients.length];
  await killMidWrites(
    target,
    READINGS,
    (i) => call(target.baseUrl, token, 'POST', '/thrive/measurements', { client: clientOf(i), ...reading(i) }),
    (i, body) => acknowledged.set(body.id, { client: clientOf(i), value: body.value, entered_value: reading(i).value }),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const stored = new Map<number, { client: number; value: number; entered_value: number }>();
  for (const client of clients) {
    const rows = ok(await call(server.baseUrl, token, 'GET', `/thrive/measurements?client=${client}&history=true`), 'list') as Array<{ id: number; value: number; entered_value: number }>;
    for (const row of rows) stored.set(row.id, { client, value: row.value, entered_value: row.entered_value });
    const page = ok(await call(server.baseUrl, token, 'GET', `/audit/events?client=${client}&action=measurement.create&page=1&page_size=1`), 'audit');
    if (page.count !== rows.length) broken += Math.abs(page.count - rows.length);
  }
  for (const [id, sent] of acknowledged) {
    const row = stored.get(id);
    if (!row) lost += 1;
    else if (row.client !== sent.client || row.value !== sent.value || row.entered_value !== sent.entered_value) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
