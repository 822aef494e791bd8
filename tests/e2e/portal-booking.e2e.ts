// Booking from the portal in Chromium (issue 16), at 1280 px and at 360 px, against the real
// server (PGlite) with clients made the way the clinic makes them: a client books an HBOT session
// from their package (a therapy without a package session is refused with the reason), sees it on
// home and cancels it; another books a video intake call with the pre-call form; both see a visit
// inside the late-cancellation window (booked more than 5 minutes before) as "Contact the clinic to
// cancel", and the server refuses the client's cancellation with the same rule. A SUPER_ADMIN
// reading a client's home sees the visits with nothing to press.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS } from '../../server/api/appointments/texts.ts';
import { VISIT_PREPARATION } from '../../machines/portal/visit-preparation.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import { BOOKING_TEXT as T } from '../../src/features/portal/booking/texts.ts';
import { launchBrowser, watchConsole } from '../support/browser.ts';
import { completeFirstSignIn, createAccount, E2E_PASSWORD, type E2eAccount } from '../support/e2e-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { call } from '../support/staff-e2e.ts';

const ADMIN_EMAIL = 'portal-booking-admin@clinic.test';
const ADMIN_TEMP = 'Temp#Booking1234';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const GRACE_MS = 5 * 60_000;

let server: ServerProcess;
let browser: Browser;
let adminToken: string;
let desk: E2eAccount;
let phone: E2eAccount;
/** The visits each client has inside the late window, and when they were booked. */
const late: Record<string, { id: number; bookedAt: number }> = {};

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The client's own access token, signed in over the identity protocol (for the server's refusal). */
async function tokenOf(account: E2eAccount): Promise<string> {
  const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const res = await fetch(`${server.baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.amplify.auth.user_pool_client_id, AuthParameters: { USERNAME: account.email, PASSWORD: E2E_PASSWORD } }),
  });
  return ((await res.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
}

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL, ADMIN_TEMP_PASSWORD: ADMIN_TEMP, MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn', DATABASE_URL: '', SCHEDULING_JOBS_POLL_MS: '0' }, timeoutMs: 240_000 });
  browser = await launchBrowser();
  adminToken = (await completeFirstSignIn(server.baseUrl, ADMIN_EMAIL, ADMIN_TEMP)).AccessToken;
  const nurse = await createAccount(server.baseUrl, adminToken, 'NURSE', 'booking');
  const coach = await createAccount(server.baseUrl, adminToken, 'HEALTH_COACH', 'booking');
  desk = await createAccount(server.baseUrl, adminToken, 'CLIENT', 'booking-desk');
  phone = await createAccount(server.baseUrl, adminToken, 'CLIENT', 'booking-phone');
  const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, adminToken, method, path, body);
  // Open round the clock, so free times exist whenever this runs.
  await ok(api('PATCH', '/appointments/hours', {
    clinic_hours: EVERY_DAY.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
    staff_hours: [nurse.id, coach.id].map((staff) => ({ staff, weekly: EVERY_DAY.map((weekday) => ({ weekday, starts: '00:00', ends: '24:00' })) })),
    video_link_template: 'https://meet.example.org/thrive-{appointment}',
  }), 'hours');
  await ok(api('POST', '/appointments/resources', { name: 'Chamber A', kind: 'hbot_chamber' }), 'chamber');
  await ok(api('POST', '/appointments/services', { name: 'HBOT dive', therapy: 'hbot', duration_minutes: 60, resources_needed: [{ kind: 'hbot_chamber', units: 1 }], delivered_by: ['NURSE'], bookable_online: true }), 'hbot');
  await ok(api('POST', '/appointments/services', { name: 'Red light session', therapy: 'red_light', duration_minutes: 20, delivered_by: ['NURSE'], bookable_online: true }), 'red light');
  const intake = await ok(api('POST', '/appointments/services', { name: 'Intake call', therapy: 'intake_call', duration_minutes: 30, delivered_by: ['HEALTH_COACH', 'NURSE'], bookable_online: true }), 'intake');
  for (const client of [desk, phone]) {
    await ok(api('POST', '/appointments/packages', { client: client.id, therapy: 'hbot', sessions_total: 3 }), 'package');
    // Booked by the front desk now, starting in 3 hours: inside the 24-hour window once 5 minutes have passed.
    const start = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000).toISOString();
    const booked = await ok(api('POST', '/appointments/appointments', { client: client.id, service: intake.id, start, channel: 'phone' }), 'late visit');
    late[client.email] = { id: booked.id, bookedAt: Date.now() };
  }
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

const consented = new Set<number>();

async function signedIn(account: E2eAccount, width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: width < 768 ? 740 : 800 } });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto('/login');
  await page.getByPlaceholder('Enter Your Email Here').fill(account.email);
  await page.getByPlaceholder('Enter Your Password Here').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/user/home/${account.id}`, { timeout: 60_000 });
  // The HIPAA authorization is asked for once, at the client's first sign-in.
  if (!consented.has(account.id)) {
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    consented.add(account.id);
  }
  await page.getByRole('heading', { name: T.upcomingTitle }).waitFor();
  return { context, page, errors };
}

