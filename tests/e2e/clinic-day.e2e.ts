// A clinic day that flows (issue 32), walked in Chromium on the demo clinic (`npm run seed:demo`)
// as each role does it: the ADMIN invites a nurse and gives her hours; the front desk books an HBOT
// dive from the suggested times and checks the client in; the new nurse starts the session from
// the appointment's panel, charts it with the client's alert in view and completes it; the DOCTOR
// signs; the calendar shows it completed and signed, and the client's package one session fewer.
// Then the client books from the portal in one confirm, orders a lab test on a PIN code home
// collection serves, reads the report the lab desk released, and opens a ticket the nurse answers.
// Every page visited is read again at 360 px: no label cut off there or at 1280 px, and (as in
// every e2e file, tests/support/codes-on-screen.ts) no code on screen.
//
// The demo clinic is seeded into the server's own PGlite before it starts (the seed's own command,
// not inserts of this file). Two things are arranged for the walk to be independent of when it
// runs, and said here: the clinic is open round the clock, with five-minute slots and no minimum
// notice (so a free time is minutes away at any hour), and a spare chamber is added (the demo's
// four weeks of dives may hold the others now). A chart is completed only once its appointment
// has started, so the nurse's step waits for that minute to come.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHART_LABEL, chartStatusText, signedBy } from '../../machines/appointments/chart-texts.ts';
import { LAB_TEXTS } from '../../machines/labs/lab-texts.ts';
import { STAFF_STATUS_LABELS, SUPPORT_TEXTS as S } from '../../machines/support/support-texts.ts';
import { DEMO_DOMAIN, DEMO_LAB_PINCODES, demoClients } from '../../scripts/demo-data.ts';
import { getHref } from '../../src/app/paths.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import {
  ACTION_LABELS,
  BOOK,
  bookedToast,
  CHART_STATUS_LABELS,
  CLIENT_ALERT_NOTE,
  CLIENT_SEARCH,
  CONTINUE,
  NEW_APPOINTMENT,
  SERVICE,
  STAFF,
  STATUS_LABELS,
  statusChanged,
} from '../../src/features/appointments/texts.ts';
import { LAB_DESK_TEXT as D } from '../../src/features/labs/desk-texts.ts';
import { SESSIONS_LEFT } from '../../src/features/appointments/client-appointments-texts.ts';
import { BOOKING_TEXT as B } from '../../src/features/appointments/portal-booking-texts.ts';
import { LABS_TEXT as L } from '../../src/features/labs/texts.ts';
import {
  HOURS_LABEL,
  HOURS_TITLE,
  NEW_USER,
  NO_WORKING_HOURS,
  SAVE_HOURS,
  TOASTS,
  USERS_SEARCH_LABEL,
  USERS_TITLE,
} from '../../src/features/clients/users-texts.ts';
import { VISIT_TEXT as V } from '../../src/features/visits/texts.ts';
import { VISIT_PREPARATION } from '../../machines/portal/visit-preparation.ts';
import { TEXTS as SIGN_IN } from '../../machines/sign-in/texts.ts';
import { launchBrowser, watchConsole } from '../support/browser.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { tokenOf } from '../support/e2e-accounts.ts';
import { privateBuild } from '../support/private-build.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { call, expectNoConsoleErrors, outbox, signInAs, startStaffServer } from '../support/staff-e2e.ts';
import { charter, HBOT_BEFORE_DIVE, openAppointment, VITALS_BEFORE } from '../support/visit-charting-e2e.ts';

vi.setConfig({ testTimeout: 600_000, hookTimeout: 900_000 });

const DEMO_PASSWORD = 'Thrive-Demo-2026!';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const demoStaff = (role: string) => ({ email: `${role.toLowerCase().replace('_', '-')}@${DEMO_DOMAIN}`, password: DEMO_PASSWORD });
const NEW_NURSE = { first: 'Kiran', last: 'Shetty', email: 'kiran.shetty@clinic.test', password: 'Kiran-Nurse-2026!' };
const NEW_NURSE_NAME = `${NEW_NURSE.first} ${NEW_NURSE.last}`;

