// Consent's part of the kill -9 test (tests/reliability/faults-clinical.test.ts): staff recording signed
// consent forms (given and withdrawn, issue 22, 12) in flight, SIGKILL, restart on the same data.
// Every acknowledged record is in the history as sent; no record is half-written (a history row
// without its audit entry, or the other way round); each client's consent is their latest record's.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const RECORDS = 300;

/** Records forms in parallel, kills the server mid-stream, restarts, checks. Returns the counts for the summary. */
export async function killDuringConsentRecords(options: {
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
          email: `consent.fault.${i}.${stamp}@test.clinic`,
          first_name: 'Fault',
          last_name: `Consent${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const today = new Date().toISOString().slice(0, 10);
  const form = (i: number) => ({ decision: i % 2 === 0 ? 'given' : 'withdrawn', signed_on: today, reason: `fault ${stamp} ${i}` });

  const acknowledged = new Map<number, { client: number; decision: string; reason: string }>();
  const target = server;
  const clientOf = (i: number) => clients[i % clients.length];
  await killMidWrites(
    target,
    RECORDS,
    (i) => call(target.baseUrl, token, 'POST', `/users/user-profiles/${clientOf(i)}/consent-history`, form(i)),
    (i, body) => acknowledged.set(body.id, { client: clientOf(i), decision: form(i).decision, reason: form(i).reason }),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const stored = new Map<number, { client: number; decision: string; reason: string | null }>();
  for (const client of clients) {
    const history = ok(await call(server.baseUrl, token, 'GET', `/users/user-profiles/${client}/consent-history`), 'history') as Array<{
      id: number;
      decision: string;
      reason: string | null;
    }>;
    for (const row of history) stored.set(row.id, { client, decision: row.decision, reason: row.reason });
    // The profile follows the newest record (the history is newest first).
    const profile = ok(await call(server.baseUrl, token, 'GET', `/users/user-profiles/${client}`), 'profile');
    if (history.length > 0 && profile.hipaa_consent !== (history[0].decision === 'given')) broken += 1;
    // One audit entry per record that committed, none for one that did not.
    let audited = 0;
    for (const action of ['consent.record', 'consent.withdraw']) {
      const page = ok(await call(server.baseUrl, token, 'GET', `/audit/events?client=${client}&action=${action}&page=1&page_size=100`), 'audit');
      audited += page.results.filter((e: { outcome: string }) => e.outcome === 'success').length;
    }
    if (audited !== history.length) broken += Math.abs(audited - history.length);
  }
  for (const [id, sent] of acknowledged) {
    const row = stored.get(id);
    if (!row) lost += 1;
    else if (row.client !== sent.client || row.decision !== sent.decision || row.reason !== sent.reason) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
