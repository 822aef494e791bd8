// `npm start`: the server (server/main.ts) run as JavaScript that esbuild bundled under
// build/server/, not compiled by tsx as it loads. tsx kept every module's compiled source and
// source map in the heap, and start-up left that much more heap resident: about 100 MiB of RSS for
// the life of the process (issue 23). The bundle is rebuilt (about a second) when a file it was
// made from is newer than it, so a fresh clone and an edited tree both need only `npm start`.
// Plain JavaScript, so that this file itself runs without a compiler.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const projectRoot = path.resolve(import.meta.dirname, '..');
const buildsDir = path.join(projectRoot, 'build', 'server');
// Names the current build. Each build has its own folder, so servers starting together never load
// a half-written bundle or one another server is replacing.
const pointerFile = path.join(buildsDir, 'current');
// A server imports all of its build's chunks while it starts, so a build this old serves nobody
// that could still need a file of it.
const OLD_BUILD_MS = 60 * 60_000;

/** The current build's folder when every source it was made from is older than it, else null. */
function freshBuild() {
  try {
    const dir = path.join(buildsDir, fs.readFileSync(pointerFile, 'utf8').trim());
    const metaFile = path.join(dir, 'meta.json');
    const builtFrom = fs.statSync(metaFile).mtimeMs;
    const { inputs } = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    for (const input of Object.keys(inputs)) {
      const source = fs.statSync(path.join(projectRoot, input), { throwIfNoEntry: false });
      if (!source || source.mtimeMs > builtFrom) return null;
    }
    return dir;
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

async function build() {
  const name = `${Date.now().toString(36)}-${process.pid}`;
  const dir = path.join(buildsDir, name);
  const startedAt = new Date();
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      absWorkingDir: projectRoot,
      entryPoints: ['server/main.ts'],
      outdir: dir,
      bundle: true,
      // Chunks keep the modules main.ts imports lazily (the AWS SDK for a Cognito pool) lazy.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Dependencies load from node_modules as they are (PGlite finds its WebAssembly there).
      packages: 'external',
      metafile: true,
      logLevel: 'warning',
    });
    fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(result.metafile));
  } finally {
    await esbuild.stop();
  }
  // A source saved while esbuild read it is newer than the build's start: the next start rebuilds.
  fs.utimesSync(path.join(dir, 'meta.json'), startedAt, startedAt);
  const pointerDraft = `${pointerFile}.${process.pid}`;
  fs.writeFileSync(pointerDraft, name);
  fs.renameSync(pointerDraft, pointerFile);
  for (const entry of fs.readdirSync(buildsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === name) continue;
    const old = path.join(buildsDir, entry.name);
    if (Date.now() - fs.statSync(old).mtimeMs > OLD_BUILD_MS) fs.rmSync(old, { recursive: true, force: true });
  }
  return dir;
}

const dir = freshBuild() ?? (await build());
await import(pathToFileURL(path.join(dir, 'main.js')).href);
