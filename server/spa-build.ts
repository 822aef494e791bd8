// `npm start` builds the SPA when the build is missing or older than its sources, so a fresh
// clone needs only `npm ci && npm start`. Builds are serialised by a lock directory and land
// atomically (built beside dist/, then swapped in), so two servers starting together never
// serve a half-written build.
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

async function withBuildLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than the longest build is left over from a killed process.
      const lock = fs.statSync(lockDir, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > 5 * 60_000) fs.rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for another build (${lockDir})`, { cause: error });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
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
  return withBuildLock(`${distDir}.build-lock`, async () => {
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
