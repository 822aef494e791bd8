// The production recipe (docs/operations.md "Production", deploy/thrive-clinic.service), tried for real:
//   - faults that escape every handler (a promise nobody awaits rejects, a callback throws) while
//     requests are in flight are logged and the process keeps serving;
//   - kill -9 while writes sent with Idempotency-Keys are in flight, then every one resent with its
//     key after the restart: each acknowledged one answers its first answer, none is written twice;
//   - kill -9 while writes are in flight: the supervisor, run with the unit file's own ExecStart,
//     WorkingDirectory, Restart and RestartSec (systemd is not running here), brings the server
//     back, /readyz answers, and every acknowledged write is there as sent.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { engines } from '../support/engines.ts';
import { freePort, type ServerProcess, startServer } from '../support/server-process.ts';
import { adminToken, type Cleanups, freshStore } from './fault-stores.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { recordReliability } from './summary.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const UNIT_FILE = path.join(ROOT, 'deploy/thrive-clinic.service');
const WRITES = 300;

/** The [Service] settings of a systemd unit: each key's values in order (Environment repeats). */
function serviceSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (section !== 'Service') continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq).trim();
    settings.set(key, [...(settings.get(key) ?? []), line.slice(eq + 1).trim()]);
  }
  return settings;
}

function one(settings: Map<string, string[]>, key: string): string {
  const values = settings.get(key);
  expect(values, `${key}= in ${UNIT_FILE}`).toBeDefined();
  return values!.at(-1)!;
}

/** Environment= values (`NAME=value`, optionally quoted) as a map. */
function environment(settings: Map<string, string[]>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const value of settings.get('Environment') ?? []) {
    for (const item of value.match(/"[^"]*"|\S+/g) ?? []) {
      const unquoted = item.replace(/^"(.*)"$/, '$1');
      const eq = unquoted.indexOf('=');
      env[unquoted.slice(0, eq)] = unquoted.slice(eq + 1);
    }
  }
  return env;
}

interface Supervisor {
  readonly baseUrl: string;
  /** The server process running now. */
  current(): ChildProcess;
  /** Starts of the server so far (1 before any restart). */
  starts(): number;
  /** Time from each exit to the next start, ms. */
  pauses(): number[];
  output(): string;
  stop(): Promise<void>;
}

/**
 * What systemd does with the unit: run ExecStart in WorkingDirectory with only the unit's
 * environment (Environment=, then the EnvironmentFile's lines over them), and with Restart=always
 * start it again RestartSec after every exit, whatever the exit.
 */
