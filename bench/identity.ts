// `npm run bench:identity`: figures for the built-in identity service, printed, never asserted.
//   1. Server time per SRP sign-in (InitiateAuth + RespondToAuthChallenge), p50/p99, measured by
//      Fastify (reply.elapsedTime) inside an in-process server on sequential sign-ins: only one
//      request is ever in flight, so the client's SRP math never overlaps the server's work.
//   2. Sign-ins per second with 16 concurrent clients over HTTP against the real server in its own
//      process (`npm start`'s command); the clients' SRP math runs in this process, on the same
//      2 cores, so this understates the server.
//   3. GetUser throughput and latency, the two services run the same way: each in its own process
//      (`npm start`'s command; `cognito-local`'s bin), one after the other, over HTTP, driven by
//      the same load generator (autocannon in this process, 16 connections, identical requests
//      and headers), and the ratio.
// Runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import autocannon from 'autocannon';
import { srpClient } from '../tests/support/identity.ts';
import { freePort } from '../tests/support/server-process.ts';
import { buildTestApp } from '../tests/support/test-app.ts';
import { describeMachine, machineAtEnd, machineAtStart } from './lib/machine.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, startBenchServer } from './lib/servers.ts';

// --quick: a few seconds, only to show it produces numbers; --json <file>: the figures for
// `npm run bench` (bench/run.ts, format in bench/external.ts).
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const figures: Array<Record<string, unknown>> = [];
const SEQUENTIAL = Number(process.env.BENCH_SIGN_INS ?? (quick ? 30 : 200));
const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 10));
const PASSWORD = 'Bench-Pass-123';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function call(baseUrl: string, action: string, body: unknown) {
  const res = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${action}: ${json.__type} ${json.message}`);
  return json;
}

/** Both services get exactly these headers; cognito-local wants a SigV4-shaped authorization. */
const GET_USER_HEADERS = { authorization: 'AWS4-HMAC-SHA256 Credential=local/20250101/ap-south-1/cognito-idp/aws4_request' };

async function getUserThroughput(url: string, accessToken: string, headers: Record<string, string> = GET_USER_HEADERS) {
  await autocannon({
    url,
    method: 'POST',
    connections: CONCURRENCY,
    duration: 1,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser', ...headers },
    body: JSON.stringify({ AccessToken: accessToken }),
  }); // warm-up
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONCURRENCY,
    duration: SECONDS,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser', ...headers },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
  if (result.non2xx > 0 || result.errors > 0 || result['2xx'] === 0)
    throw new Error(`GetUser on ${url}: ${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { perSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors, p50: result.latency.p50, p99: result.latency.p99 };
}

async function startCognitoLocal() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cognito-local-'));
  const child = spawn(process.execPath, [path.resolve('node_modules/cognito-local/lib/bin/start.js')], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '' },
    stdio: 'ignore',
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new CognitoIdentityProviderClient({ region: 'ap-south-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(endpoint, { method: 'POST' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('cognito-local did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const pool = await client.send(new CreateUserPoolCommand({ PoolName: 'bench' }));
  const poolId = pool.UserPool!.Id!;
  const appClient = await client.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'bench' }));
  await client.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'bench@example.com', TemporaryPassword: PASSWORD, MessageAction: 'SUPPRESS' }));
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'bench@example.com', Password: PASSWORD, Permanent: true }));
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId: appClient.UserPoolClient!.ClientId!,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'bench@example.com', PASSWORD },
    }),
  );
  return {
    url: `${endpoint}/`,
    accessToken: auth.AuthenticationResult!.AccessToken!,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function signInWith(baseUrl: string, poolId: string, clientId: string, username: string, password: string): Promise<string> {
  const client = srpClient(poolId);
  const started = await call(baseUrl, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: username, SRP_A: client.srpA },
  });
  const done = await call(baseUrl, 'RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: client.answer(started.ChallengeParameters, password),
  });
  if (!done.AuthenticationResult) throw new Error('sign-in did not complete');
  return done.AuthenticationResult.AccessToken as string;
}

