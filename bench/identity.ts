// `npm run bench:identity`: figures for the built-in identity service, printed, never asserted.
//   1. Server time per SRP sign-in (InitiateAuth + RespondToAuthChallenge), p50/p99, measured by
//      Fastify (reply.elapsedTime) on sequential sign-ins.
//   2. Sign-ins per second with 16 concurrent clients over HTTP (the clients' SRP math runs in
//      this same process, on the same 2 cores, so this understates the server).
//   3. GetUser throughput (autocannon, 16 connections) against this server and against the
//      `cognito-local` npm emulator started beside it, and the ratio.
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

async function getUserThroughput(url: string, accessToken: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONCURRENCY,
    duration: SECONDS,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser', ...headers },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
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
    new InitiateAuthCommand({ ClientId: appClient.UserPoolClient!.ClientId!, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'bench@example.com', PASSWORD } }),
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

async function main() {
  const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const t = await buildTestApp(engine, { env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '1000000' } });
  const serverMs: Record<string, number> = {};
  t.app.addHook('onResponse', async (request, reply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    if (target.endsWith('.InitiateAuth') || target.endsWith('.RespondToAuthChallenge')) serverMs[request.id] = reply.elapsedTime;
  });
  const { poolId, clientId } = t.runtime.identity;
  await t.runtime.identity.admin.adminCreateUser({ Username: 'bench@example.com', MessageAction: 'SUPPRESS' });
  await t.runtime.identity.admin.adminSetUserPassword({ Username: 'bench@example.com', Password: PASSWORD, Permanent: true });
  const baseUrl = await t.listen();

  const signIn = async () => {
    const client = srpClient(poolId);
    const started = await call(baseUrl, 'InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'bench@example.com', SRP_A: client.srpA } });
    const done = await call(baseUrl, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: client.answer(started.ChallengeParameters, PASSWORD),
    });
    if (!done.AuthenticationResult) throw new Error('sign-in did not complete');
    return done.AuthenticationResult.AccessToken as string;
  };

  console.log(`identity benchmark on ${engine}, ${os.cpus().length} CPU cores, node ${process.version}`);
  for (let i = 0; i < 20; i++) await signIn();
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    for (const key of Object.keys(serverMs)) delete serverMs[key];
    await signIn();
    times.push(Object.values(serverMs).reduce((a, b) => a + b, 0));
  }
  times.sort((a, b) => a - b);
  console.log(`SRP sign-in server time (InitiateAuth + RespondToAuthChallenge), ${SEQUENTIAL} sequential: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`);
  figures.push({ name: `SRP sign-in server time p50 (${SEQUENTIAL} sequential)`, value: percentile(times, 50), unit: 'ms' });
  figures.push({ name: `SRP sign-in server time p99 (${SEQUENTIAL} sequential)`, value: percentile(times, 99), unit: 'ms' });

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
  console.log(`SRP sign-ins per second, ${CONCURRENCY} concurrent clients: ${(completed / elapsed).toFixed(1)} (${completed} in ${elapsed.toFixed(1)} s; client SRP math shares the CPU)`);
  figures.push({ name: `SRP sign-ins per second, ${CONCURRENCY} concurrent`, value: completed / elapsed, unit: '/s', note: 'client SRP math shares the CPU' });

  const token = await signIn();
  const ours = await getUserThroughput(`${baseUrl}/identity`, token);
  console.log(`GetUser, built-in service: ${ours.perSecond.toFixed(0)} req/s (p50 ${ours.p50} ms, p99 ${ours.p99} ms, non-2xx ${ours.non2xx}, errors ${ours.errors})`);
  await t.close();

  const local = await startCognitoLocal();
  try {
    const theirs = await getUserThroughput(local.url, local.accessToken, { authorization: 'AWS4-HMAC-SHA256 Credential=local/20250101/ap-south-1/cognito-idp/aws4_request' });
    console.log(`GetUser, cognito-local:         ${theirs.perSecond.toFixed(0)} req/s (p50 ${theirs.p50} ms, p99 ${theirs.p99} ms, non-2xx ${theirs.non2xx}, errors ${theirs.errors})`);
    console.log(`GetUser throughput ratio (built-in / cognito-local): ${(ours.perSecond / theirs.perSecond).toFixed(2)}x`);
    figures.push({ name: 'GetUser throughput, built-in', value: ours.perSecond, unit: 'req/s', compared: { label: 'cognito-local', value: theirs.perSecond, unit: 'req/s' }, note: `p50 ${ours.p50} ms, p99 ${ours.p99} ms (cognito-local p50 ${theirs.p50} ms, p99 ${theirs.p99} ms)` });
    figures.push({ name: 'GetUser throughput ratio built-in / cognito-local', value: ours.perSecond / theirs.perSecond, unit: 'x' });
  } finally {
    local.stop();
  }
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ figures, notes: [`identity on ${engine}; ${SEQUENTIAL} sequential sign-ins, ${SECONDS} s load runs`] }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
