// Discovery end to end in Chromium against a real server: an enquiry arrives from the website
// form (no sign-in), a health coach finds it on the /discovery board, books the discovery visit
// from scheduling's free times, holds it (writes and signs the note, which locks), converts the
// prospect (the funnel counts it; /clients lists it Active, no longer prospective), and the new
// client signs in with the invitation from the outbox.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISCOVERY_TEXTS } from '../../server/api/discovery/texts.ts';
import { CLIENT_STATUS_LABELS, CLIENTS_EMPTY, FILTER_STATUS } from '../../src/features/clients/texts.ts';
import { DISCOVERY_TEXT as T, STAGE_LABELS } from '../../src/features/discovery/texts.ts';
import { completeFirstSignIn, E2E_PASSWORD } from '../support/e2e-accounts.ts';
import { launchBrowser } from '../support/browser.ts';
import { fillDateField } from '../support/date-field-e2e.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, newPage, outbox, pageAs, signInAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

let world: StaffWorld;
let browser: Browser;
const email = 'priya.enquiry@clinic.test';

/** The first Monday at least three days ahead (UTC date; the clinic is open every day here). */
/** Today on the clinic's calendar (India's zone, the clinic's default). */
const clinicToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('discovery');
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['HEALTH_COACH'], 'd');
  browser = await launchBrowser();
  const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, world.adminToken, method, path, body);
  const coach = world.accounts.HEALTH_COACH!;
  const week = [1, 2, 3, 4, 5, 6, 7];
  expect(
    // Open round the clock in five-minute slots with no notice: the first free time is minutes away
    // whenever this runs, and a note is signed only once its visit has begun (issue 32).
    (
      await api('PATCH', '/appointments/hours', {
        clinic_hours: week.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
        staff_hours: [{ staff: coach.id, weekly: week.map((weekday) => ({ weekday, starts: '00:00', ends: '24:00' })) }],
        slot_minutes: 5,
        min_notice_minutes: 0,
      })
    ).status,
  ).toBe(200);
  expect(
    (await api('POST', '/appointments/services', { name: 'Discovery visit', therapy: 'discovery', duration_minutes: 45, delivered_by: ['HEALTH_COACH'] }))
      .status,
  ).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('discovery', () => {
  it('an enquiry becomes a client: booked, held, converted, signed in', async () => {
    const base = world.server.baseUrl;
    // The website form posts without signing in.
    const sent = await fetch(`${base}/api/v1/discovery/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Priya Sharma', email, phone: '+919876500011', interest: 'HBOT', message: 'I sleep badly.', consent_to_contact: true }),
    });
    expect(sent.status).toBe(201);
    expect(((await sent.json()) as { detail: string }).detail).toBe(DISCOVERY_TEXTS.enquiryReceived);

    const coach = world.accounts.HEALTH_COACH!;
    const { context, page, errors } = await pageAs(browser, base, coach, '/discovery');
    await page.getByRole('heading', { name: T.title, exact: true }).waitFor();
    // The funnel of the last 90 days counts the enquiry, drawn by @mui/x-charts.
    await page.getByRole('tab', { name: T.tabs.funnel }).click();
    await page.locator('[data-chart="stages"] svg').first().waitFor();
    await page.locator('[data-chart="by-source"]').getByText(T.funnel.bySource).waitFor();
    await page.getByRole('tab', { name: T.tabs.board }).click();
    const column = page.locator(`[data-stage="new"]`);
    await column.getByText('Priya Sharma').click();
    await page.waitForURL(/\/client\/discovery\/\d+$/);
    await page.locator('[data-section="questionnaire"]').getByText('I sleep badly.').waitFor();

    // Book the discovery visit at the first free time of the day.
    await page.getByRole('button', { name: T.prospect.bookVisit }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(T.prospect.service).click();
    await page.getByRole('option', { name: 'Discovery visit' }).click();
    await fillDateField(dialog, T.prospect.day, clinicToday());
    await dialog.getByLabel(T.prospect.slot).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: T.prospect.bookVisit }).click();
    await page.getByText(T.prospect.visitBooked).waitFor();
    await page.locator('[data-field="stage"]').getByText(STAGE_LABELS.discovery_booked).waitFor();

    // Hold it: write the note, sign it, and it locks.
    await page.getByRole('link', { name: T.prospect.openVisit }).click();
    await page.getByRole('heading', { name: new RegExp(T.visit.title) }).waitFor();
    await page.getByLabel(T.visit.goals).fill('Sleep through the night');
    await page.getByLabel(T.visit.outcome).click();
    await page.getByRole('option', { name: 'Enrol' }).click();
    await page.getByRole('button', { name: T.visit.save }).click();
    await page.getByText(T.visit.saved).waitFor();
    // Signed once the visit has begun (issue 32): its first free time is at most minutes away.
    const visitId = Number(new URL(page.url()).pathname.split('/').pop());
    const startsAt = (await call(base, world.adminToken, 'GET', `/discovery/visits/${visitId}`)).body.starts_at as string;
    await page.waitForTimeout(Math.max(0, Date.parse(startsAt) - Date.now() + 1_000));
    await page.getByRole('button', { name: T.visit.sign }).click();
    await page.locator('[data-field="locked"]').waitFor();
    expect(await page.getByLabel(T.visit.goals).isDisabled()).toBe(true);

    // Convert.
    await page.getByRole('link', { name: T.prospect.back }).click();
    await page.locator('[data-field="stage"]').getByText(STAGE_LABELS.discovery_done).waitFor();
    await page.getByRole('button', { name: T.prospect.convert }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.prospect.convert }).click();
    await page.getByText(T.prospect.converted).waitFor();
    await page.locator('[data-field="stage"]').getByText(STAGE_LABELS.enrol).waitFor();

    // On /clients the new client is Active now, no longer among the prospects.
    await page.goto('/clients');
    await page.getByRole('combobox', { name: FILTER_STATUS }).click();
    await page.getByRole('option', { name: CLIENT_STATUS_LABELS.active, exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Priya Sharma' }).getByText(CLIENT_STATUS_LABELS.active, { exact: true }).waitFor();
    await page.getByRole('combobox', { name: FILTER_STATUS }).click();
    await page.getByRole('option', { name: CLIENT_STATUS_LABELS.prospective, exact: true }).click();
    await page.getByText(CLIENTS_EMPTY).waitFor();
    expectNoConsoleErrors(errors);
    await context.close();

    // The invitation's temporary password signs the new client in (a new password is set first).
    const invitation = (await outbox(base, email)).map((m) => /^Temporary password: (.+)$/m.exec(m.body)?.[1]).find(Boolean);
    expect(invitation).toBeTruthy();
    await completeFirstSignIn(base, email, invitation!.trim());
    const client = await newPage(browser, base);
    await client.page.goto('/login');
    await client.page.getByPlaceholder('Enter Your Email Here').fill(email);
    await client.page.getByPlaceholder('Enter Your Password Here').fill(E2E_PASSWORD);
    await client.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await client.page.waitForURL(/\/user\/home\/\d+/, { timeout: 60_000 });
    expectNoConsoleErrors(client.errors);
    await client.context.close();
    void signInAs;
    // Up to a slot's length waiting for the visit to begin, besides the walk itself.
  }, 600_000);
});
