// Lighthouse (the npm package; 12.x is the last line that runs on Node 20) against the real
// server with Debian's Chromium, under Lighthouse's default mobile emulation and simulated
// throttling: /login signed out, then (full mode) every portal page for a CLIENT, every staff
// page for an ADMIN (a prospect and their discovery visit included) and the five therapy visit
// charts for the NURSE who charts them, each signed in through the real login page in its own
// browser profile (Lighthouse keeps the storage). Quick mode (CI) audits /login only.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { THERAPIES } from '../machines/visits/therapy-fields.ts';
import { getHref } from '../src/app/paths.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../src/app/shell-text.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/browser.ts';
import { createAccount, type E2eAccount, tokenOf } from '../tests/support/e2e-accounts.ts';
import { freePort } from '../tests/support/server-process.ts';
import { type BenchOptions, type Figure, type SectionResult } from './lib/figures.ts';
import { arrangeRecords, CHART_ROUTES, type Records } from '../tests/support/record-pages.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 95, accessibility: 100 };

interface Audit {
  score: number | null;
  title: string;
  displayValue?: string;
  details?: { items?: Array<{ node?: { selector?: string } }> };
}

/** The elements an accessibility audit failed on (a few), so the page can be fixed from the report. */
function failedOn(a: Audit): string {
  const selectors = (a.details?.items ?? []).map((item) => item.node?.selector).filter(Boolean);
  return selectors.length ? ` on ${selectors.slice(0, 3).join(' | ')}${selectors.length > 3 ? ` and ${selectors.length - 3} more` : ''}` : '';
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
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9)
        failing.push(`${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${id === 'accessibility' ? failedOn(a) : ''}`);
    }
  }
  return { scores, failing };
}

/**
 * A real sign-in through our login page in the profile Lighthouse uses; the consent is accepted
 * so the home page is the one a returning client sees.
 */
