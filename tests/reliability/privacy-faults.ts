// Data exports' part of the kill -9 test (tests/reliability/faults.test.ts), issue 38. Round 1:
// exports asked for at once (the privacy job off), SIGKILL, restart: every acknowledged request is
// there, for its client, requested, and no client has two. Round 2: the job on, SIGKILL while it
// builds, restart: every export becomes ready (a build killed part-way runs again from where the
// chart says it is), each client is told exactly once, and each archive downloads as a zip.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const CLIENTS = 45;

interface Exported {
  id: number;
  client: number;
  status: string;
}

async function readyMails(baseUrl: string, to: string): Promise<number> {
  const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}&limit=1000`);
  const { messages } = (await res.json()) as { messages: Array<{ subject: string | null }> };
  return messages.filter((m) => m.subject?.endsWith('your data is ready to download')).length;
}

async function statuses(baseUrl: string, token: string, clients: number[]): Promise<Map<number, Exported[]>> {
  const all = new Map<number, Exported[]>();
  for (const client of clients) all.set(client, ok(await call(baseUrl, token, 'GET', `/privacy/exports?client=${client}`), 'list'));
  return all;
}

export async function killDuringDataExports(options: {
  /** Starts the server on the round's store; `jobs` turns the privacy job on (polling fast). */
  start: (jobs: boolean) => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start(false);
  let root = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const clients: { id: number; email: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `export.${i}.${stamp}@test.clinic`;
    clients.push({
      id: ok(await call(server.baseUrl, root, 'POST', '/users/users', { email, first_name: 'Export', last_name: `Client${i}`, role: 'CLIENT' }), 'client').id,
      email,
    });
  }
  const ids = clients.map((c) => c.id);

  // Round 1: the requests.
  const asked = new Map<number, number>();
  const target = server;
  await killMidWrites(
    target,
    clients.length,
    (i) => call(target.baseUrl, root, 'POST', '/privacy/exports', { client: clients[i].id }),
    (i, body) => asked.set(body.id, clients[i].id),
  );
  server = await options.start(false);
  root = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const stored = await statuses(server.baseUrl, root, ids);
  for (const [id, client] of asked) {
    const found = stored.get(client)!.find((e) => e.id === id);
    if (!found) lost += 1;
    else if (found.client !== client || found.status !== 'requested') broken += 1;
  }
  for (const list of stored.values()) if (list.length > 1) broken += 1;
  const exported = [...stored.values()].flat();

  // Round 2: the builds, killed part-way.
  await server.stop('SIGTERM');
  server = await options.start(true);
  root = await options.token(server.baseUrl);
  const readyCount = async (s: ServerProcess, token: string) =>
    [...(await statuses(s.baseUrl, token, ids)).values()].flat().filter((e) => e.status === 'ready').length;
  while ((await readyCount(server, root)) < exported.length / 3 && server.child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  await server.stop('SIGKILL');
  server = await options.start(true);
  root = await options.token(server.baseUrl);
  const deadline = Date.now() + 120_000;
  while ((await readyCount(server, root)) < exported.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const built = [...(await statuses(server.baseUrl, root, ids)).values()].flat();
  for (const e of exported) {
    const now = built.find((b) => b.id === e.id);
    if (now?.status !== 'ready') lost += 1;
  }
  for (const c of clients) {
    const has = exported.some((e) => e.client === c.id);
    if ((await readyMails(server.baseUrl, c.email)) !== (has ? 1 : 0)) broken += 1;
  }
  for (const e of exported) {
    const res = await fetch(`${server.baseUrl}/api/v1/privacy/exports/${e.id}/archive`, { headers: { authorization: `Bearer ${root}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || bytes.subarray(0, 4).toString('latin1') !== 'PK\x03\x04') broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: asked.size, lost, broken };
}
