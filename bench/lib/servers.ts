// Real servers for the benchmarks: `npm start`'s command (tests/support/server-process.ts) on a
// fresh PGlite directory or a fresh PostgreSQL database, with the bootstrap SUPER_ADMIN signed in
// over the identity protocol so every API call carries a real token.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { completeFirstSignIn } from '../../tests/support/e2e-accounts.ts';
import { type ServerProcess, startServer } from '../../tests/support/server-process.ts';

export type Engine = 'pglite' | 'postgres';

export const BENCH_ADMIN_EMAIL = 'bench-admin@clinic.test';
const BENCH_ADMIN_TEMP_PASSWORD = 'Bench#Temp1234';
export const BENCH_PASSWORD = 'Bench-Pass-1234!';

/** The PostgreSQL server benchmarks create their databases on (CI sets DATABASE_URL). */
export function postgresAdminUrl(): string {
  return process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export async function postgresAvailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL not reachable at ${postgresAdminUrl().replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty database on the PostgreSQL server; returns its URL. */
export async function createDatabase(name: string): Promise<string> {
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

export interface BenchServer {
  engine: Engine;
  server: ServerProcess;
  databaseUrl: string | null;
  /** SUPER_ADMIN access token (real, from USER_PASSWORD_AUTH). */
  token: string;
  stop(): Promise<void>;
}

/** Limits high enough that a load test measures the server, not its rate limiter. */
const UNLIMITED = { API_RATE_LIMIT_PER_IP: '100000000', API_RATE_LIMIT_PER_TOKEN: '100000000', IDENTITY_RATE_LIMIT_PER_MINUTE: '1000000' };

export async function startBenchServer(engine: Engine, options: { env?: Record<string, string> } = {}): Promise<BenchServer> {
  const distDir = options.env?.DIST_DIR;
  if (distDir) {
    // The run's own build, made from the sources when the run began: sources a developer edits
    // meanwhile must not make `npm start` rebuild it in-process (that would land in the memory
    // figures and the start-up time).
    const now = new Date();
    fs.utimesSync(path.join(distDir, 'version.json'), now, now);
  }
  const dbName = `clinic_bench_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = engine === 'postgres' ? await createDatabase(dbName) : null;
  let server: ServerProcess;
  try {
    server = await startServer({
      env: {
        ...UNLIMITED,
        ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
        ADMIN_TEMP_PASSWORD: BENCH_ADMIN_TEMP_PASSWORD,
        MAIL_TRANSPORT: 'outbox',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl ?? '',
        ...options.env,
      },
      timeoutMs: 300_000,
    });
  } catch (error) {
    if (databaseUrl) await dropDatabase(dbName).catch(() => {});
    throw error;
  }
  const stop = async () => {
    await server.stop('SIGTERM');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(dbName).catch(() => {});
  };
  try {
    const tokens = await completeFirstSignIn(server.baseUrl, BENCH_ADMIN_EMAIL, BENCH_ADMIN_TEMP_PASSWORD, BENCH_PASSWORD);
    return { engine, server, databaseUrl, token: tokens.AccessToken, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resident set size of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}
