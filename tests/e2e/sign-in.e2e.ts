// The sign-in component in Chromium against the real server and its built-in identity service
// (SRP, challenges, codes through the mail outbox). Flows run on this file's own servers so the
// bootstrap admin's password and MFA settings do not leak into other suites: one with self
// sign-up on, one with IDENTITY_MFA=ON for the authenticator-app flow. The component runs on the
// product's /login and, for the flows /login does not offer (Create Account), on the test page
// in tests/e2e/sign-in-harness/. Sign-in without a password (issue 39): a nurse signs in on /login
// with a code sent by email, as the server allows by default (IDENTITY_SIGN_IN_FACTORS).
import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORDLESS_TEXTS, SIGN_OUT, TEXTS } from '../../machines/identity/texts.ts';
import { cognitoClient, createCognitoAdmin } from '../../server/identity/cognito.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { expectFailedRequest, launchBrowser, watchConsole } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { serveSignInHarness } from './sign-in-harness/serve.ts';

const ADMIN_EMAIL = 'admin@clinic.local';
const ADMIN_TEMP_PASSWORD = 'Temp#Pass1234';
const ADMIN_PASSWORD = 'Clinic#Admin2026';
const ADMIN_KEY = { accessKeyId: 'AKIDSIGNINE2E0001', secretAccessKey: 'sign-in-e2e-admin-secret-0123456789' };
const NEW_USER = 'new.client@example.com';
const NURSE = 'nurse.otp@example.com';
const NEW_USER_PASSWORD = 'Client#Pass2026';
const RESET_PASSWORD = 'Client#Reset2026';

function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    IDENTITY_ALLOW_SELF_SIGNUP: 'true',
    ADMIN_EMAIL,
    ADMIN_TEMP_PASSWORD,
    MAIL_TRANSPORT: 'outbox',
    LOG_LEVEL: 'warn',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
    IDENTITY_ADMIN_ACCESS_KEY_ID: ADMIN_KEY.accessKeyId,
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: ADMIN_KEY.secretAccessKey,
    ...extra,
  };
}

interface OutboxMessage {
  id: string | number;
  body: string;
}