/** Picks the first free time offered and books it. */
async function pickFirstTimeAndBook(page: Page) {
  const times = page.getByRole('group', { name: T.slotsTitle }).getByRole('button');
  await times.first().waitFor();
  await times.first().click();
  await page.getByRole('button', { name: T.next }).click();
  await page.getByRole('button', { name: T.book, exact: true }).click();
  await page.locator('[data-step="booked"]').waitFor();
}

const visitOf = (id: number) => call(server.baseUrl, adminToken, 'GET', `/appointments/appointments/${id}/visit`);

describe('booking from the portal (Chromium)', () => {
  it('1280 px: an HBOT session from the package (no package, no booking), seen on home, cancelled', async () => {
    const { context, page, errors } = await signedIn(desk, 1280);
    await page.goto(`/user/in-clinic/${desk.id}`);
    await page.getByRole('heading', { name: T.inClinicTitle }).waitFor();
    await page.locator('[data-service]', { hasText: 'HBOT dive' }).getByText(T.balance(3)).waitFor();
    // Red light: no package, so the reason, and nothing to book.
    await page.getByRole('button', { name: `${T.choose} Red light session` }).click();
    await page.getByRole('alert').filter({ hasText: T.noCredit }).waitFor();
    await page.getByRole('button', { name: `${T.choose} HBOT dive` }).click();
    await page.getByText(VISIT_PREPARATION.hbot.steps[0]).waitFor();
    await page.getByText(VISIT_PREPARATION.hbot.steps[2]).waitFor();
    const toTimes = page.getByRole('button', { name: T.toTimes });
    expect(await toTimes.isDisabled()).toBe(true);
    for (const q of VISIT_PREPARATION.hbot.screening) await page.getByRole('radiogroup', { name: q.text }).getByLabel(q.key === 'ear_sinus' ? T.yes : T.no, { exact: true }).check();
    await toTimes.click();
    await pickFirstTimeAndBook(page);

    // On home, with its answers stored for check-in.
    await page.getByRole('link', { name: T.goHome }).click();
    const row = page.locator('[data-appointment]', { hasText: 'HBOT dive' });
    await row.waitFor();
    const id = Number(await row.getAttribute('data-appointment'));
    const visit = await visitOf(id);
    expect(visit.body.answers).toMatchObject({ ear_sinus: 'yes', implant: 'no' });
    // Booked just now: cancelling online is allowed.
    await row.getByRole('button', { name: T.cancel, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.confirmCancel }).click();
    await page.getByText(T.cancelled).waitFor();
    await page.locator('[data-past]', { hasText: 'HBOT dive' }).waitFor();
    expect(await page.locator('[data-appointment]', { hasText: 'HBOT dive' }).count()).toBe(0);
    const stored = await call(server.baseUrl, adminToken, 'GET', `/appointments/appointments/${id}`);
    expect(stored.body).toMatchObject({ status: 'cancelled', cancelled_by: 'client', late_cancellation: false });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('360 px: a video intake call with the pre-call form; the join link waits until 10 minutes before', async () => {
    const { context, page, errors } = await signedIn(phone, 360);
    await page.goto(`/user/intake-call/${phone.id}`);
    await page.getByRole('heading', { name: T.intakeTitle }).waitFor();
    await page.getByRole('button', { name: `${T.choose} Intake call` }).click();
    await page.getByLabel(T.video, { exact: true }).check();
    await page.getByLabel('What would you like to talk about on this call?').fill('Sleep and energy');
    await page.getByLabel('Which medicines or supplements do you take?').fill('Vitamin D');
    await page.getByRole('button', { name: T.toTimes }).click();
    await pickFirstTimeAndBook(page);
    await page.getByRole('link', { name: T.goHome }).click();
    const row = page.locator('[data-appointment]', { hasText: T.channel.video });
    await row.waitFor();
    await row.getByText(/The join link appears at/).waitFor();
    expect(await row.getByRole('link', { name: T.join }).count()).toBe(0);
    const visit = await visitOf(Number(await row.getAttribute('data-appointment')));
    expect(visit.body).toMatchObject({ answers: { reason: 'Sleep and energy', medications: 'Vitamin D' }, join_url: null });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('inside the late-cancellation window (after the 5 minutes): "Contact the clinic to cancel", at both widths, and the server refuses', async () => {
    const wait = Math.max(...Object.values(late).map((l) => l.bookedAt + GRACE_MS + 5_000 - Date.now()));
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (const [account, width] of [[desk, 1280], [phone, 360]] as const) {
      const { context, page, errors } = await signedIn(account, width);
      const row = page.locator(`[data-appointment="${late[account.email].id}"]`);
      await row.getByRole('button', { name: T.contactToCancel }).waitFor();
      expect(await row.getByRole('button', { name: T.contactToCancel }).isDisabled()).toBe(true);
      expect(await row.getByRole('button', { name: T.cancel, exact: true }).count()).toBe(0);
      expect(await row.getByRole('button', { name: T.reschedule }).count()).toBe(0);
      await row.getByText(T.lateHint(24)).waitFor();
      const refused = await call(server.baseUrl, await tokenOf(account), 'POST', `/appointments/appointments/${late[account.email].id}/transitions`, { to: 'cancelled', reason: 'Busy' });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(SCHEDULING_TEXTS.clientLate);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 600_000);
});
