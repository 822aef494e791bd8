// Shared by the staff pages' end-to-end suites: a real server of their own (own DATA_DIR), the
// bootstrap SUPER_ADMIN signed in, accounts per role made through the API, the API called as
// the administrator to arrange data, and signing in through the real /login.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Role } from '../../machines/guard/roles.ts';
import { watchConsole } from './browser.ts';
import { createFromPostgresTemplate, migratedDataDir } from './db-template.ts';
import { completeFirstSignIn, createAccount, E2E_PASSWORD, type E2eAccount } from './e2e-accounts.ts';
import { type ServerEnv, type ServerProcess, startServer } from './server-process.ts';

export interface StaffWorld {
  server: ServerProcess;
  adminToken: string;
  accounts: Partial<Record<Role, E2eAccount>>;
}

/**
 * A server of the suite's own: on PGlite under a fresh DATA_DIR, or, when DATABASE_URL is set
 * (CI) and `engine` allows, on a fresh PostgreSQL database created here and dropped by `stop()`.
 */
export async function startStaffServer(
  tag: string,
  options: { dataDir?: string; env?: ServerEnv; engine?: 'pglite' | 'auto' } = {},
): Promise<{ server: ServerProcess; adminEmail: string; adminTemp: string; databaseUrl: string }> {
  const adminEmail = `${tag}-admin@clinic.test`;
  const adminTemp = 'Temp#Staff1234';
  let databaseUrl = '';
  let drop: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL && options.engine !== 'pglite') {
    const name = `clinic_e2e_${randomBytes(6).toString('hex')}`;
    await createFromPostgresTemplate(process.env.DATABASE_URL, name);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }
  const server = await startServer({
    env: (baseUrl) => ({
      ADMIN_EMAIL: adminEmail,
      ADMIN_TEMP_PASSWORD: adminTemp,
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ...(typeof options.env === 'function' ? options.env(baseUrl) : options.env),
    }),
    // Already migrated (the test template): these suites test pages, not a first start, which
    // tests/e2e/global-setup.ts and tests/integration/foundation/lifecycle.test.ts keep covering.
    dataDir: options.dataDir ?? (databaseUrl ? undefined : await migratedDataDir(`clinic-e2e-${tag}-`)),
    timeoutMs: 240_000,
  });
  const stop = server.stop;
  server.stop = async (signal) => {
    const code = await stop(signal);
    // The server's own log, for reading after a failed run (requests, errors; no personal data).
    fs.writeFileSync(path.join(os.tmpdir(), `staff-e2e-${tag}.log`), server.output());
    await drop?.();
    return code;
  };
  return { server, adminEmail, adminTemp, databaseUrl };
}

/** Signs the bootstrap SUPER_ADMIN in for the first time and makes one account per role. */
export async function arrangeAccounts(server: ServerProcess, adminEmail: string, adminTemp: string, roles: Role[], tag: string): Promise<StaffWorld> {
  const admin = await completeFirstSignIn(server.baseUrl, adminEmail, adminTemp);
  const found = await call(server.baseUrl, admin.AccessToken, 'GET', `/users/users?search=${encodeURIComponent(adminEmail)}`);
  const accounts: StaffWorld['accounts'] = {
    SUPER_ADMIN: { email: adminEmail, password: E2E_PASSWORD, role: 'SUPER_ADMIN', id: found.body.results[0].id, firstName: '', lastName: '' },
  };
  for (const role of roles.filter((r) => r !== 'SUPER_ADMIN')) accounts[role] = await createAccount(server.baseUrl, admin.AccessToken, role, tag);
  return { server, adminToken: admin.AccessToken, accounts };
}

export async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function newPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  // Generous waits: the suite shares two cores with every other suite.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** Signs in through the real /login and waits for the landing page. */
export async function signInAs(page: Page, account: Pick<E2eAccount, 'email' | 'password'>, path = '/clients') {
  await page.goto(path);
  await page.getByPlaceholder('Enter Your Email Here').fill(account.email);
  await page.getByPlaceholder('Enter Your Password Here').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 60_000 });
}

export async function outbox(baseUrl: string, to: string): Promise<Array<{ subject: string; body: string }>> {
  const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Array<{ subject: string; body: string }> }).messages;
}

/** No console errors; a refused request counts unless the test declared it (expectFailedRequest). */
export function expectNoConsoleErrors(errors: string[]) {
  expect(errors).toEqual([]);
}

/**
 * A new browser context signed in as `account` through the real /login, on `path`. (Reusing a
 * saved browser session across contexts was tried and dropped: the shell's inactivity and
 * session bookkeeping in storage made restored sessions unreliable.)
 */
export async function pageAs(browser: Browser, baseUrl: string, account: Pick<E2eAccount, 'email' | 'password'>, path = '/clients') {
  const { context, page, errors } = await newPage(browser, baseUrl);
  await signInAs(page, account, path);
  return { context, page, errors };
}