/** 1. Server time per sign-in, from Fastify's own clock, with one request in flight at a time. */
async function serverTimePerSignIn(engine: 'pglite' | 'postgres') {
  const t = await buildTestApp(engine, { env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '1000000' } });
  try {
    const serverMs: Record<string, number> = {};
    t.app.addHook('onResponse', async (request, reply) => {
      const target = String(request.headers['x-amz-target'] ?? '');
      if (target.endsWith('.InitiateAuth') || target.endsWith('.RespondToAuthChallenge')) serverMs[request.id] = reply.elapsedTime;
    });
    const { poolId, clientId } = t.runtime.identity;
    await t.runtime.identity.admin.adminCreateUser({ Username: 'bench@example.com', MessageAction: 'SUPPRESS' });
    await t.runtime.identity.admin.adminSetUserPassword({ Username: 'bench@example.com', Password: PASSWORD, Permanent: true });
    const baseUrl = await t.listen();
    const signIn = () => signInWith(baseUrl, poolId, clientId, 'bench@example.com', PASSWORD);
    for (let i = 0; i < 20; i++) await signIn();
    const times: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      for (const key of Object.keys(serverMs)) delete serverMs[key];
      await signIn();
      times.push(Object.values(serverMs).reduce((a, b) => a + b, 0));
    }
    return times.sort((a, b) => a - b);
  } finally {
    await t.close();
  }
}

async function main() {
  const machine = machineAtStart();
  const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(`identity benchmark on ${engine}; ${describeMachine(machine)}`);

  const times = await serverTimePerSignIn(engine);
  console.log(
    `SRP sign-in server time (InitiateAuth + RespondToAuthChallenge), ${SEQUENTIAL} sequential: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
  );
  figures.push({
    name: `SRP sign-in server time p50 (${SEQUENTIAL} sequential)`,
    value: percentile(times, 50),
    unit: 'ms',
    target: '< 5 ms',
    met: percentile(times, 50) < 5,
  });
  figures.push({ name: `SRP sign-in server time p99 (${SEQUENTIAL} sequential)`, value: percentile(times, 99), unit: 'ms' });

  // 2 and 3: the real server in its own process, like cognito-local below.
  const server = await startBenchServer(engine);
  let ours: Awaited<ReturnType<typeof getUserThroughput>>;
  try {
    const baseUrl = server.server.baseUrl;
    const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_id: string; user_pool_client_id: string } } };
    const { user_pool_id: poolId, user_pool_client_id: clientId } = config.amplify.auth;
    const signIn = () => signInWith(baseUrl, poolId, clientId, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    for (let i = 0; i < 10; i++) await signIn();
    let completed = 0;
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < until) {
          await signIn();
          completed++;
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    console.log(
      `SRP sign-ins per second, ${CONCURRENCY} concurrent clients: ${(completed / elapsed).toFixed(1)} (${completed} in ${elapsed.toFixed(1)} s; client SRP math shares the CPU)`,
    );
    figures.push({
      name: `SRP sign-ins per second, ${CONCURRENCY} concurrent`,
      value: completed / elapsed,
      unit: '/s',
      note: "server in its own process; the clients' SRP math runs in the benchmark process on the same cores",
    });
    ours = await getUserThroughput(`${baseUrl}/identity`, await signIn());
    console.log(`GetUser, built-in service (own process): ${ours.perSecond.toFixed(0)} req/s (p50 ${ours.p50} ms, p99 ${ours.p99} ms)`);
  } finally {
    await server.stop();
  }

  const local = await startCognitoLocal();
  try {
    const theirs = await getUserThroughput(local.url, local.accessToken);
    console.log(`GetUser, cognito-local (own process):    ${theirs.perSecond.toFixed(0)} req/s (p50 ${theirs.p50} ms, p99 ${theirs.p99} ms)`);
    const ratio = ours.perSecond / theirs.perSecond;
    console.log(`GetUser throughput ratio (built-in / cognito-local): ${ratio.toFixed(2)}x`);
    figures.push({
      name: 'GetUser throughput, built-in',
      value: ours.perSecond,
      unit: 'req/s',
      compared: { label: 'cognito-local', value: theirs.perSecond, unit: 'req/s' },
      note: `p50 ${ours.p50} ms, p99 ${ours.p99} ms (cognito-local p50 ${theirs.p50} ms, p99 ${theirs.p99} ms); both in their own process, same autocannon load`,
    });
    figures.push({ name: 'GetUser throughput ratio built-in / cognito-local', value: ratio, unit: 'x', target: '>= 2x', met: ratio >= 2 });
  } finally {
    local.stop();
  }
  const notes = [
    `identity on ${engine}; ${SEQUENTIAL} sequential sign-ins (server time in-process), ${SECONDS} s load runs against each service in its own process`,
  ];
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ machine: machineAtEnd(machine), figures, notes }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
