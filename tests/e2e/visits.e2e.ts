// Therapy visit charting end to end in Chromium against a real server (issue 17, step 4): the
// client's IV appointment is booked and checked in, the nurse opens its visit chart from the
// appointment's side panel on /appointments, records the
// screening, vitals before, the IV (recipe, a lot per ingredient, insertion, infusion, removal),
// starts, records vitals after, completes (the lot's stock goes down) and signs; the chart is then
// locked, prints without the app's bar, navigation or buttons, and an edit sent after signing is
// refused by the server (409). Issue 32: the appointment is nurse A's, and nurse B (on duty) starts
// it from the panel, which opens its chart with the client's allergy in view; completing the chart
// completes the appointment (the calendar's panel says so, and who signed). Then an ADMIN, in the back office's Therapies tab, changes a
// threshold and receives a lot that is at once low, and sees the low-stock warning.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VISIT_TEXTS } from '../../server/api/visits/texts.ts';
import { ACTION_LABELS, signedBy, STATUS_LABELS } from '../../src/features/appointments/texts.ts';
import { VISITS_SECTION } from '../../src/features/visits/client-visits-texts.ts';
import { VISIT_TEXT as T } from '../../src/features/visits/texts.ts';
import { THERAPIES_TEXT as TT } from '../../src/features/visits/therapies/texts.ts';
import { TAB_LABELS } from '../../src/features/appointments/scheduling/texts.ts';
import { fillClockField, fillDateField } from '../support/date-field-e2e.ts';
import { createAccount, E2E_PASSWORD, type E2eAccount } from '../support/e2e-accounts.ts';
import { launchBrowser } from '../support/browser.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';
import { openAppointment } from '../support/visit-charting-e2e.ts';
import { words } from '../../machines/rules/words.ts';
import { formatDate } from '../../src/lib/format.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

let world: StaffWorld;
let browser: Browser;

