// Issue 22, 15: every real page, checked with axe-core in Chromium as the people who use it see
// it (signed out, a client in their portal, a SUPER_ADMIN on the staff pages and in a client's
// read-only portal and a prospect's record, a NURSE in a therapy chart). Zero violations, heading
// order included. Its own server and DATA_DIR.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '../../machines/identity/texts.ts';
import { getHref } from '../../src/app/paths.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE, PORTAL_READ_ONLY, UNAUTHORIZED_TITLE } from '../../src/app/shell-text.ts';
import { NEW_APPOINTMENT } from '../../src/features/appointments/texts.ts';
import { CONSENT_RECORD_FORM } from '../../src/features/clients/record/texts.ts';
import { NEW_CLIENT } from '../../src/features/clients/texts.ts';
import { PORTAL_TEXT } from '../../src/features/clients/portal/texts.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { launchBrowser, newContext, watchConsole } from '../support/browser.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { completeFirstSignIn, createAccount, E2E_PASSWORD, type E2eAccount, tokenOf } from '../support/e2e-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { call } from '../support/staff-e2e.ts';

const ADMIN_EMAIL = 'a11y-admin@clinic.test';
const ADMIN_TEMP = 'Temp#A11y12345';

let server: ServerProcess;
let browser: Browser;
let client: E2eAccount;
let nurse: E2eAccount;
/** A prospect's record and a draft IV chart (the richest therapy form) for the client. */
const records = { prospect: '', chart: '' };

beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL, ADMIN_TEMP_PASSWORD: ADMIN_TEMP, MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    dataDir: await migratedDataDir('clinic-e2e-a11y-'),
    timeoutMs: 240_000,
  });
  browser = await launchBrowser();
  const admin = await completeFirstSignIn(server.baseUrl, ADMIN_EMAIL, ADMIN_TEMP);
  client = await createAccount(server.baseUrl, admin.AccessToken, 'CLIENT', 'a11y');
  nurse = await createAccount(server.baseUrl, admin.AccessToken, 'NURSE', 'a11y');
  const prospect = await call(server.baseUrl, admin.AccessToken, 'POST', '/discovery/prospects', {
    first_name: 'Lakshmi',
    last_name: 'Iyer',
    email: 'lakshmi-a11y@clinic.test',
    source: 'website_form',
    questionnaire: { message: 'I sleep badly.' },
  });
  expect(prospect.status, JSON.stringify(prospect.body)).toBe(201);
  records.prospect = getHref('clientDiscovery', { clientId: prospect.body.id });
  // Only a nurse or doctor charts.
  const chart = await call(server.baseUrl, await tokenOf(server.baseUrl, nurse.email), 'POST', '/visits/therapy-visits', { client: client.id, therapy: 'iv' });
  expect(chart.status, JSON.stringify(chart.body)).toBe(201);
  records.chart = getHref('ivVisit', { clientId: client.id, visitId: chart.body.id });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

/** The page once its content is in: the guard let it through and nothing is loading. */
async function settled(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await expect.poll(() => page.locator('[aria-busy="true"], [data-loading]').count(), { timeout: 30_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
}

async function expectAccessible(page: Page, name: string) {
  // Colours are judged as they end up, not halfway through a dialog's fade-in.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const violations = await accessibilityViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByPlaceholder('Enter Your Email Here').fill(email);
  await page.getByPlaceholder('Enter Your Password Here').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('accessibility of every real page (axe-core in Chromium)', () => {
  it('signed out: /login and /unauthorized', async () => {
    const page = await (await newContext(browser, server.baseUrl)).newPage();
    const errors = watchConsole(page);
    await page.goto('/login');
    await settled(page, 'input[type="email"]');
    await expectAccessible(page, '/login');
    await page.goto('/unauthorized');
    await page.getByRole('heading', { name: UNAUTHORIZED_TITLE }).waitFor();
    await expectAccessible(page, '/unauthorized');
    // The sign-in component's other screen a visitor reaches from /login.
    await page.goto('/login');
    await page.getByRole('button', { name: TEXTS.forgotPassword }).click();
    await page.getByRole('heading', { name: TEXTS.resetPassword }).waitFor();
    await expectAccessible(page, '/login, forgot password');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a client: the consent dialog, then home, onboarding, profile and thrive check', async () => {
    const page = await (await newContext(browser, server.baseUrl)).newPage();
    const errors = watchConsole(page);
    await page.goto('/login');
    await signIn(page, client.email, client.password);
    await page.waitForURL((u) => u.pathname === `/user/home/${client.id}`, { timeout: 30_000 });
    await page.getByLabel(CONSENT_ACCEPT_LABEL).waitFor();
    await expectAccessible(page, 'consent dialog');
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await settled(page, '[data-page="portal-home"]');
    // This is the client's first visit: "Welcome" (a later one says "Welcome back").
    await page.getByRole('heading', { name: PORTAL_TEXT.greeting(client.firstName, true) }).waitFor();
    await expectAccessible(page, 'portal home');
    for (const [path, ready] of [
      [`/user/thrive-onboard/${client.id}`, '[data-guard="allowed"] h1'],
      [`/user/profile/${client.id}`, '[data-page="portal-profile"]'],
      [`/user/thrive-check/${client.id}`, '[data-page="thrive-check"]'],
    ]) {
      await page.goto(path);
      await settled(page, ready);
      await expectAccessible(page, path);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a SUPER_ADMIN: the staff pages and a client’s read-only portal', async () => {
    const page = await (await newContext(browser, server.baseUrl)).newPage();
    const errors = watchConsole(page);
    await page.goto('/login');
    await signIn(page, ADMIN_EMAIL, E2E_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/clients', { timeout: 30_000 });
    for (const path of ['/clients', `/client/${client.id}/details`, '/users', '/backoffice', records.prospect, `/user/home/${client.id}`]) {
      await page.goto(path);
      await settled(page, '[data-guard="allowed"]');
      if (path.startsWith('/user/home')) await page.getByText(PORTAL_READ_ONLY).waitFor();
      await expectAccessible(page, path);
    }
    // The client's pages that write, opened read-only: judged once the client's records show.
    for (const [path, ready] of [
      [`/user/profile/${client.id}`, '[data-section="profile-view"]'],
      [`/user/thrive-onboard/${client.id}`, '[data-section="onboarding-answers"]'],
      [`/user/thrive-check/${client.id}`, '[data-section="history"]'],
    ]) {
      await page.goto(path);
      await settled(page, `[data-portal-view="read-only"] ${ready}`);
      await expectAccessible(page, `${path} (read-only)`);
    }
    // The dialogs staff work in, open over their page.
    for (const [path, button] of [
      ['/clients', NEW_CLIENT],
      [`/client/${client.id}/details?tab=consent`, CONSENT_RECORD_FORM],
      // Its start: a day field and a time field, each named after the start.
      ['/appointments', NEW_APPOINTMENT],
    ]) {
      await page.goto(path);
      await settled(page, '[data-guard="allowed"]');
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, `${path} with '${button}' open`);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a NURSE: a therapy visit chart they write in', async () => {
    const page = await (await newContext(browser, server.baseUrl)).newPage();
    const errors = watchConsole(page);
    await page.goto('/login');
    await signIn(page, nurse.email, nurse.password);
    await page.waitForURL((u) => u.pathname === '/clients', { timeout: 30_000 });
    await page.goto(records.chart);
    await settled(page, '[data-page="therapy-visit"]');
    await expectAccessible(page, records.chart);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
