// `npm start` builds the SPA when the build is missing or older than its sources, so a fresh
// clone needs only `npm ci && npm start`. Builds are serialised by a lock directory and land
// atomically (built beside build/web/, then swapped in), so two servers starting together never
// serve a half-written build. Everything a build writes stays under build/, which lint, typecheck
// and git ignore: a server killed mid-build leaves nothing the tests or the next start trip on.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// This file too: a build made by an older recipe (a development build, say) is made again.
const sourceRoots = ['src', 'machines', 'openapi', 'index.html', 'vite.config.ts', 'package.json', 'public', 'server/spa-build.ts'];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function spaBuildIsStale(projectRoot: string, distDir: string): boolean {
  const marker = path.join(distDir, 'version.json');
  if (!fs.existsSync(marker) || !fs.existsSync(path.join(distDir, 'index.html'))) return true;
  const built = fs.statSync(marker).mtimeMs;
  return sourceRoots.some((entry) => newestMtime(path.join(projectRoot, entry)) > built);
}

/** Whether a process with this id is running (a lock or staging folder's owner). */
function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const OWNER_FILE = 'owner';
// A lock whose owner cannot be read (killed between mkdir and writing its pid) is left over once
// it is this old; a lock whose owner is dead is left over at once.
const UNREADABLE_LOCK_MS = 10_000;
// A live owner never holds the lock longer than the longest build.
const LONGEST_BUILD_MS = 5 * 60_000;

/** Takes the lock directory if it is free or left over by a dead process; false while another holds it. */
export function tryBuildLock(lockDir: string): boolean {
  try {
    fs.mkdirSync(lockDir);
    fs.writeFileSync(path.join(lockDir, OWNER_FILE), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const lock = fs.statSync(lockDir, { throwIfNoEntry: false });
  if (!lock) return false;
  let owner = NaN;
  try {
    owner = Number(fs.readFileSync(path.join(lockDir, OWNER_FILE), 'utf8').trim() || NaN);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const age = Date.now() - lock.mtimeMs;
  const leftOver = Number.isNaN(owner) ? age > UNREADABLE_LOCK_MS : !processAlive(owner) || age > LONGEST_BUILD_MS;
  if (leftOver) fs.rmSync(lockDir, { recursive: true, force: true });
  return false;
}

export async function withBuildLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LONGEST_BUILD_MS;
  while (!tryBuildLock(lockDir)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for another build (${lockDir})`);
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Removes the staging and previous folders of builds whose process is gone (killed mid-build). */
export function removeLeftoverBuilds(distDir: string): void {
  const parent = path.dirname(distDir);
  const pattern = new RegExp(`^${path.basename(distDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(staging|previous)-(\\d+)$`);
  for (const name of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
    const match = pattern.exec(name);
    if (match && !processAlive(Number(match[2]))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Vite runs in a child process: a build peaks near 900 MiB, and in the server's own process that
 * heap stayed resident for the server's whole life (measured 954 MiB RSS right after such a start
 * on PGlite, 875 MiB on PostgreSQL, against about 420 and 270 MiB without the build).
 */
async function buildInChildProcess(projectRoot: string, outDir: string): Promise<void> {
  const viteCli = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  const args = [viteCli, 'build', '--config', path.join(projectRoot, 'vite.config.ts'), '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'];
  await new Promise<void>((resolve, reject) => {
    // Always the production build: a server started by a test runner inherits NODE_ENV=test, and
    // Vite then bundles React's development build, whose StrictMode starts every effect twice
    // (each machine's actor started, stopped and started again, its requests sent twice).
    const child = spawn(process.execPath, args, { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`building the web app failed (exit ${code ?? signal})`))));
  });
}

/** Builds the SPA into distDir unless another process finished an up-to-date build meanwhile. */
export async function ensureSpaBuild(projectRoot: string, distDir: string): Promise<boolean> {
  if (!spaBuildIsStale(projectRoot, distDir)) return false;
  fs.mkdirSync(path.dirname(distDir), { recursive: true });
  return withBuildLock(`${distDir}.build-lock`, async () => {
    removeLeftoverBuilds(distDir);
    if (!spaBuildIsStale(projectRoot, distDir)) return false;
    const staging = `${distDir}.staging-${process.pid}`;
    await buildInChildProcess(projectRoot, staging);
    const previous = `${distDir}.previous-${process.pid}`;
    if (fs.existsSync(distDir)) fs.renameSync(distDir, previous);
    fs.renameSync(staging, distDir);
    fs.rmSync(previous, { recursive: true, force: true });
    return true;
  });
}
