// `npm start` builds the SPA when the build is missing or older than its sources, so a fresh
// clone needs only `npm ci && npm start`.
import fs from 'node:fs';
import path from 'node:path';

const sourceRoots = ['src', 'machines', 'openapi', 'index.html', 'vite.config.ts', 'package.json', 'public'];

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

export async function buildSpa(projectRoot: string, distDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root: projectRoot, configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir: distDir } });
}
