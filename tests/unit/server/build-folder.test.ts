// What `npm start` writes (the server bundle and the web app, both under build/) is never read as
// source: lint, typecheck and git ignore it, so `npm test` after `npm start` lints the project
// and not a bundle (issue 43). And the build lock and staging folders a killed build leaves
// behind are taken over and cleared at the next start instead of stalling it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_BUILD_DIR } from '../../../server/config.ts';
import { removeLeftoverBuilds, tryBuildLock } from '../../../server/spa-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// Paths a start, a killed build or an older checkout leaves in the project folder.
const WRITTEN = [
  'build/server/mj2k1-4242/main.js',
  'build/server/mj2k1-4242/cognito-ABC123.js',
  `${DEFAULT_WEB_BUILD_DIR}/assets/index-abc.js`,
  `${DEFAULT_WEB_BUILD_DIR}.staging-4242/assets/index-abc.js`,
  `${DEFAULT_WEB_BUILD_DIR}.previous-4242/assets/index-abc.js`,
  'data/pglite/x.js',
  'dist/assets/index-abc.js',
  'dist.staging-4242/assets/index-abc.js',
];

describe('what start-up writes', () => {
  it('is under build/ (the web app too)', () => {
    expect(DEFAULT_WEB_BUILD_DIR.startsWith('build/')).toBe(true);
  });

  it.each(WRITTEN)('%s is ignored by lint', async (file) => {
    expect(await new ESLint({ cwd: ROOT }).isPathIgnored(path.join(ROOT, file))).toBe(true);
  });

  it('the same files are ignored by git', () => {
    const result = spawnSync('git', ['check-ignore', '--no-index', ...WRITTEN], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout.trim().split('\n').sort()).toEqual([...WRITTEN].sort());
  });

  it('source next to them is still linted', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    expect(await eslint.isPathIgnored(path.join(ROOT, 'server/start.js'))).toBe(false);
    expect(await eslint.isPathIgnored(path.join(ROOT, 'server/spa-build.ts'))).toBe(false);
  });

  it('typecheck reads only source folders', () => {
    const tsconfig = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
    expect(tsconfig.include.filter((entry) => /^(build|dist|data)\b/.test(entry))).toEqual([]);
  });
});

describe('a build killed midway', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A process id that is certainly not running: a child that has exited. */
  function deadPid(): number {
    return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
  }

  function lockOwnedBy(pid: number | string, ageMs = 0): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-lock-'));
    const lock = path.join(dir, 'web.build-lock');
    fs.mkdirSync(lock);
    if (pid !== '') fs.writeFileSync(path.join(lock, 'owner'), String(pid));
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(lock, at, at);
    return lock;
  }

  it('leaves a lock that the next start takes over at once', () => {
    const lock = lockOwnedBy(deadPid());
    // The first try clears the dead owner's lock, the next takes it.
    expect(tryBuildLock(lock)).toBe(false);
    expect(tryBuildLock(lock)).toBe(true);
    expect(fs.readFileSync(path.join(lock, 'owner'), 'utf8')).toBe(String(process.pid));
  });

  it('a live builder keeps its lock', () => {
    const lock = lockOwnedBy(process.ppid);
    expect(tryBuildLock(lock)).toBe(false);
    expect(tryBuildLock(lock)).toBe(false);
  });

  it('a lock without an owner (killed between taking it and naming itself) is kept only briefly', () => {
    expect(tryBuildLock(lockOwnedBy(''))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'web.build-lock'))).toBe(true);
    const old = lockOwnedBy('', 60_000);
    tryBuildLock(old);
    expect(tryBuildLock(old)).toBe(true);
  });

  it("leaves staging folders that the next build removes, but not a running build's", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-leftovers-'));
    const web = path.join(dir, 'web');
    const dead = deadPid();
    for (const name of [`web.staging-${dead}`, `web.previous-${dead}`, `web.staging-${process.pid}`, 'web', 'webx.staging-1', 'server']) {
      fs.mkdirSync(path.join(dir, name), { recursive: true });
    }
    removeLeftoverBuilds(web);
    expect(fs.readdirSync(dir).sort()).toEqual(['server', 'web', `web.staging-${process.pid}`, 'webx.staging-1'].sort());
  });
});