function supervise(unit: { program: string; args: string[]; cwd: string; env: Record<string, string>; restartSec: number; port: number }): Supervisor {
  let child: ChildProcess;
  let stopping = false;
  let starts = 0;
  let output = '';
  const pauses: number[] = [];
  const start = () => {
    starts += 1;
    child = spawn(unit.program, unit.args, { cwd: unit.cwd, env: unit.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.once('exit', () => {
      if (stopping) return;
      const exited = Date.now();
      setTimeout(() => {
        if (stopping) return;
        pauses.push(Date.now() - exited);
        start();
      }, unit.restartSec * 1000);
    });
  };
  start();
  return {
    baseUrl: `http://127.0.0.1:${unit.port}`,
    current: () => child,
    starts: () => starts,
    pauses: () => pauses,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function ready(baseUrl: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return Date.now() - started;
    } catch {
      // not listening (yet, or again)
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${baseUrl}/readyz did not answer 200 within ${timeoutMs} ms`);
}

const program = (stamp: string, i: number) => ({
  name: `restart ${stamp} ${i}`,
  description: `written before or after kill -9, number ${i}`,
  duration_weeks: 1 + (i % 12),
  price_inr: 100 + i,
});

describe.each(engines)('the production recipe on %s', (engine) => {
  const cleanups: Cleanups = [];
  let cases = 0;
  let lost = 0;
  afterAll(async () => {
    recordReliability({
      area: `restart recipe (${engine})`,
      cases,
      failures: lost,
      dataLost: lost,
      note: `kill -9 during ${WRITES} writes, restarted by the unit's Restart=/RestartSec=`,
    });
    for (const c of cleanups.reverse()) await c();
  }, 120_000);

  it('keeps serving when a request sets off a rejection nobody handles or a throw nobody catches', async () => {
    const { env, dataDir } = await freshStore(engine, 'clinic-guards-', cleanups);
    const preload = pathToFileURL(path.join(ROOT, 'tests/support/fault-injection.mjs')).href;
    const server: ServerProcess = await startServer({ env: { ...env, LOG_LEVEL: 'error', NODE_OPTIONS: `--import=${preload}` }, dataDir });
    cleanups.push(() => server.stop('SIGKILL'));
    const token = await adminToken(server.baseUrl);
    const stamp = Date.now().toString(36);
    // Writes with a fault beside each, in flight together: every one is answered, and kept.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${server.baseUrl}/api/v1/programs/programs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-inject-fault': ['reject', 'throw', 'both'][i % 3] },
          body: JSON.stringify(program(stamp, i)),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { id: number } })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const listed = ok(await call(server.baseUrl, token, 'GET', '/programs/programs'), 'programs');
    const names = new Set((Array.isArray(listed) ? listed : listed.results).map((p: { name: string }) => p.name));
    for (let i = 0; i < 30; i++) expect(names.has(program(stamp, i).name)).toBe(true);
    // Each fault was logged as such (its class and stack; the process said it is still serving).
    await new Promise((r) => setTimeout(r, 200));
    const log = server.output();
    expect(log.match(/unhandled promise rejection; still serving/g)?.length).toBe(20);
    expect(log.match(/uncaught exception; still serving/g)?.length).toBe(20);
    await server.stop('SIGTERM');
  }, 300_000);

  it('kill -9 during writes sent with Idempotency-Keys: after the restart every resend is answered once, nothing twice', async () => {
    const { env, dataDir } = await freshStore(engine, 'clinic-idem-', cleanups);
    let server: ServerProcess = await startServer({ env, dataDir });
    cleanups.push(() => server.stop('SIGKILL'));
    let token = await adminToken(server.baseUrl);
    const stamp = Date.now().toString(36);
    const client = ok(
      await call(server.baseUrl, token, 'POST', '/users/users', {
        email: `idem.${stamp}@test.clinic`,
        first_name: 'Idem',
        last_name: 'Client',
        role: 'CLIENT',
      }),
      'client',
    ).id as number;
    const COUNT = 200;
    const ticket = (i: number) => ({ client, category: 'other', subject: `crash ${stamp} ${i}`, message: `sent once, maybe twice: ${i}` });
    const keyOf = (i: number) => `crash-${stamp}-${i}`;
    const send = async (baseUrl: string, bearer: string, i: number) => {
      const res = await fetch(`${baseUrl}/api/v1/support/tickets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': keyOf(i) },
        body: JSON.stringify(ticket(i)),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
    const acknowledged = new Map<number, number>();
    const target = server;
    await killMidWrites(
      target,
      COUNT,
      (i) => send(target.baseUrl, token, i),
      (i, body) => acknowledged.set(i, body.id),
    );
    server = await startServer({ env, dataDir });
    token = await adminToken(server.baseUrl);
    // Every submission sent again with its key, as a person's retry would be.
    const resent = await Promise.all(Array.from({ length: COUNT }, (_, i) => send(server.baseUrl, token, i)));
    for (const [i, id] of acknowledged) {
      cases += 1;
      if (resent[i].status !== 201 || resent[i].body.id !== id) lost += 1;
    }
    for (const r of resent) expect([201, 409]).toContain(r.status);
    const listed = ok(await call(server.baseUrl, token, 'GET', `/support/tickets?client=${client}&page_size=100`), 'list');
    let all = listed.results as Array<{ id: number; subject: string }>;
    for (let page = 2; all.length < listed.count; page++)
      all = all.concat(ok(await call(server.baseUrl, token, 'GET', `/support/tickets?client=${client}&page_size=100&page=${page}`), 'page').results);
    const bySubject = new Map<string, number>();
    for (const t of all) bySubject.set(t.subject, (bySubject.get(t.subject) ?? 0) + 1);
    expect([...bySubject.values()].every((n) => n === 1)).toBe(true);
    // Every submission whose resend was answered 201 is there once; a 409 is one whose write
    // committed as the process died, before its answer was kept: it is there once too.
    for (let i = 0; i < COUNT; i++) expect(bySubject.get(ticket(i).subject), `submission ${i}: ${resent[i].status}`).toBe(1);
    expect(lost).toBe(0);
    await server.stop('SIGTERM');
  }, 600_000);

  it(`kill -9 during ${WRITES} writes: the unit's restart brings the server back with every acknowledged write`, async () => {
    const unit = serviceSettings(fs.readFileSync(UNIT_FILE, 'utf8'));
    expect(one(unit, 'Restart')).toBe('always');
    const restartSec = Number(one(unit, 'RestartSec'));
    expect(restartSec).toBeGreaterThan(0);
    const unitEnv = environment(unit);
    expect(unitEnv.NODE_ENV).toBe('production');
    expect(one(unit, 'EnvironmentFile')).toMatch(/^-?\//);
    // ExecStart is `npm start`'s own command, without npm.
    const [execProgram, ...execArgs] = one(unit, 'ExecStart').split(/\s+/);
    const npmStart = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(' ');
    expect(path.basename(execProgram)).toBe('node');
    expect(execArgs).toEqual(npmStart.slice(1));
    // The unit's paths are the server's (/opt/thrive-clinic, /usr/bin/node): here, this checkout and this node.
    expect(path.isAbsolute(one(unit, 'WorkingDirectory'))).toBe(true);
    const programHere = fs.existsSync(execProgram) ? execProgram : process.execPath;

    // The EnvironmentFile a clinic writes (IDENTITY_SECRET and its site settings), as this test's
    // store and port; systemd reads it over Environment=.
    const { env: siteEnv, dataDir } = await freshStore(engine, 'clinic-recipe-', cleanups);
    const port = await freePort();
    const envFile: Record<string, string> = { ...siteEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: '' };
    expect(envFile.IDENTITY_SECRET).toBeTruthy();
    const supervisor = supervise({
      program: programHere,
      args: execArgs,
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), ...unitEnv, ...envFile },
      restartSec,
      port,
    });
    cleanups.push(() => supervisor.stop());
    await ready(supervisor.baseUrl, 120_000);
    const baseUrl = supervisor.baseUrl;
    const token = await adminToken(baseUrl);
    const stamp = Date.now().toString(36);
    const acknowledged = new Map<number, ReturnType<typeof program>>();

    // kill -9 once a third of the writes are acknowledged (the kill -9 tests' own machinery).
    const first = supervisor.current();
    const target = {
      child: first,
      stop: (signal: NodeJS.Signals = 'SIGKILL') =>
        new Promise<number | null>((resolve) => {
          if (first.exitCode !== null || first.signalCode !== null) return resolve(first.exitCode);
          first.once('exit', (code) => resolve(code));
          first.kill(signal);
        }),
    } as unknown as ServerProcess;
    await killMidWrites(
      target,
      WRITES,
      (i) => call(baseUrl, token, 'POST', '/programs/programs', program(stamp, i)),
      (i, body) => acknowledged.set(body.id, program(stamp, i)),
    );
    expect(first.signalCode).toBe('SIGKILL');

    // Nobody starts it by hand: the supervisor does, RestartSec after the exit.
    await ready(baseUrl, 120_000 + restartSec * 1000);
    expect(supervisor.starts()).toBe(2);
    expect(supervisor.pauses()[0]).toBeGreaterThanOrEqual(restartSec * 1000 - 50);
    expect(supervisor.current().pid).not.toBe(first.pid);

    const again = await adminToken(baseUrl);
    const listed = ok(await call(baseUrl, again, 'GET', '/programs/programs'), 'programs after restart');
    const byId = new Map<number, { name: string; description: string; duration_weeks: number; price_inr: number }>(
      (Array.isArray(listed) ? listed : listed.results).map((p: { id: number }) => [p.id, p]),
    );
    for (const [id, sent] of acknowledged) {
      cases += 1;
      const row = byId.get(id);
      if (
        !row ||
        row.name !== sent.name ||
        row.description !== sent.description ||
        row.duration_weeks !== sent.duration_weeks ||
        row.price_inr !== sent.price_inr
      )
        lost += 1;
    }
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(lost).toBe(0);
    // And it serves writes again.
    expect((await call(baseUrl, again, 'POST', '/programs/programs', program(stamp, WRITES))).status).toBe(201);
    await supervisor.stop();
  }, 600_000);
});
