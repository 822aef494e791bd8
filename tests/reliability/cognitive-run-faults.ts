// The client's own cognitive run writes in the kill -9 test (tests/reliability/faults-clinical.test.ts):
// clients starting runs, saving progress and completing them, all in flight at once, SIGKILL,
// restart on the same data. Every acknowledged start is there with its audit entry and a client
// never holds two open runs; every run's saved progress is one of the bodies sent, whole, with an
// audit entry per acknowledged save; every acknowledged completion is there completed, with the
// progress sent and its scores, and a run is never completed without scores or its audit entry.
import { generateBattery } from '../../machines/cognitive/battery.ts';
import { createAccount, E2E_PASSWORD } from '../support/e2e-accounts.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { answer, MIDDLING } from '../unit/machines/cognitive/answers.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const STARTERS = 4;
const SAVERS = 4;
const COMPLETERS = 24;
const WRITES = 240;

/** A client's access token by their password (their first sign-in is done). */
async function clientToken(baseUrl: string, email: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const res = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.amplify.auth.user_pool_client_id,
      AuthParameters: { USERNAME: email, PASSWORD: E2E_PASSWORD },
    }),
  });
  if (res.status !== 200) throw new Error(`client sign-in: ${res.status}`);
  return ((await res.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
}

/** The fixed-offset zone (Etc/GMT signs are inverted) where the clock reads about 12:00 now: no run crosses the clinic's midnight. */
function middayZone(now: Date): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export async function killDuringCognitiveRuns(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number; problems: string[] }> {
  let server = await options.start();
  let admin = await options.token(server.baseUrl);
  ok(await call(server.baseUrl, admin, 'PATCH', '/appointments/hours', { time_zone: middayZone(new Date()) }), 'clinic zone');
  const stamp = Date.now().toString(36);
  const clients: Array<{ id: number; token: string }> = [];
  for (let i = 0; i < STARTERS + SAVERS + COMPLETERS; i++) {
    const account = await createAccount(server.baseUrl, admin, 'CLIENT', `runfault${i}${stamp}`);
    clients.push({ id: account.id, token: await clientToken(server.baseUrl, account.email) });
  }
  const starters = clients.slice(0, STARTERS);
  const savers = clients.slice(STARTERS, STARTERS + SAVERS);
  const completers = clients.slice(STARTERS + SAVERS);
  // Savers and completers each have one open run to write to.
  const runOf = new Map<number, { id: number; seed: number }>();
  for (const c of [...savers, ...completers]) {
    const run = ok(await call(server.baseUrl, c.token, 'POST', '/assessments/cognitive/runs', {}), 'run');
    runOf.set(c.id, { id: run.id, seed: run.seed });
  }
  const records = (c: { id: number }) => answer(generateBattery(runOf.get(c.id)!.seed), MIDDLING);
  // Save i sends the first 1..7 tasks: a later save overwrites an earlier one, so what is stored is one of them, whole.
  const saveBody = (c: { id: number }, i: number) => ({ progress: { tasks: records(c).slice(0, 1 + (i % 7)) } });

  // Writes: one completion per completer (a run completes once), the rest starts and saves.
  const plan = Array.from({ length: WRITES }, (_, i) =>
    i < COMPLETERS
      ? { kind: 'complete' as const, client: completers[i] }
      : i % 2 === 0
        ? { kind: 'start' as const, client: starters[i % STARTERS] }
        : { kind: 'save' as const, client: savers[i % SAVERS] },
  );
  // Sent interleaved (a fixed permutation), so the kill lands among every kind.
  const order = plan.map((_, i) => i).sort((a, b) => ((a * 7919) % WRITES) - ((b * 7919) % WRITES));

  const started = new Map<number, number>(); // run id -> client
  const saves = new Map<number, number>(); // client -> acknowledged saves
  const completed = new Map<number, { total: number; client: number }>(); // run id -> acknowledged answer
  const target = server;
  await killMidWrites(
    target,
    WRITES,
    (n) => {
      const i = order[n];
      const w = plan[i];
      if (w.kind === 'start') return call(target.baseUrl, w.client.token, 'POST', '/assessments/cognitive/runs', {});
      if (w.kind === 'save')
        return call(target.baseUrl, w.client.token, 'PATCH', `/assessments/cognitive/runs/${runOf.get(w.client.id)!.id}`, saveBody(w.client, i));
      return call(target.baseUrl, w.client.token, 'POST', `/assessments/cognitive/runs/${runOf.get(w.client.id)!.id}/complete`, {
        progress: { tasks: records(w.client) },
      });
    },
    (n, body) => {
      const w = plan[order[n]];
      if (w.kind === 'start') started.set(body.id, w.client.id);
      else if (w.kind === 'save') saves.set(w.client.id, (saves.get(w.client.id) ?? 0) + 1);
      else completed.set(body.id, { total: body.total, client: w.client.id });
    },
  );

  server = await options.start();
  admin = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  // What went wrong, by run id only (no personal data), for the failure message.
  const problems: string[] = [];
  const miss = (why: string) => {
    lost += 1;
    problems.push(`lost: ${why}`);
  };
  const flaw = (why: string) => {
    broken += 1;
    problems.push(`broken: ${why}`);
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const audits = async (client: number, action: string) =>
    ok(await call(server.baseUrl, admin, 'GET', `/audit/events?client=${client}&action=${action}&page=1&page_size=1`), 'audit').count as number;
  const runsOf = async (client: number) =>
    ok(await call(server.baseUrl, admin, 'GET', `/assessments/cognitive/results?client=${client}`), 'results').runs as any[];

  for (const c of starters) {
    const runs = await runsOf(c.id);
    for (const [id, client] of started) if (client === c.id && !runs.some((r) => r.id === id)) miss(`started run ${id}`);
    const startAudits = await audits(c.id, 'cognitive.run.start');
    if (startAudits !== runs.length) flaw(`client ${c.id}: ${runs.length} runs, ${startAudits} start audits`);
    // Starting again keeps the earlier run as incomplete: never two open runs at once.
    const open = runs.filter((r) => r.status === 'in_progress' || r.status === 'paused');
    if (open.length > 1) flaw(`client ${c.id}: open runs ${open.map((r) => r.id).join(', ')}`);
    if (runs.some((r) => r.progress.tasks.length !== 0 || r.total !== null)) flaw(`client ${c.id}: a new run with progress or scores`);
  }
  for (const c of savers) {
    const run = (await runsOf(c.id)).find((r) => r.id === runOf.get(c.id)!.id);
    if (!run) {
      miss(`saved run of client ${c.id}`);
      continue;
    }
    const sent = Array.from({ length: 7 }, (_, k) => saveBody(c, k).progress);
    const acked = saves.get(c.id) ?? 0;
    if (acked > 0 && run.progress.tasks.length === 0) miss(`run ${run.id}: saved progress`);
    else if (run.progress.tasks.length !== 0 && !sent.some((p) => same(p, run.progress))) flaw(`run ${run.id}: progress not one sent`);
    if ((await audits(c.id, 'cognitive.run.save')) < acked) miss(`run ${run.id}: save audits`);
  }
  for (const c of completers) {
    const id = runOf.get(c.id)!.id;
    const run = (await runsOf(c.id)).find((r) => r.id === id);
    if (!run) {
      miss(`completed run ${id}`);
      continue;
    }
    const acked = completed.get(id);
    if (acked && run.status !== 'completed') miss(`run ${id}: completion`);
    else if (run.status === 'completed') {
      // Whole: the progress sent, its scores, and its audit entry, whether or not the answer got out.
      if (!same(run.progress, { tasks: records(c) }) || run.total === null || run.domains === null || (acked && run.total !== acked.total))
        flaw(`run ${id}: completed without its progress or scores`);
      if ((await audits(c.id, 'cognitive.run.complete')) !== 1) flaw(`run ${id}: completion audits`);
    } else if (run.status !== 'in_progress' || run.progress.tasks.length !== 0 || run.total !== null) flaw(`run ${id}: ${run.status}, not completed`);
  }
  await server.stop('SIGTERM');
  let acknowledged = started.size + completed.size;
  for (const n of saves.values()) acknowledged += n;
  return { acknowledged, lost, broken, problems };
}