let server: ServerProcess;
let browser: Browser;
let distDir = '';
let adminToken = '';
/** The demo client the day is about: an HBOT package, an alert on her record, consented. */
let client: { id: number; email: string; name: string; alert: string };
let appointment = { id: 0, start: '' };
let packageLeftBefore = 0;
/** Every page the walk visits, with who visited it: read again at 360 px at the end. */
const visited: Array<{ who: { email: string; password: string }; path: string; ready: string }> = [];

const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, adminToken, method, path, body);
async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

beforeAll(async () => {
  // The demo clinic, seeded into a migrated PGlite by `npm run seed:demo`'s own script.
  const dataDir = await migratedDataDir('clinic-e2e-day-');
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'day-admin@clinic.test',
      ADMIN_TEMP_PASSWORD: 'Temp#Staff1234',
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
    timeout: 600_000,
  });
  expect(seeded.status, seeded.stderr + seeded.stdout).toBe(0);
  distDir = await privateBuild('day');
  server = (await startStaffServer('day', { dataDir, engine: 'pglite', env: { DIST_DIR: distDir } })).server;
  browser = await launchBrowser();
  adminToken = await tokenOf(server.baseUrl, demoStaff('SUPER_ADMIN').email, DEMO_PASSWORD);

  // Open round the clock with five-minute slots and no notice; a spare chamber (see the header).
  await ok(
    api('PATCH', '/appointments/hours', {
      clinic_hours: EVERY_DAY.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
      slot_minutes: 5,
      min_notice_minutes: 0,
    }),
    'hours',
  );
  await ok(api('POST', '/appointments/resources', { name: 'Chamber for the day', kind: 'hbot_chamber' }), 'chamber');

  // The first demo client with an HBOT package and an alert on her record.
  const people = demoClients(60);
  for (let i = 0; i < people.length && !client; i += 4) {
    const found = (await ok(api('GET', `/users/users?search=${encodeURIComponent(people[i].email)}`), 'client')).results[0];
    const profile = await ok(api('GET', `/users/user-profiles/${found.id}`), 'profile');
    const packages = await ok(api('GET', `/appointments/packages?client=${found.id}`), 'packages');
    const hbot = (Array.isArray(packages) ? packages : packages.results).find(
      (p: { therapy: string; sessions_left: number }) => p.therapy === 'hbot' && p.sessions_left > 1,
    );
    if (profile.alert_notes && hbot && profile.hipaa_consent)
      client = { id: found.id, email: people[i].email, name: `${people[i].first_name} ${people[i].last_name}`, alert: profile.alert_notes };
  }
  expect(client, 'a demo client with an HBOT package and an alert').toBeTruthy();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

async function contextAt(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: width < 600 ? 740 : 900 } });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

async function staffPage(who: { email: string; password: string }, path: string, width = 1280) {
  const opened = await contextAt(width);
  await signInAs(opened.page, who, path);
  return opened;
}

