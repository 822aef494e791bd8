// The thrive dashboard's part of the kill -9 test (tests/reliability/faults-clinical.test.ts): staff
// adding measurements in flight, SIGKILL, restart on the same data. Every acknowledged reading is
// there as sent (converted the same way); none is half-written (a reading without its audit
// entry, or the other way round). The clients have a weight goal, so every reading moves their
// thrive roll-up (migration 0910, kept by triggers in the same transactions): after the restart it
// must equal a roll-up rebuilt from the surviving rows, neither behind nor ahead of them.
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const READINGS = 300;

/** Adds readings in parallel, kills the server mid-stream, restarts, checks. Returns the counts for the summary. */
export async function killDuringMeasurements(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
  /** Where the server keeps its data, opened once it has stopped to compare the roll-up. */
  store: { databaseUrl: string | null; dataDir: string };
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const clients: number[] = [];
  for (let i = 0; i < 5; i++)
    clients.push(
      ok(
        await call(server.baseUrl, token, 'POST', '/users/users', {
          email: `thrive.fault.${i}.${stamp}@test.clinic`,
          first_name: 'Fault',
          last_name: `Thrive${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  for (const client of clients) {
    const goals = { schema_version: 1, goals: [{ area: 'weight', description: 'Lose weight', priority: 'high', target_date: '2027-06-30' }] };
    ok(await call(server.baseUrl, token, 'PATCH', `/users/user-profiles/${client}`, { health_goals: goals }), 'goal');
    ok(await call(server.baseUrl, token, 'POST', '/thrive/measurements', { client, metric: 'height', value: 160, unit: 'cm' }), 'height');
  }
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
    const rows = ok(await call(server.baseUrl, token, 'GET', `/thrive/measurements?client=${client}&history=true`), 'list') as Array<{
      id: number;
      value: number;
      entered_value: number;
    }>;
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
  broken += await rollupDrift(options.store, clients);
  return { acknowledged: acknowledged.size, lost, broken };
}

/** Rows of the clients' thrive roll-up that differ from one rebuilt now (rolled back, nothing kept). */
async function rollupDrift(store: { databaseUrl: string | null; dataDir: string }, clients: number[]): Promise<number> {
  const database = await openDatabase(store);
  try {
    const rows = () =>
      sql<{ row: string }>`select to_jsonb(r)::text as row from thrive_client_rollup r where r.client_id = any (${clients}) order by r.client_id`;
    let drift = 0;
    await database.db
      .transaction()
      .execute(async (trx) => {
        const kept = (await rows().execute(trx)).rows.map((r) => r.row);
        if (kept.length !== clients.length) drift += clients.length - kept.length;
        await sql`select thrive_refresh_clients(${clients}::int[])`.execute(trx);
        const rebuilt = (await rows().execute(trx)).rows.map((r) => r.row);
        drift += rebuilt.filter((row, i) => row !== kept[i]).length;
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return drift;
  } finally {
    await database.close();
  }
}

class RolledBack extends Error {}