async function signIn(
  context: BrowserContext,
  base: string,
  account: { id: number; email: string; password: string },
  landing: string,
  consents: boolean,
): Promise<void> {
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  try {
    await page.goto(`${base}/login`);
    await page.getByPlaceholder('Enter Your Email Here').fill(account.email);
    await page.getByPlaceholder('Enter Your Password Here').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .waitForURL((u) => u.pathname === landing, { timeout: 30_000 })
      .catch(async () => {
        const text = (
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        )
          .slice(0, 300)
          .replace(/\s+/g, ' ');
        throw new Error(
          `the sign-in did not reach ${landing} (at ${new URL(page.url()).pathname}; page says "${text}"; refused requests: ${refused.join(', ') || 'none'})`,
        );
      });
    if (!consents) return;
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('checkbox', { name: CONSENT_ACCEPT_LABEL }).check();
    await dialog.getByRole('button', { name: CONSENT_CONTINUE }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  } finally {
    await page.close();
  }
}

/** A signed-in browser profile of its own, for one role's pages. */
async function profileFor(workDir: string, name: string, executablePath: string) {
  const port = await freePort();
  const dir = path.join(workDir, `chromium-profile-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  const context = await chromium.launchPersistentContext(dir, { executablePath, headless: true, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  return { context, port };
}

/** Every built route a CLIENT opens in the portal, and every staff page an ADMIN opens (spec §2). */
const PORTAL_PAGES = [
  'home',
  'profile',
  'thrive-onboard',
  'thrive-check',
  'in-clinic',
  'intake-call',
  'book-test',
  'reports',
  'cognitive-assessment',
  'support',
];
const STAFF_PAGES = (client: number) => [
  '/clients',
  '/appointments',
  '/discovery',
  '/thrive-dashboard',
  `/thrive-dashboard/${client}`,
  `/client/${client}/details`,
  '/users',
  '/backoffice',
];
/** The record pages: a prospect and their discovery visit note (an ADMIN), a chart per therapy (the NURSE). */
const DISCOVERY_PAGES = (r: Records) => [
  getHref('clientDiscovery', { clientId: r.prospect }),
  getHref('clientDiscoveryVisit', { clientId: r.prospect, visitId: r.discoveryVisit }),
];
const CHART_PAGES = (client: number, r: Records) =>
  THERAPIES.map((therapy) => getHref(CHART_ROUTES[therapy], { clientId: client, visitId: r.visits[therapy] }));

export async function runLighthouse(options: BenchOptions): Promise<SectionResult> {
  const started = Date.now();
  const section = 'Front end: Lighthouse (mobile emulation)';
  const executablePath = chromiumPath();
  if (!executablePath)
    return { section, status: 'not available', figures: [], notes: ['Chromium not found (apt-get install -y chromium or CHROMIUM_PATH)'], durationMs: 0 };

  const bench = await options.server('pglite');
  const base = bench.server.baseUrl;
  const results: Array<{ label: string; result: Awaited<ReturnType<typeof audit>> }> = [];
  const notes: string[] = [];
  // One page's failed trace (Lighthouse's NO_NAVSTART happens now and then) is tried once more,
  // then noted; it does not stop the pages after it.
  const run = async (label: string, url: string, port: number) => {
    const t0 = Date.now();
    options.log(`  Lighthouse ${label}...`);
    for (let attempt = 1; ; attempt++) {
      try {
        results.push({ label, result: await audit(url, port) });
        break;
      } catch (error) {
        if (attempt === 2) {
          notes.push(`${label} not measured: ${(error as Error).message}`);
          break;
        }
      }
    }
    options.log(`    done in ${Math.round((Date.now() - t0) / 1000)} s`);
  };

  const visitor = await profileFor(options.workDir, 'visitor', executablePath);
  try {
    await run('/login', `${base}/login`, visitor.port);
  } finally {
    await visitor.context.close().catch(() => {});
  }

  // Quick mode (CI, 2-minute budget for every benchmark) audits /login only: each audit takes
  // 20-30 s on this machine.
  if (options.quick) notes.push('the portal and staff pages are skipped in quick mode (time budget); a full run audits every built route');
  else {
    const tag = Date.now().toString(36);
    let client: E2eAccount | null = null;
    const portal = await profileFor(options.workDir, 'client', executablePath);
    try {
      client = await createAccount(base, bench.token, 'CLIENT', `lh${tag}`);
      await signIn(portal.context, base, client, `/user/home/${client.id}`, true);
      for (const name of PORTAL_PAGES) await run(`/user/${name}/{id}`, `${base}/user/${name}/${client.id}`, portal.port);
    } catch (error) {
      notes.push(`portal pages not all measured: ${(error as Error).message}`);
    } finally {
      await portal.context.close().catch(() => {});
    }
    // The record pages (a prospect, their discovery visit, a chart per therapy) need records:
    // the ADMIN arranges them through the API before the staff pages are audited.
    let records: Records | null = null;
    let admin: E2eAccount | null = null;
    try {
      admin = await createAccount(base, bench.token, 'ADMIN', `lh${tag}`);
      if (!client) throw new Error('the CLIENT account was not made');
      records = await arrangeRecords(base, await tokenOf(base, admin.email, admin.password), client.id, `lh${tag}`);
    } catch (error) {
      notes.push(
        `not audited: the discovery prospect and visit note pages and the five therapy visit charts, whose records could not be arranged: ${(error as Error).message}`,
      );
    }
    const staff = await profileFor(options.workDir, 'staff', executablePath);
    try {
      if (!admin) throw new Error('the ADMIN account was not made');
      await signIn(staff.context, base, admin, '/clients', false);
      for (const page of STAFF_PAGES(client?.id ?? admin.id)) await run(page.replace(/\/\d+/g, '/{id}'), `${base}${page}`, staff.port);
      if (records) for (const page of DISCOVERY_PAGES(records)) await run(page.replace(/\/\d+/g, '/{id}'), `${base}${page}`, staff.port);
    } catch (error) {
      notes.push(`staff pages not all measured: ${(error as Error).message}`);
    } finally {
      await staff.context.close().catch(() => {});
    }
    // The charts as the person who charts them sees them (to an ADMIN they are read-only).
    if (records && client) {
      const nurse = await profileFor(options.workDir, 'nurse', executablePath);
      try {
        await signIn(nurse.context, base, records.nurse, '/clients', false);
        for (const page of CHART_PAGES(client.id, records)) await run(page.replace(/\/\d+/g, '/{id}'), `${base}${page}`, nurse.port);
      } catch (error) {
        notes.push(`therapy visit charts not all measured: ${(error as Error).message}`);
      } finally {
        await nurse.context.close().catch(() => {});
      }
    }
  }

  const figures: Figure[] = [];
  for (const { label, result } of results) {
    for (const id of CATEGORIES) {
      const value = result.scores[id] ?? null;
      const target = TARGETS[id];
      figures.push({
        name: `${label} ${id}`,
        value,
        unit: '/ 100',
        ...(target ? { target: target === 100 ? '100' : `>= ${target}`, met: value === null ? null : value >= target } : {}),
      });
    }
    if (result.failing.length) notes.push(`${label} audits below 90: ${result.failing.join('; ')}`);
  }
  notes.push(
    'Lighthouse 12 defaults: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown; the server is `npm start` on PGlite over plain HTTP on loopback.',
  );
  return { section, status: 'ok', figures, notes, durationMs: Date.now() - started };
}
