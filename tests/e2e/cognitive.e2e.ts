// Cognitive assessment in Chromium against the real server: a CLIENT takes the whole screening
// battery, answered deterministically from the run's stored seed (the battery the page shows is
// the one machines/cognitive/battery.ts builds from it), and sees the scores the server computed;
// a NURSE records a MoCA total on the client's record, and the client sees it.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedAnswer, generateBattery, type Item, nextItem, type Response, type Task } from '../../machines/cognitive/battery.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import { COGNITIVE_SECTION } from '../../src/features/cognitive/client-cognitive-texts.ts';
import { COGNITIVE_TEXT as T } from '../../src/features/cognitive/texts.ts';
import { launchBrowser, newContext, watchConsole } from '../support/browser.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { completeFirstSignIn, createAccount, type E2eAccount } from '../support/e2e-accounts.ts';
import { privateBuild } from '../support/private-build.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { call } from '../support/staff-e2e.ts';

const ADMIN_EMAIL = 'cognitive-admin@clinic.test';
const ADMIN_TEMP = 'Temp#Cognitive1234';

let server: ServerProcess;
let browser: Browser;
let client: E2eAccount;
let nurse: E2eAccount;
let page: Page;
let errors: string[];
let distDir: string;

beforeAll(async () => {
  distDir = await privateBuild('cognitive');
  server = await startServer({
    env: { ADMIN_EMAIL, ADMIN_TEMP_PASSWORD: ADMIN_TEMP, MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn', DATABASE_URL: '', DIST_DIR: distDir },
    dataDir: await migratedDataDir('clinic-e2e-cognitive-'),
    timeoutMs: 240_000,
  });
  browser = await launchBrowser();
  const admin = await completeFirstSignIn(server.baseUrl, ADMIN_EMAIL, ADMIN_TEMP);
  client = await createAccount(server.baseUrl, admin.AccessToken, 'CLIENT', 'cognitive');
  nurse = await createAccount(server.baseUrl, admin.AccessToken, 'NURSE', 'cognitive');
  // A run still open when the clinic's day ends is closed as incomplete (as it should be), so a
  // battery taken across midnight would fail here; the clinic is put where it is now midday.
  const zone = middayZone(new Date());
  expect((await call(server.baseUrl, admin.AccessToken, 'PATCH', '/appointments/hours', { time_zone: zone })).status).toBe(200);
  const context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  errors = watchConsole(page);
  // The client is signed in here, not in a test, so each test also runs alone (-t).
  await signIn(page, client);
  await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
  await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
  await page.getByLabel(CONSENT_ACCEPT_LABEL).waitFor({ state: 'detached' });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

async function signIn(p: Page, account: E2eAccount) {
  await p.goto('/login');
  await p.getByPlaceholder('Enter Your Email Here').fill(account.email);
  await p.getByPlaceholder('Enter Your Password Here').fill(account.password);
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
  await p.waitForURL((u) => u.pathname !== '/login', { timeout: 20_000 });
}

/** The fixed-offset zone (Etc/GMT signs are inverted) where the clock reads about 12:00 now. */
function middayZone(now: Date): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const battery = (p: Page) => p.locator('[data-battery]');

/** The page is no wider than the window (nothing makes the client scroll sideways): true, or the elements sticking out. */
const fitsWidth = (p: Page) =>
  p.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return true;
    const out = [...document.querySelectorAll('body *')].filter(
      (e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && e.getClientRects().length > 0,
    );
    return out
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')} ${Math.round(e.getBoundingClientRect().right)}px: ${(e.textContent ?? '').slice(0, 40)}`,
      );
  });

async function waitView(p: Page, views: string[]) {
  await expect.poll(async () => views.includes((await battery(p).getAttribute('data-view')) ?? ''), { timeout: 20_000 }).toBe(true);
}

/** Answers the item on screen right, as a client would: typing, pressing, tapping in order. */
async function answer(p: Page, task: Task, item: Item, answering: string) {
  await waitView(p, [answering]);
  switch (item.kind) {
    case 'recall':
      await p.getByLabel(T.wordsLabel).fill(item.words.join(' '));
      await p.getByRole('button', { name: T.submit }).click();
      break;
    case 'digits':
      await p.getByLabel(T.digitsLabel).fill(expectedAnswer(task, item));
      await p.getByRole('button', { name: T.submit }).click();
      break;
    case 'reaction':
      if (item.side === null) await p.getByRole('button', { name: T.press }).click();
      else await p.getByRole('button', { name: item.side === 'left' ? `← ${T.left}` : `${T.right} →` }).click();
      break;
    case 'symbol':
      await p.getByRole('button', { name: expectedAnswer(task, item), exact: true }).click();
      break;
    case 'connect':
      for (const label of item.targets) await p.locator('[data-field="trail"]').getByRole('button', { name: label, exact: true }).click();
      break;
  }
}

describe('cognitive assessment (Chromium)', () => {
  it('a client takes the whole battery at 360 px, answered from its seed, and sees the scores', async () => {
    // A phone's width: every screen of the battery fits it without scrolling sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/user/cognitive-assessment/${client.id}`);
    await page.getByText(T.intro).waitFor();
    await page.getByRole('button', { name: T.start }).click();
    await waitView(page, ['intro']);
    const seed = Number(await battery(page).getAttribute('data-seed'));
    const plan = generateBattery(seed);
    await page.getByRole('button', { name: T.begin }).click();

    for (const task of plan.tasks) {
      await waitView(page, ['instructions']);
      if (task.practice) {
        await page.getByRole('button', { name: T.practice }).click();
        await answer(page, task, task.practice, 'practice-answering');
        await waitView(page, ['practice-feedback']);
        await page.getByText(T.practiceRight).waitFor();
      }
      await page.getByRole('button', { name: T.startTask }).click();
      expect(await fitsWidth(page), `${task.kind} at 360 px`).toBe(true);
      const responses: Response[] = [];
      for (let next = nextItem(task, []); next !== null; next = nextItem(task, responses)) {
        const item = task.items[next];
        await answer(page, task, item, 'test-answering');
        if (item.kind === 'connect') responses.push(...item.targets.map((value) => ({ item: next!, value, rt_ms: 0 })));
        else responses.push({ item: next, value: expectedAnswer(task, item), rt_ms: 0 });
      }
    }

    const latest = page.locator('[data-run][data-status="completed"]').first();
    await latest.waitFor({ timeout: 30_000 });
    const value = async (selector: string) => Number(await latest.locator(selector).getAttribute('data-value'));
    // Every word, every span and every choice right: memory and attention are full; speed and
    // the trails depend on real time, and the total is the mean of the four.
    expect(await value('[data-domain="memory"]')).toBe(100);
    expect(await value('[data-domain="attention"]')).toBe(100);
    const domains = await Promise.all(['memory', 'attention', 'processing_speed', 'executive_function'].map((d) => value(`[data-domain="${d}"]`)));
    expect(await value('[data-field="total"]')).toBe(Math.round(domains.reduce((a, b) => a + b, 0) / 4));
    await latest.getByText(T.awaitingReview).waitFor();
    expect(await fitsWidth(page), 'the results at 360 px').toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
  }, 300_000);

  it('a nurse records a MoCA total on the client’s record; the client sees it', async () => {
    const context = await newContext(browser, server.baseUrl);
    const staff = await context.newPage();
    const staffErrors = watchConsole(staff);
    await signIn(staff, nurse);
    await staff.goto(`/client/${client.id}/details?tab=assessments`);
    const section = staff.locator('[data-section="cognitive"][data-view="ready"]');
    await section.waitFor({ timeout: 20_000 });
    const form = staff.getByRole('form', { name: COGNITIVE_SECTION.recordTitle });
    await form.getByLabel(COGNITIVE_SECTION.fields.form, { exact: true }).fill('8.1');
    await form.getByLabel(COGNITIVE_SECTION.fields.version, { exact: true }).fill('English 8.1');
    await form.getByLabel(COGNITIVE_SECTION.fields.setting, { exact: true }).fill('Quiet room, glasses worn');
    await form.getByLabel(COGNITIVE_SECTION.fields.total, { exact: true }).fill('26');
    await form.getByLabel(COGNITIVE_SECTION.fields.max_total, { exact: true }).fill('30');
    await form.getByLabel(COGNITIVE_SECTION.fields.administrator, { exact: true }).fill('Kavya Nair');
    await form.getByLabel(COGNITIVE_SECTION.domainsHelp).fill('Delayed recall, 3, 5\nAttention, 6, 6');
    await form.getByRole('button', { name: COGNITIVE_SECTION.record }).click();
    await section.locator('[data-field="instrument-total"]').filter({ hasText: '26 / 30' }).waitFor({ timeout: 20_000 });
    expect(staffErrors).toEqual([]);
    await context.close();

    await page.goto(`/user/cognitive-assessment/${client.id}`);
    await page
      .locator('[data-instrument] [data-field="instrument-total"]')
      .filter({ hasText: T.scoreOutOf(26, 30) })
      .waitFor({ timeout: 20_000 });
  }, 120_000);
});