/** An access token by the plain password flow (for the API calls the test makes as the nurse). */
async function tokenOf(baseUrl: string, email: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const res = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.amplify.auth.user_pool_client_id,
      AuthParameters: { USERNAME: email, PASSWORD: E2E_PASSWORD },
    }),
  });
  return ((await res.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
}

let appointment = 0;
let appointmentStart = 0;
let lot = 0;
let nurseB: E2eAccount;

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('visits');
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['NURSE', 'CLIENT', 'ADMIN'], 'v');
  browser = await launchBrowser();
  const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, world.adminToken, method, path, body);
  const nurse = world.accounts.NURSE!;
  const week = [1, 2, 3, 4, 5, 6, 7];
  expect(
    (
      await api('PATCH', '/appointments/hours', {
        clinic_hours: week.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
        staff_hours: [{ staff: nurse.id, weekly: week.map((weekday) => ({ weekday, starts: '00:00', ends: '24:00' })) }],
      })
    ).status,
  ).toBe(200);
  const service = await api('POST', '/appointments/services', { name: 'IV drip', therapy: 'iv', duration_minutes: 60, delivered_by: ['NURSE'] });
  expect(service.status).toBe(201);
  // Nurse A's appointment, starting in a minute: inside the check-in window, and started before the
  // chart is completed (a chart is not completed before its appointment's start).
  appointmentStart = Date.now() + 60_000;
  const start = new Date(appointmentStart).toISOString();
  const booked = await api('POST', '/appointments/appointments', { client: world.accounts.CLIENT!.id, service: service.body.id, staff: nurse.id, start });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  appointment = booked.body.id;
  expect((await api('POST', `/appointments/appointments/${appointment}/transitions`, { to: 'checked_in' })).status).toBe(200);
  const recipe = await api('POST', '/visits/iv-recipes', {
    name: 'Hydration plus',
    base_fluid: 'Normal saline',
    bag_volume: 250,
    ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }],
  });
  expect(recipe.status).toBe(201);
  const stock = await api('POST', '/visits/stock-lots', {
    item: 'Vitamin C',
    lot_number: 'VC-2031',
    expires_on: '2099-12-31',
    quantity: 20,
    unit: 'g',
    low_at: 5,
  });
  expect(stock.status).toBe(201);
  lot = stock.body.id;
  // Nurse B is on duty; the client has an allergy the clinic recorded.
  nurseB = await createAccount(server.baseUrl, world.adminToken, 'NURSE', 'vb');
  expect((await api('PATCH', `/users/user-profiles/${world.accounts.CLIENT!.id}`, { allergies: 'Penicillin' })).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('therapy visit charting', () => {
  it('a nurse charts an IV from a checked-in appointment, completes and signs it; an edit after signing is refused', async () => {
    const base = world.server.baseUrl;
    const nurse = nurseB;
    const client = world.accounts.CLIENT!;
    const nurseToken = await tokenOf(base, nurse.email);
    // Nurse B finds nurse A's checked-in appointment on the calendar and starts it from the panel,
    // which opens its chart.
    const { context, page, errors } = await pageAs(browser, base, nurse, '/appointments');
    await openAppointment(page, appointment);
    await page.getByTestId('appointment-panel').getByRole('button', { name: ACTION_LABELS['appointment.start'], exact: true }).click();
    await page.waitForURL(new RegExp(`/client/iv/${client.id}/visit/\\d+$`));
    // The client's allergy is on the chart, as on the record and the panel.
    await page.locator('[data-field="alert"]').getByText('Allergies: Penicillin').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const started = Date.now();
    // Opening it again finds the same chart: one per appointment.
    const again = await call(base, nurseToken, 'GET', `/visits/therapy-visits?client=${client.id}&therapy=iv`);
    expect(again.body.filter((v: { appointment: number }) => v.appointment === appointment).map((v: { id: number }) => v.id)).toEqual([id]);
    const frame = page.locator('[data-page="therapy-visit"]');
    await frame.waitFor();
    await frame.locator('[data-field="screening"]').getByText(T.screening.missing).waitFor();
    await page.getByRole('button', { name: T.recordScreening }).click();
    await frame.locator('[data-field="screening"]').getByText(T.screening.clear).waitFor();

    const fill = async (section: string, field: string, value: string) => page.locator(`[data-section="${section}"] [data-field="${field}"]`).fill(value);
    const parameters = page.locator('[data-section="parameters"]');
    const choose = async (section: string, field: string, option: string) => {
      await page.locator(`[data-section="${section}"] [data-field="${field}"]`).locator('..').click();
      await page.getByRole('option', { name: words(option), exact: true }).click();
    };
    for (const [field, value] of [
      ['systolic', '124'],
      ['diastolic', '80'],
      ['heart_rate', '72'],
      ['spo2', '98'],
    ])
      await fill('vitals_before', field, value);

    await choose('parameters', 'recipe-choice', 'Hydration plus');
    await choose('parameters', 'lot-0', `VC-2031 · 20 g · expires ${formatDate('2099-12-31')}`);
    await fill('parameters', 'prescriber', 'Dr Mehta');
    await fillClockField(parameters, 'Insertion time', '10:05');
    await choose('parameters', 'catheter_type', 'peripheral_iv');
    await fill('parameters', 'gauge', '22');
    await fill('parameters', 'vein', 'Left cephalic');
    await fill('parameters', 'attempts', '1');
    await fill('parameters', 'inserter', 'Staff nurse');
    await choose('parameters', 'delivery', 'gravity');
    await fill('parameters', 'rate', '250');
    await fillClockField(parameters, 'Infusion start', '10:10');
    await fillClockField(parameters, 'Infusion stop', '11:00');
    await fill('parameters', 'volume_given', '250');
    await choose('parameters', 'complication', 'none');
    await choose('parameters', 'catheter_intact', T.yes);
    await fill('parameters', 'site_condition', 'Clean, no swelling');
    await frame.locator('[data-field="save-state"]').getByText(T.save.saved).waitFor();

    await page.getByRole('button', { name: T.steps.in_progress }).click();
    await expect.poll(() => frame.getAttribute('data-status')).toBe('in_progress');
    for (const [field, value] of [
      ['systolic', '118'],
      ['diastolic', '76'],
      ['heart_rate', '70'],
    ])
      await fill('vitals_after', field, value);
    // Not before the appointment's start (issue 32).
    await page.waitForTimeout(Math.max(0, appointmentStart - Date.now() + 1_000));
    await page.getByRole('button', { name: T.steps.completed }).click();
    await expect.poll(() => frame.getAttribute('data-status')).toBe('completed');
    await page.getByRole('button', { name: T.steps.signed }).click();
    await expect.poll(() => frame.getAttribute('data-status')).toBe('signed');
    await frame.locator('[data-field="locked"]').waitFor();
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`[visits e2e] IV session charted, completed and signed in ${seconds} s`);
    expect(await page.locator('[data-section="vitals_before"] [data-field="systolic"]').isDisabled()).toBe(true);
    // Printed, the signed chart keeps every section and leaves out the app's bar, navigation and buttons.
    await page.emulateMedia({ media: 'print' });
    const sections = await page.locator('.visit-section').count();
    expect(sections).toBeGreaterThanOrEqual(6);
    expect(await page.locator('.visit-section:visible').count()).toBe(sections);
    expect(await page.locator('header:visible, nav:visible, [data-page="therapy-visit"] button:visible').count()).toBe(0);
    expect(await page.getByLabel(T.addendum).isVisible()).toBe(false);
    expect(await page.locator('[data-section="vitals_before"] [data-field="systolic"]').inputValue()).toBe('124');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('header').first().isVisible()).toBe(true);
    // On the calendar the appointment is completed with its chart, and its panel says who signed.
    await openAppointment(page, appointment);
    const panel = page.getByTestId('appointment-panel');
    await expect.poll(() => panel.getByTestId('panel-status').textContent()).toBe(STATUS_LABELS.completed);
    await panel
      .getByTestId('panel-chart')
      .getByText(signedBy(`${nurse.firstName} ${nurse.lastName}`))
      .waitFor();
    await page.keyboard.press('Escape');
    // The client's record lists the signed visit and opens its chart.
    await page.goto(`/client/${client.id}/details?tab=visits`);
    const row = page.locator(`[data-section="visits"] [data-visit="${id}"]`);
    await row.getByText(VISITS_SECTION.status.signed).waitFor({ timeout: 20_000 });
    await row.getByText('IV therapy').waitFor();
    await row.getByRole('link', { name: VISITS_SECTION.open }).click();
    await page.waitForURL((u) => u.pathname === `/client/iv/${client.id}/visit/${id}`);
    await frame.locator('[data-field="locked"]').waitFor();
    expectNoConsoleErrors(errors);
    await context.close();

    // The lot gave the dose; the signed visit refuses any edit.
    const lots = await call(base, nurseToken, 'GET', '/visits/stock-lots?item=Vitamin%20C');
    expect(lots.body.find((l: { id: number }) => l.id === lot).quantity).toBe(15);
    const signed = await call(base, nurseToken, 'GET', `/visits/therapy-visits/${id}`);
    const edit = await call(base, nurseToken, 'PATCH', `/visits/therapy-visits/${id}`, { version: signed.body.version, notes: 'changed after signing' });
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe(VISIT_TEXTS.locked);
    expect((await call(base, nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body.notes).toBe(signed.body.notes);
  });

  it('an ADMIN changes a therapy threshold and receives a lot in the back office, and sees the low-stock warning', async () => {
    const base = world.server.baseUrl;
    const { context, page, errors } = await pageAs(browser, base, world.accounts.ADMIN!, '/backoffice');
    await page.getByRole('tab', { name: TAB_LABELS.therapies }).click();
    const systolic = page.getByLabel(TT.numbers.systolic_block);
    await expect.poll(() => systolic.inputValue(), { timeout: 20_000 }).toBe('180');
    await systolic.fill('170');
    await page.getByRole('button', { name: TT.saveSettings }).click();
    await page.getByText(TT.settingsSaved).waitFor();
    expect((await call(base, world.adminToken, 'GET', '/visits/therapy-settings')).body.systolic_block).toBe(170);

    const form = page.getByRole('form', { name: TT.receiveLot });
    for (const [label, value] of [
      [TT.item, 'Magnesium'],
      [TT.lotNumber, 'MG-7'],
      [TT.quantity, '3'],
      [TT.unit, 'g'],
      [TT.lowAt, '5'],
    ])
      await form.getByLabel(label, { exact: true }).fill(value);
    await fillDateField(form, TT.expiresOn, '2099-06-30');
    await form.getByRole('button', { name: TT.saveLot }).click();
    await page.getByText(TT.lotSaved('Magnesium', 'MG-7')).waitFor();
    const row = page.locator('[data-lot="MG-7"]');
    await row.getByText(TT.low).waitFor();
    await page.getByText(TT.lowWarning(1)).waitFor();
    const lots = await call(base, world.adminToken, 'GET', '/visits/stock-lots?item=Magnesium');
    expect(lots.body.map((l: { lot_number: string; low: boolean }) => [l.lot_number, l.low])).toEqual([['MG-7', true]]);
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
