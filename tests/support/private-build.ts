// A private copy of the shared build for an end-to-end suite's server (DIST_DIR). The copy is
// taken under the build lock server/spa-build.ts swaps build/web/ under: another engineer's server
// rebuilding build/web/ mid-run removes the hashed chunks this server listed at start, and the page's
// next lazy import fails with a 404. The copy keeps its timestamps, so the server still rebuilds it
// (privately) when the sources are newer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_WEB_BUILD_DIR } from '../../server/config.ts';
import { withBuildLock } from '../../server/spa-build.ts';

/** Copies the shared build to a fresh temporary folder and answers its path; remove it with `fs.rmSync`. */
export async function privateBuild(prefix: string): Promise<string> {
  const shared = path.resolve(import.meta.dirname, '../..', DEFAULT_WEB_BUILD_DIR);
  fs.mkdirSync(path.dirname(shared), { recursive: true });
  return withBuildLock(`${shared}.build-lock`, async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-dist-`));
    if (fs.existsSync(shared)) fs.cpSync(shared, copy, { recursive: true, preserveTimestamps: true });
    return copy;
  });
}