async function outbox(baseUrl: string, to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * Waits for a message newer than those seen before the action and returns its code: 6 digits, or
 * 8 for a sign-in code (EMAIL_OTP, as Cognito's).
 */
async function nextCode(baseUrl: string, to: string, seen: number, digits = 6): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const messages = await outbox(baseUrl, to);
    if (messages.length > seen) {
      const code = messages[0].body.match(new RegExp(`\\b(\\d{${digits}})\\b`))?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new code for ${to}`);
}

const field = (page: Page, name: string) => page.locator(`#auth-${name.replace(':', '\\:')}`);
const submit = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function signIn(page: Page, username: string, password: string) {
  await field(page, 'username').fill(username);
  await field(page, 'password').fill(password);
  await submit(page, TEXTS.signIn).click();
}

async function expectSignedIn(page: Page, email: string) {
  await page.locator('[data-screen="authenticated"]').getByText(email).waitFor({ timeout: 20_000 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: SIGN_OUT }).click();
  await field(page, 'username').waitFor({ timeout: 20_000 });
}

type Harness = { url: string; close(): Promise<void> };
let browser: Browser;
/** Self sign-up on, MFA off. */
let server: ServerProcess;
let harness: Harness;
/** IDENTITY_MFA=ON: every user without a second factor sets up TOTP while signing in. */
let mfaServer: ServerProcess;
let mfaHarness: Harness;

// Both servers start together: each takes a while on a shared machine.
beforeAll(async () => {
  [browser, server, mfaServer] = await Promise.all([
    launchBrowser(),
    migratedDataDir('clinic-e2e-sign-in-').then((dataDir) => startServer({ env: serverEnv(), dataDir, timeoutMs: 240_000 })),
    migratedDataDir('clinic-e2e-sign-in-mfa-').then((dataDir) => startServer({ env: serverEnv({ IDENTITY_MFA: 'ON' }), dataDir, timeoutMs: 240_000 })),
  ]);
  harness = await serveSignInHarness(server.baseUrl);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([harness?.close(), mfaHarness?.close()]);
  for (const s of [server, mfaServer]) {
    if (!s) continue;
    await s.stop('SIGTERM');
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
});

describe('sign-in component end to end', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  async function freshPage(url: string) {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    page = await context.newPage();
    consoleErrors = watchConsole(page);
    await page.goto(url);
    await field(page, 'username').waitFor({ timeout: 60_000 });
  }

  it('asks the bootstrap admin for a new password, signs in and signs out', async () => {
    await freshPage(harness.url);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-username');
    await signIn(page, ADMIN_EMAIL, ADMIN_TEMP_PASSWORD);
    await heading(page, TEXTS.changePassword).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-password');

    await field(page, 'password').fill('short');
    await field(page, 'password').blur();
    await page.getByRole('alert').filter({ hasText: 'Password must have at least 8 characters' }).waitFor();
    expect(await submit(page, TEXTS.changePassword).isDisabled()).toBe(true);

    await field(page, 'password').fill(ADMIN_PASSWORD);
    await field(page, 'confirm_password').fill(ADMIN_PASSWORD);
    await submit(page, TEXTS.changePassword).click();
    await expectSignedIn(page, ADMIN_EMAIL);
    await signOut(page);
    expect(consoleErrors).toEqual([]);
  });

  it('signs in on the product /login with SRP: spec heading and placeholders, no Create Account', async () => {
    await freshPage(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: TEXTS.loginHeading }).waitFor();
    expect(await field(page, 'username').getAttribute('placeholder')).toBe(TEXTS.usernamePlaceholder);
    expect(await field(page, 'password').getAttribute('placeholder')).toBe(TEXTS.passwordPlaceholder);
    // §2: the username field is email-style, and password managers offer the saved sign-in.
    expect(await field(page, 'username').getAttribute('type')).toBe('email');
    expect(await field(page, 'username').getAttribute('autocomplete')).toBe('username');
    expect(await page.getByText(TEXTS.createAccount).count()).toBe(0);

    // The identity service refuses the wrong password (400 NotAuthorizedException): that is the point.
    expectFailedRequest(page, { method: 'POST', path: '/identity', status: 400 });
    await signIn(page, ADMIN_EMAIL, 'Wrong#Pass1234');
    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).waitFor();

    const srp: string[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'];
      if (target) srp.push(target.split('.').pop()!);
    });
    await field(page, 'password').fill(ADMIN_PASSWORD);
    await submit(page, TEXTS.signIn).click();
    await page.getByRole('heading', { name: TEXTS.loginHeading }).waitFor({ state: 'detached', timeout: 20_000 });
    expect(srp.slice(0, 2)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });

  it('creates an account, confirms the emailed code and is signed in automatically', async () => {
    await freshPage(harness.url);
    await page.getByRole('tab', { name: TEXTS.createAccount }).click();
    await field(page, 'email').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-email');
    await field(page, 'email').fill(`  ${NEW_USER} `);
    await field(page, 'password').fill(NEW_USER_PASSWORD);
    await field(page, 'confirm_password').fill('Client#Pass2025');
    await page.getByRole('alert').filter({ hasText: 'Your passwords must match' }).waitFor();
    expect(await submit(page, TEXTS.createAccount).isDisabled()).toBe(true);
    await field(page, 'confirm_password').fill(NEW_USER_PASSWORD);

    const seen = (await outbox(server.baseUrl, NEW_USER)).length;
    await submit(page, TEXTS.createAccount).click();
    await heading(page, TEXTS.weEmailedYou).waitFor();
    await page
      .getByText(/n\*+t@example\.com|\*\*\*/)
      .first()
      .waitFor();
    await field(page, 'confirmation_code').fill(await nextCode(server.baseUrl, NEW_USER, seen));
    await submit(page, TEXTS.confirm).click();
    await expectSignedIn(page, NEW_USER);
    await signOut(page);
  });

  it('resets a forgotten password with the emailed code and signs in with the new one', async () => {
    await freshPage(harness.url);
    await submit(page, TEXTS.forgotPassword).click();
    await heading(page, TEXTS.resetPassword).waitFor();
    await field(page, 'username').fill(NEW_USER);
    const seen = (await outbox(server.baseUrl, NEW_USER)).length;
    await submit(page, TEXTS.submit).click();
    await field(page, 'confirmation_code').waitFor();
    await field(page, 'confirmation_code').fill(await nextCode(server.baseUrl, NEW_USER, seen));
    await field(page, 'password').fill(RESET_PASSWORD);
    await field(page, 'confirm_password').fill(RESET_PASSWORD);
    await submit(page, TEXTS.submit).click();
    await submit(page, TEXTS.forgotPassword).waitFor();
    expect(await field(page, 'username').inputValue()).toBe(NEW_USER);
    await field(page, 'password').fill(RESET_PASSWORD);
    await submit(page, TEXTS.signIn).click();
    await expectSignedIn(page, NEW_USER);
    await signOut(page);
  });

  it('asks to verify an unverified contact and confirms it with the emailed code', async () => {
    const admin = createCognitoAdmin(
      cognitoClient({ region: 'ap-south-1', endpoint: `${server.baseUrl}/identity`, credentials: ADMIN_KEY }),
      (await (await fetch(`${server.baseUrl}/config.json`)).json()).amplify.auth.user_pool_id,
    );
    await admin.adminUpdateUserAttributes({ Username: NEW_USER, UserAttributes: [{ Name: 'email_verified', Value: 'false' }] });

    await freshPage(harness.url);
    await signIn(page, NEW_USER, RESET_PASSWORD);
    await heading(page, TEXTS.verifyContactHeading).waitFor({ timeout: 20_000 });
    await page.getByRole('radio').first().check();
    const seen = (await outbox(server.baseUrl, NEW_USER)).length;
    await submit(page, TEXTS.verify).click();
    await field(page, 'confirmation_code').waitFor();
    await field(page, 'confirmation_code').fill(await nextCode(server.baseUrl, NEW_USER, seen));
    await submit(page, TEXTS.submit).click();
    await expectSignedIn(page, NEW_USER);
    const user = await admin.adminGetUser({ Username: NEW_USER });
    expect(user.Attributes).toEqual(expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }]));
    await signOut(page);
  });
});

