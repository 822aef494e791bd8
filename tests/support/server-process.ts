// Starts the real server the way a clinic does (`npm start`'s command) on a free port and a
// temporary DATA_DIR, and waits for /readyz.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// `npm start`'s own command line (its node flags included), read from package.json so the two
// cannot drift apart.
const packageJson = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: { start: string } };
const [startProgram, ...startArgs] = packageJson.scripts.start.split(' ');
if (startProgram !== 'node') throw new Error(`npm start is expected to run node, not: ${packageJson.scripts.start}`);

/** A server's environment: given, or made from the address it will answer at (for PUBLIC_URL). */
export type ServerEnv = Record<string, string> | ((baseUrl: string) => Record<string, string>);

export async function startServer(options: { env?: ServerEnv; dataDir?: string; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = typeof options.env === 'function' ? options.env(baseUrl) : options.env;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-data-'));
  let output = '';
  const child = spawn(process.execPath, startArgs, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    // DATABASE_URL is blanked unless the caller passes one: a test server must never land in
    // the CI's shared database (PGlite under the temporary DATA_DIR is the default).
    // The tests' clients connect from loopback, which stands in for the clinic's proxy (each
    // simulated caller brings its own X-Forwarded-For); TRUST_PROXY: '' tests the default.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', DATABASE_URL: '', TRUST_PROXY: 'loopback', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    // Every kill -9 round and end-to-end file waits here for one or more starts: a short poll finds
    // the server ready when it is, not up to a fifth of a second later (a refused connect costs little).
    await new Promise((r) => setTimeout(r, 20));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`server did not become ready:\n${output}`);
  }
  return {
    baseUrl,
    port,
    dataDir,
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
