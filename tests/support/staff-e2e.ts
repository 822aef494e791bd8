// Shared by the staff pages' end-to-end suites: a real server of their own (own DATA_DIR), the
// bootstrap SUPER_ADMIN signed in, accounts per role made through the API, the API called as
// the administrator to arrange data, and signing in through the real /login.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Role } from '../../machines/guard/roles.ts';
import { watchConsole } from './browser.ts';
import { completeFirstSignIn, createAccount, E2E_PASSWORD, type E2eAccount } from './e2e-accounts.ts';
import { type ServerProcess, startServer } from './server-process.ts';

export interface StaffWorld {
  server: ServerProcess;
  adminToken: string;
  accounts: Partial<Record<Role, E2eAccount>>;
}

export async function startStaffServer(tag: string, options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<{ server: ServerProcess; adminEmail: string; adminTemp: string }> {
  const adminEmail = `${tag}-admin@clinic.test`;
  const adminTemp = 'Temp#Staff1234';
  const server = await startServer({
    env: { ADMIN_EMAIL: adminEmail, ADMIN_TEMP_PASSWORD: adminTemp, MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn', ...options.env },
    dataDir: options.dataDir,
    timeoutMs: 240_000,
  });
  return { server, adminEmail, adminTemp };
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
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** Signs in through the real /login and waits for the landing page. */
export async function signInAs(page: Page, account: Pick<E2eAccount, 'email' | 'password'>, path = '/clients') {
  await page.goto(path);
  await page.getByPlaceholder('Enter Your Email Here').fill(account.email);
  await page.getByPlaceholder('Enter Your Password Here').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
}

export async function outbox(baseUrl: string, to: string): Promise<Array<{ subject: string; body: string }>> {
  const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Array<{ subject: string; body: string }> }).messages;
}

/** Console errors other than the browser's own reports of refused requests the test caused. */
export function expectNoConsoleErrors(errors: string[]) {
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
}

// Browser storage (amplify's tokens) per account after its first real sign-in, so later tests
// of the same suite open pages signed in without repeating the SRP exchange.
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/** A page signed in as `account` on `path`: through /login the first time, from the saved session after. */
export async function pageAs(browser: Browser, baseUrl: string, account: Pick<E2eAccount, 'email' | 'password'>, path = '/clients') {
  const saved = sessions.get(account.email);
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 }, ...(saved ? { storageState: saved } : {}) });
  const page = await context.newPage();
  const errors = watchConsole(page);
  if (saved) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
  } else {
    await signInAs(page, account, path);
    sessions.set(account.email, await context.storageState());
  }
  return { context, page, errors };
}
