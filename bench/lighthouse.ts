// Lighthouse (the npm package; 12.x is the last line that runs on Node 20) against the real
// server with Debian's Chromium, under Lighthouse's default mobile emulation and simulated
// throttling: /login signed out, then /user/home/{id} for a CLIENT who signed in through the
// real login page in that same browser profile (Lighthouse keeps the storage).
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../src/app/shell-text.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/browser.ts';
import { createAccount, type E2eAccount } from '../tests/support/e2e-accounts.ts';
import { freePort } from '../tests/support/server-process.ts';
import { type BenchOptions, type Figure, type SectionResult } from './lib/figures.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 95, accessibility: 100 };

interface Audit {
  score: number | null;
  title: string;
  displayValue?: string;
}

async function audit(url: string, port: number): Promise<{ scores: Record<string, number | null>; failing: string[] }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores: Record<string, number | null> = {};
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    for (const ref of category?.auditRefs ?? []) {
      const a = lhr.audits[ref.id] as Audit | undefined;
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) failing.push(`${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  return { scores, failing };
}

/**
 * A real sign-in through our login page in the profile Lighthouse uses; the consent is accepted
 * so the home page is the one a returning client sees.
 */
async function signInClient(context: BrowserContext, base: string, client: { id: number; email: string; password: string }): Promise<void> {
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  try {
    await page.goto(`${base}/login`);
    await page.getByPlaceholder('Enter Your Email Here').fill(client.email);
    await page.getByPlaceholder('Enter Your Password Here').fill(client.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const home = `/user/home/${client.id}`;
    await page.waitForURL((u) => u.pathname === home, { timeout: 30_000 }).catch(async () => {
      const text = (await page.locator('body').innerText().catch(() => '')).slice(0, 300).replace(/\s+/g, ' ');
      throw new Error(`the CLIENT's sign-in did not reach ${home} (at ${new URL(page.url()).pathname}; page says "${text}"; refused requests: ${refused.join(', ') || 'none'})`);
    });
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('checkbox', { name: CONSENT_ACCEPT_LABEL }).check();
    await dialog.getByRole('button', { name: CONSENT_CONTINUE }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  } finally {
    await page.close();
  }
}

export async function runLighthouse(options: BenchOptions): Promise<SectionResult> {
  const started = Date.now();
  const section = 'Front end: Lighthouse (mobile emulation)';
  const executablePath = chromiumPath();
  if (!executablePath) return { section, status: 'not available', figures: [], notes: ['Chromium not found (apt-get install -y chromium or CHROMIUM_PATH)'], durationMs: 0 };

  const bench = await options.server('pglite');
  const port = await freePort();
  const profile = path.join(options.workDir, 'chromium-profile');
  fs.mkdirSync(profile, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const base = bench.server.baseUrl;
    const pages: Array<{ label: string; result?: Awaited<ReturnType<typeof audit>> }> = [{ label: '/login' }, { label: '/user/home/{id}' }];

    const notes: string[] = [];
    let client: E2eAccount | null = null;
    let t0 = Date.now();
    options.log('  Lighthouse /login (signed out)...');
    pages[0].result = await audit(`${base}/login`, port);
    options.log(`    done in ${Math.round((Date.now() - t0) / 1000)} s`);

    // Quick mode (CI, 2-minute budget for every benchmark) audits /login only: each audit takes
    // 20-30 s on this machine.
    let skipped: string | null = null;
    if (options.quick) skipped = 'skipped in quick mode (time budget); a full run audits it';
    else {
      try {
        client = await createAccount(base, bench.token, 'CLIENT', `lh${Date.now().toString(36)}`);
        await signInClient(context, base, client);
      } catch (error) {
        skipped = (error as Error).message;
      }
    }
    if (!skipped && client) {
      t0 = Date.now();
      options.log('  Lighthouse /user/home/{id} (CLIENT signed in)...');
      pages[1].result = await audit(`${base}/user/home/${client.id}`, port);
      options.log(`    done in ${Math.round((Date.now() - t0) / 1000)} s`);
    } else {
      notes.push(`/user/home/{id} not measured: ${skipped}`);
    }

    const figures: Figure[] = [];
    for (const p of options.quick ? pages.slice(0, 1) : pages) {
      for (const id of CATEGORIES) {
        const value = p.result?.scores[id] ?? null;
        const target = TARGETS[id];
        figures.push({
          name: `${p.label} ${id}`,
          value,
          unit: '/ 100',
          ...(target ? { target: target === 100 ? '100' : `>= ${target}`, met: value === null ? null : value >= target } : {}),
        });
      }
      if (p.result?.failing.length) notes.push(`${p.label} audits below 90: ${p.result.failing.join('; ')}`);
    }
    notes.push('Lighthouse 12 defaults: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown; the server is `npm start` on PGlite over plain HTTP on loopback.');
    return { section, status: 'ok', figures, notes, durationMs: Date.now() - started };
  } finally {
    await context.close().catch(() => {});
  }
}