/** Signs a client in to the portal; the consent is asked for only when it is not on record. */
async function clientPage(width: number) {
  const opened = await contextAt(width);
  const { page } = opened;
  await page.goto('/login');
  await page.getByPlaceholder(SIGN_IN.usernamePlaceholder).fill(client.email);
  await page.getByPlaceholder(SIGN_IN.passwordPlaceholder).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/user/home/${client.id}`, { timeout: 60_000 });
  await page.getByRole('heading', { name: B.upcomingTitle }).or(page.getByLabel(CONSENT_ACCEPT_LABEL)).first().waitFor();
  if (await page.getByLabel(CONSENT_ACCEPT_LABEL).count()) {
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  return opened;
}

/**
 * Labels cut off on the page: an element drawn with an ellipsis (or clamped) whose text is wider
 * than its box, unless the whole text is offered another way (a title or aria-label on it or an
 * ancestor, which a tooltip or a screen reader gives).
 */
async function truncatedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el.children.length > 0 && el.childNodes.length === el.children.length) continue;
      const text = (el.textContent ?? '').trim();
      if (!text || el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      const clamped = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      if (!clamped || style.display === 'none' || style.visibility === 'hidden') continue;
      const wider = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (!wider || el.clientWidth === 0) continue;
      const told = el.closest('[title], [aria-label]');
      const whole = told ? `${told.getAttribute('title') ?? ''} ${told.getAttribute('aria-label') ?? ''}` : '';
      if (whole.includes(text)) continue;
      cut.push(`${el.tagName.toLowerCase()} "${text.slice(0, 80)}" (${el.scrollWidth} > ${el.clientWidth} px)`);
    }
    return cut;
  });
}

/** Nothing cut off on the page now; the page is remembered for the 360 px pass. */
async function seen(page: Page, who: { email: string; password: string }, ready: string) {
  const url = new URL(page.url());
  visited.push({ who, path: url.pathname + url.search, ready });
  expect(await truncatedLabels(page), `${url.pathname} at ${page.viewportSize()?.width} px`).toEqual([]);
}

describe('a clinic day on the demo data', () => {
  it('ADMIN invites a nurse and gives her hours; she signs in from the invitation', async () => {
    const admin = demoStaff('ADMIN');
    const { context, page, errors } = await staffPage(admin, '/users');
    const grid = page.getByRole('grid', { name: USERS_TITLE });
    await grid.waitFor();
    await page.getByRole('button', { name: NEW_USER }).click();
    const dialog = page.getByRole('dialog', { name: NEW_USER });
    await dialog.getByLabel('First name').fill(NEW_NURSE.first);
    await dialog.getByLabel('Last name').fill(NEW_NURSE.last);
    await dialog.getByLabel('Email').fill(NEW_NURSE.email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Nurse' }).click();
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByText(TOASTS.created(NEW_NURSE_NAME, 'Nurse', NEW_NURSE.email)).waitFor();
    // Her hours, asked for at once and prefilled with the clinic's: every day, round the clock.
    const hours = page.getByRole('dialog', { name: HOURS_TITLE(NEW_NURSE_NAME) });
    const rows = hours.getByRole('group', { name: HOURS_LABEL(NEW_NURSE_NAME) });
    await expect.poll(() => rows.getByRole('button', { name: /^Remove / }).count()).toBe(7);
    expect(await truncatedLabels(page), 'the working hours dialog').toEqual([]);
    await hours.getByRole('button', { name: SAVE_HOURS }).click();
    await page.getByText(TOASTS.hoursSaved(NEW_NURSE_NAME)).waitFor();
    await hours.waitFor({ state: 'hidden' });
    // Among the demo clinic's many users: found by her address.
    await page.getByLabel(USERS_SEARCH_LABEL).fill(NEW_NURSE.email);
    const row = grid.getByRole('row').filter({ hasText: NEW_NURSE.email });
    await row.waitFor();
    expect(await row.getByText(NO_WORKING_HOURS).count()).toBe(0);
    await seen(page, admin, USERS_TITLE);
    expectNoConsoleErrors(errors);
    await context.close();

    // The invitation carries her temporary password and where to sign in; she chooses her own.
    const [invitation] = await outbox(server.baseUrl, NEW_NURSE.email);
    const link = new URL(/Sign in at (\S+)/.exec(invitation.body)![1]);
    expect({ path: link.pathname, port: link.port }).toEqual({ path: '/login', port: new URL(server.baseUrl).port });
    const temporary = /Temporary password: (\S+)/.exec(invitation.body)![1];
    const nurse = await contextAt(1280);
    await nurse.page.goto('/login');
    await nurse.page.getByPlaceholder(SIGN_IN.usernamePlaceholder).fill(NEW_NURSE.email);
    await nurse.page.getByPlaceholder(SIGN_IN.passwordPlaceholder).fill(temporary);
    await nurse.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await nurse.page.getByRole('heading', { name: SIGN_IN.changePassword, exact: true }).waitFor();
    await nurse.page.locator('#auth-password').fill(NEW_NURSE.password);
    await nurse.page.locator('#auth-confirm_password').fill(NEW_NURSE.password);
    await nurse.page.getByRole('button', { name: SIGN_IN.changePassword, exact: true }).click();
    await nurse.page.waitForURL((u) => u.pathname !== '/login', { timeout: 60_000 });
    expectNoConsoleErrors(nurse.errors);
    await nurse.context.close();
  });

  it('RECEPTION books HBOT with the new nurse from the suggested times and checks the client in', async () => {
    const desk = demoStaff('RECEPTION');
    const packages = await ok(api('GET', `/appointments/packages?client=${client.id}`), 'packages');
    packageLeftBefore = (Array.isArray(packages) ? packages : packages.results).find((p: { therapy: string }) => p.therapy === 'hbot').sessions_left;
    const { context, page, errors } = await staffPage(desk, '/appointments');
    await page.getByTestId('appointments-calendar').waitFor();
    await page.getByRole('button', { name: NEW_APPOINTMENT }).click();
    const dialog = page.getByRole('dialog', { name: NEW_APPOINTMENT });
    await dialog.getByLabel(CLIENT_SEARCH).fill(client.name);
    await page
      .getByRole('option', { name: new RegExp(client.name) })
      .first()
      .click();
    await dialog.getByLabel(SERVICE).click();
    await page.getByRole('option', { name: 'HBOT dive' }).click();
    await dialog.getByLabel(STAFF, { exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^${NEW_NURSE_NAME}`) }).click();
    // The suggested times of the day: the first is minutes away.
    const times = dialog.getByRole('group', { name: /^Free times on / }).first();
    await times.getByRole('button').first().click();
    await dialog.getByRole('button', { name: CONTINUE }).click();
    await dialog.getByRole('button', { name: BOOK }).click();
    await page.getByText(bookedToast(1)).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const hers = (await ok(api('GET', `/appointments/appointments?client=${client.id}`), 'appointments')) as Array<{
      id: number;
      start: string;
      status: string;
    }>;
    const ours = hers.filter((a) => a.status === 'booked').sort((a, b) => b.id - a.id)[0];
    appointment = { id: ours.id, start: ours.start };
    expect(Date.parse(appointment.start) - Date.now()).toBeLessThan(15 * 60_000);
    // Checked in from the appointment's panel.
    await openAppointment(page, appointment.id);
    const panel = page.getByTestId('appointment-panel');
    await panel.getByRole('button', { name: ACTION_LABELS['appointment.check_in'], exact: true }).click();
    await page.getByText(statusChanged(STATUS_LABELS.checked_in)).first().waitFor();
    await expect.poll(() => panel.getByTestId('panel-status').innerText()).toBe(STATUS_LABELS.checked_in);
    await seen(page, desk, 'appointment-panel');
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it("the new NURSE starts from the panel, charts with the client's alert in view and completes", async () => {
    const nurse = { email: NEW_NURSE.email, password: NEW_NURSE.password };
    const { context, page, errors } = await staffPage(nurse, '/appointments');
    await openAppointment(page, appointment.id);
    const panel = page.getByTestId('appointment-panel');
    await panel.getByRole('button', { name: ACTION_LABELS['appointment.start'], exact: true }).click();
    await page.waitForURL(new RegExp(`/client/hbot/${client.id}/visit/\\d+$`));
    await page.locator('[data-field="alert"]').getByText(CLIENT_ALERT_NOTE(client.alert)).waitFor();
    const c = charter(page);
    await c.frame.waitFor();
    await c.click(page.getByRole('button', { name: V.recordScreening }));
    await c.frame.locator('[data-field="screening"]').getByText(V.screening.clear).waitFor();
    await c.vitals('vitals_before', VITALS_BEFORE);
    await c.parameters(HBOT_BEFORE_DIVE);
    await c.saved();
    await c.step('in_progress');
    await c.parameters({ oneill_grade: '0' });
    await c.vitals('vitals_after', { systolic: '118', diastolic: '76', heart_rate: '68' });
    await c.saved();
    await seen(page, nurse, 'therapy-visit');
    // Completed once the appointment has begun (issue 32): the dive starts within minutes.
    await page.waitForTimeout(Math.max(0, Date.parse(appointment.start) - Date.now() + 1_000));
    await c.step('completed');
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('the DOCTOR signs; the calendar shows it completed and signed, the package one session fewer', async () => {
    const doctor = demoStaff('DOCTOR');
    const visit = (await ok(api('GET', `/appointments/appointments/${appointment.id}`), 'appointment')).chart;
    const { context, page, errors } = await staffPage(doctor, '/clients');
    await page.goto(`/client/hbot/${client.id}/visit/${visit.id}`);
    const c = charter(page);
    await c.status('completed');
    await c.step('signed');
    await c.frame.locator('[data-field="locked"]').waitFor();
    await seen(page, doctor, 'therapy-visit');
    // On the calendar: completed, its chart signed.
    await openAppointment(page, appointment.id);
    const panel = page.getByTestId('appointment-panel');
    await expect.poll(() => panel.getByTestId('panel-status').innerText()).toBe(STATUS_LABELS.completed);
    await panel.getByTestId('panel-chart').getByText(CHART_STATUS_LABELS.signed).waitFor();
    await seen(page, doctor, 'appointment-panel');
    // On the client's record: the package has one session fewer.
    await page.goto(`/client/${client.id}/details?tab=appointments`);
    const balance = page.getByTestId('package-balance');
    await balance.getByText(new RegExp(SESSIONS_LEFT(packageLeftBefore - 1, 0).replace(/ 0 /, ' \\d+ '))).waitFor();
    // And its row there says the chart is signed, by whom.
    const signed = (await ok(api('GET', `/appointments/appointments/${appointment.id}`), 'appointment')).chart;
    await page
      .getByText(`${CHART_LABEL}: ${chartStatusText(signed)}`)
      .first()
      .waitFor();
    expect(chartStatusText(signed)).toBe(signedBy(signed.signed_by_name));
    await seen(page, doctor, 'package-balance');
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('the client books from the portal in one confirm, orders a lab test on a served PIN code and reads the released report', async () => {
    const { context, page, errors } = await clientPage(1280);
    const me = { email: client.email, password: DEMO_PASSWORD };
    // In-clinic booking: the dive from her package, screening answered, one confirm.
    await page.goto(`/user/in-clinic/${client.id}`);
    await page.getByRole('heading', { name: B.inClinicTitle }).waitFor();
    await page.getByRole('button', { name: `${B.choose} HBOT dive` }).click();
    for (const q of VISIT_PREPARATION.hbot.screening) await page.getByRole('radiogroup', { name: q.text }).getByLabel(B.no, { exact: true }).check();
    await page.getByRole('button', { name: B.toTimes }).click();
    const times = page.getByRole('group', { name: B.slotsTitle }).getByRole('button');
    await times.first().click();
    await page.locator('[data-step="confirm"]').getByRole('heading', { name: B.confirmTitle }).waitFor();
    expect(await page.getByRole('button', { name: B.next }).count()).toBe(0);
    await page.getByRole('button', { name: B.book, exact: true }).click();
    await page.locator('[data-step="booked"]').waitFor();
    await seen(page, me, B.inClinicTitle);

    // A lab test at home, on a PIN code the clinic's collectors reach.
    const pincode = DEMO_LAB_PINCODES[0].pincode;
    await page.goto(`/user/book-test/${client.id}`);
    await page.getByRole('heading', { name: L.bookTitle }).waitFor();
    await page.getByLabel(L.pincode).fill(pincode);
    await page.getByRole('button', { name: L.check }).click();
    await page.getByText(L.served(pincode)).waitFor();
    await page.locator('[data-item="CBC"]').getByRole('checkbox').check();
    await page.getByRole('button', { name: L.toSlots }).click();
    await page.locator('[data-slot]').first().click();
    await page.getByRole('heading', { name: L.people }).waitFor();
    await page.getByRole('button', { name: L.review }).click();
    await page.getByText(LAB_TEXTS.payment).first().waitFor();
    await page.getByRole('button', { name: L.confirm }).click();
    const bookedOrder = page.locator('[data-booked]');
    await bookedOrder.waitFor();
    const orderId = Number(await bookedOrder.getAttribute('data-booked'));
    await seen(page, me, L.bookTitle);

    // The lab desk (the new nurse runs it): collected, processed, results entered, released.
    const nurse = { email: NEW_NURSE.email, password: NEW_NURSE.password };
    const desk = await staffPage(nurse, getHref('labDesk'));
    await desk.page.getByRole('heading', { name: D.pageTitle, level: 1 }).waitFor();
    const card = desk.page.locator(`[data-order="${orderId}"]`);
    await card.waitFor();
    await card.getByLabel(D.collector).click();
    await desk.page.getByRole('option', { name: NEW_NURSE_NAME }).click();
    for (const to of ['collector_assigned', 'collected', 'processing'] as const) {
      await card.getByRole('button', { name: D.move[to] }).click();
      await desk.page.locator(`[data-order="${orderId}"][data-status="${to}"]`).waitFor();
    }
    const order = await ok(api('GET', `/labs/orders/${orderId}`), 'order');
    const person = order.people[0].name;
    for (const [marker, unit, value] of [
      ['Haemoglobin', 'g/dL', '13.4'],
      ['White blood cells', '10³/µL', '6.2'],
      ['Platelets', '10³/µL', '240'],
    ]) {
      const field = D.value(marker, unit, person);
      await card.getByRole('textbox', { name: field }).fill(value);
      await card.getByRole('button', { name: `${D.save} ${field}` }).click();
      await desk.page
        .getByTestId('lab-desk-done')
        .getByText(D.saved(marker, Number(value), unit, person))
        .waitFor({ timeout: 30_000 });
    }
    await seen(desk.page, nurse, D.pageTitle);
    await card.getByRole('button', { name: D.move.ready }).click();
    await desk.page.locator(`[data-order="${orderId}"][data-status="ready"]`).waitFor();
    expectNoConsoleErrors(desk.errors);
    await desk.context.close();

    // She reads the report.
    await page.goto(`/user/reports/${client.id}`);
    await page.getByRole('heading', { name: L.reportsTitle }).waitFor();
    await page.locator(`[data-report="${orderId}"] [data-marker="HB"]`).getByText(L.flag.normal).waitFor();
    await seen(page, me, L.reportsTitle);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('the client opens a ticket and the nurse answers it from her support queue', async () => {
    const { context, page, errors } = await clientPage(1280);
    const me = { email: client.email, password: DEMO_PASSWORD };
    await page.goto(`/user/support/${client.id}`);
    await page.getByRole('heading', { name: S.title, level: 1 }).waitFor();
    await page.getByRole('combobox', { name: S.category }).click();
    await page.getByRole('option', { name: 'Reports', exact: true }).click();
    await page.getByRole('textbox', { name: S.subject }).fill('What does my blood count mean?');
    await page.getByRole('textbox', { name: S.message }).fill('The report came today; is it all right?');
    await page.getByRole('button', { name: S.send }).click();
    const row = page.locator('[data-ticket]').filter({ hasText: 'What does my blood count mean?' });
    await row.waitFor({ timeout: 30_000 });
    await seen(page, me, S.title);

    const nurse = { email: NEW_NURSE.email, password: NEW_NURSE.password };
    const staff = await staffPage(nurse, getHref('support'));
    const queue = staff.page.locator('[data-section="support-queue"]');
    await queue.getByRole('gridcell', { name: 'What does my blood count mean?' }).click({ timeout: 30_000 });
    const ticket = queue.locator('[data-queue-ticket]');
    await ticket.getByRole('textbox', { name: S.reply }).fill('All three values are in range. See you at your next dive.');
    await ticket.getByRole('button', { name: S.send }).click();
    await ticket.getByText('All three values are in range. See you at your next dive.').waitFor({ timeout: 30_000 });
    await ticket.getByRole('button', { name: STAFF_STATUS_LABELS.pending }).click();
    await expect.poll(() => ticket.locator('[data-status]').getAttribute('data-status'), { timeout: 30_000 }).toBe('pending');
    await seen(staff.page, nurse, S.title);
    expectNoConsoleErrors(staff.errors);
    await staff.context.close();

    // She reads the answer.
    await page.reload();
    await row.click();
    await page.getByText('All three values are in range. See you at your next dive.').waitFor({ timeout: 30_000 });
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('every page of the day reads whole at 360 px', async () => {
    const byWho = new Map<string, typeof visited>();
    for (const v of visited) byWho.set(v.who.email, [...(byWho.get(v.who.email) ?? []), v]);
    // The walk's pages, as each of its five people saw them: a pass over nothing would prove nothing.
    expect([...byWho.keys()].sort()).toEqual(
      [client.email, NEW_NURSE.email, demoStaff('ADMIN').email, demoStaff('DOCTOR').email, demoStaff('RECEPTION').email].sort(),
    );
    expect(visited.length).toBeGreaterThanOrEqual(10);
    for (const [email, pages] of byWho) {
      const isClient = email === client.email;
      const opened = isClient ? await clientPage(360) : await staffPage(pages[0].who, pages[0].path.split('?')[0], 360);
      for (const { path } of pages) {
        await opened.page.goto(path);
        await opened.page.waitForLoadState('networkidle');
        expect(await truncatedLabels(opened.page), `${path} at 360 px`).toEqual([]);
      }
      expectNoConsoleErrors(opened.errors);
      await opened.context.close();
    }
  });
});