describe('sign-in without a password end to end', () => {
  it('a nurse signs in on /login with a code sent by email, at 360 px, and is never asked for a password', async () => {
    const admin = createCognitoAdmin(
      cognitoClient({ region: 'ap-south-1', endpoint: `${server.baseUrl}/identity`, credentials: ADMIN_KEY }),
      (await (await fetch(`${server.baseUrl}/config.json`)).json()).amplify.auth.user_pool_id,
    );
    await admin.adminCreateUser({
      Username: NURSE,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: NURSE },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: 'NURSE' },
      ],
    });
    // A password she never types: the account is confirmed, as an invited nurse's is once she has signed in.
    await admin.adminSetUserPassword({ Username: NURSE, Password: 'Unused#Pass2026', Permanent: true });

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await field(page, 'username').waitFor({ timeout: 60_000 });
    await field(page, 'username').fill(NURSE);
    await submit(page, PASSWORDLESS_TEXTS.otherWays).click();
    await heading(page, PASSWORDLESS_TEXTS.chooseHeading).waitFor({ timeout: 20_000 });
    expect(await field(page, 'username').inputValue()).toBe(NURSE);
    const choices = page.getByRole('radio');
    expect(await choices.count()).toBe(3);
    await page.getByRole('radio', { name: PASSWORDLESS_TEXTS.factors.EMAIL_OTP }).check();
    const seen = (await outbox(server.baseUrl, NURSE)).length;
    await submit(page, PASSWORDLESS_TEXTS.continue).click();

    await heading(page, TEXTS.weEmailedYou).waitFor({ timeout: 20_000 });
    expect(await page.locator('#auth-password').count()).toBe(0);
    const code = await nextCode(server.baseUrl, NURSE, seen, 8);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A wrong code is refused in words, and the same sign-in takes the right one after it.
    expectFailedRequest(page, { method: 'POST', path: '/identity', status: 400 });
    await field(page, 'confirmation_code').fill(code === '00000000' ? '11111111' : '00000000');
    await submit(page, TEXTS.confirm).click();
    await page.getByRole('alert').filter({ hasText: PASSWORDLESS_TEXTS.wrongCode }).waitFor({ timeout: 20_000 });
    await field(page, 'confirmation_code').fill(code);
    await submit(page, TEXTS.confirm).click();

    await page.getByRole('heading', { name: TEXTS.loginHeading }).waitFor({ state: 'detached', timeout: 30_000 });
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await context.close();
  });
});

describe('authenticator-app (TOTP) setup and sign-in end to end, with IDENTITY_MFA=ON', () => {
  // Started after the first page has filled Vite's dependency cache, which both harnesses share.
  beforeAll(async () => {
    mfaHarness = await serveSignInHarness(mfaServer.baseUrl);
  });
  it('sets up TOTP from the shown secret, then signs in with a TOTP code', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(mfaHarness.url).origin });
    const page = await context.newPage();
    await page.goto(mfaHarness.url);
    await field(page, 'username').waitFor({ timeout: 60_000 });
    await signIn(page, ADMIN_EMAIL, ADMIN_TEMP_PASSWORD);
    await heading(page, TEXTS.changePassword).waitFor();
    await field(page, 'password').fill(ADMIN_PASSWORD);
    await field(page, 'confirm_password').fill(ADMIN_PASSWORD);
    await submit(page, TEXTS.changePassword).click();

    await heading(page, TEXTS.setupTotp).waitFor({ timeout: 20_000 });
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.evaluate((img) => [(img as HTMLImageElement).width, (img as HTMLImageElement).height])).toEqual([228, 228]);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const firstCounter = Math.floor(Date.now() / 30_000);
    await field(page, 'confirmation_code').fill(totp.generate());
    await submit(page, TEXTS.confirm).click();
    await expectSignedIn(page, ADMIN_EMAIL);
    await signOut(page);

    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await heading(page, TEXTS.confirmTotpCode).waitFor({ timeout: 20_000 });
    // A TOTP code is accepted once: wait for the next 30-second step before answering.
    while (Math.floor(Date.now() / 30_000) <= firstCounter) await new Promise((r) => setTimeout(r, 500));
    await field(page, 'confirmation_code').fill(totp.generate());
    await submit(page, TEXTS.confirm).click();
    await expectSignedIn(page, ADMIN_EMAIL);
    await context.close();
  });
});
