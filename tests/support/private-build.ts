// A private copy of the shared build for an end-to-end suite's server (DIST_DIR). The copy is
// taken under the build lock server/spa-build.ts swaps dist/ under: another engineer's server
// rebuilding dist/ mid-run removes the hashed chunks this server listed at start, and the page's
// next lazy import fails with a 404. The copy keeps its timestamps, so the server still rebuilds it
// (privately) when the sources are newer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function tryLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/** Copies dist/ to a fresh temporary folder and answers its path; remove it with `fs.rmSync`. */
export async function privateBuild(prefix: string): Promise<string> {
  const shared = path.resolve(import.meta.dirname, '../../dist');
  const lock = `${shared}.build-lock`;
  const deadline = Date.now() + 5 * 60_000;
  while (!tryLock(lock)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-dist-`));
    if (fs.existsSync(shared)) fs.cpSync(shared, copy, { recursive: true, preserveTimestamps: true });
    return copy;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
