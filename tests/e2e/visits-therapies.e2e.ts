// Therapy visits end to end (issue 17): full HBOT and red light sessions, from check-in to a
// DOCTOR's signature, against the real API in Chromium. The NURSE checks the client in from the
// appointment panel, opens the chart, screens, takes vitals, records the therapy and completes;
// the DOCTOR signs on their own device. HBOT at 1280 px (its pre-dive checklist and O'Neill grade,
// timed and counted: the closing note quotes the line it prints) and again at 360 px with "Copy
// last settings"; red light at 1280 px with a relative contraindication a DOCTOR overrides with a
// reason, and the computed dose warned above the clinic's threshold. No page scrolls sideways.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THERAPY_SETTINGS } from '../../machines/visits/visit-settings.ts';
import { VISIT_TEXTS } from '../../server/api/visits/texts.ts';
import { VISIT_TEXT as T } from '../../src/features/visits/texts.ts';
import { expectFailedRequest, launchBrowser } from '../support/browser.ts';
import { call, expectNoConsoleErrors } from '../support/staff-e2e.ts';
import {
  arrangeVisitWorld,
  book,
  charter,
  checkInAndOpenChart,
  DESKTOP,
  doctorSigns,
  expectNoSidewaysScroll,
  HBOT_BEFORE_DIVE,
  PHONE,
  staffAt,
  type VisitWorld,
  VITALS_BEFORE,
} from '../support/visit-charting-e2e.ts';
import { fieldPathWords } from '../../machines/rules/words.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

let world: VisitWorld;
let browser: Browser;
let doctor: { context: BrowserContext; page: Page; errors: string[] };
const appointments = { hbot: 0, hbotAgain: 0, redLight: 0 };

const label = (therapy: 'hbot' | 'red_light', key: string) => DEFAULT_THERAPY_SETTINGS.contraindications[therapy].find((c) => c.key === key)!.label;

beforeAll(async () => {
  world = await arrangeVisitWorld('visits-therapies');
  browser = await launchBrowser();
  doctor = await staffAt(browser, world.server.baseUrl, world.accounts.DOCTOR!, DESKTOP, '/clients');
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('therapy sessions charted by a nurse and signed by a doctor', () => {
  it('HBOT at 1280 px: checklist, O’Neill grade, timed and counted', async () => {
    const client = world.accounts.CLIENT!;
    appointments.hbot = await book(world, 'hbot', client.id);
    const { context, page, errors } = await staffAt(browser, world.server.baseUrl, world.accounts.NURSE!, DESKTOP, '/appointments');
    const c = charter(page);
    const started = Date.now();
    const id = await checkInAndOpenChart(page, appointments.hbot, 'hbot', client.id, c.counts);
    await c.frame.waitFor();
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.missing).waitFor();
    await c.click(page.getByRole('button', { name: T.recordScreening }));
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.clear).waitFor();
    await c.vitals('vitals_before', VITALS_BEFORE);
    await c.parameters(HBOT_BEFORE_DIVE);
    await c.saved();
    await expectNoSidewaysScroll(page, 'HBOT chart at 1280 px');
    await c.step('in_progress');
    // Ear equalisation during the dive: O'Neill grade 1 is kept and flagged.
    await c.parameters({ oneill_grade: '1' });
    await c.frame.locator('[data-field="warnings"]').getByText("Ear equalisation (O'Neill grade) 1 is outside the usual range.").waitFor();
    await c.vitals('vitals_after', { systolic: '118', diastolic: '76', heart_rate: '68' });
    await c.saved();
    await c.step('completed');
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    console.log(`HBOT charting: ${c.counts.clicks} clicks, ${c.counts.fields} fields, ${seconds} s (check-in to completed, nurse at ${DESKTOP} px)`);
    expectNoConsoleErrors(errors);
    await context.close();

    await doctorSigns(doctor.page, world, 'hbot', client.id, id);
    const stored = (await call(world.server.baseUrl, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    expect(stored.parameters).toMatchObject({
      chamber_type: 'soft',
      ata: 1.3,
      checklist_cotton: true,
      checklist_no_lotions: true,
      checklist_no_devices: true,
      checklist_grounding: true,
      oneill_grade: 1,
    });
    expect(stored.vitals_before).toMatchObject({ systolic: 122, diastolic: 78, heart_rate: 70, spo2: 98 });
    expect(stored.appointment).toBe(appointments.hbot);
    expectNoConsoleErrors(doctor.errors);
  });

  it('HBOT again at 360 px: the last settings are copied; the doctor signs at 360 px too', async () => {
    const client = world.accounts.CLIENT!;
    appointments.hbotAgain = await book(world, 'hbot', client.id);
    const { context, page, errors } = await staffAt(browser, world.server.baseUrl, world.accounts.NURSE!, PHONE, '/appointments');
    const c = charter(page);
    const id = await checkInAndOpenChart(page, appointments.hbotAgain, 'hbot', client.id);
    await c.frame.waitFor();
    // The screening of the first dive is still valid.
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.clear).waitFor();
    await expectNoSidewaysScroll(page, 'HBOT chart at 360 px');
    await c.click(page.getByRole('button', { name: T.copyLast }));
    await expect.poll(() => c.field('parameters', 'ata').inputValue()).toBe('1.3');
    expect(await c.field('parameters', 'hold_minutes').inputValue()).toBe('60');
    expect(await c.field('parameters', 'checklist_grounding').inputValue()).toBe(T.yes);
    await c.vitals('vitals_before', { systolic: '126', diastolic: '80', heart_rate: '72' });
    await c.saved();
    await c.step('in_progress');
    await c.parameters({ oneill_grade: '0' });
    await c.vitals('vitals_after', { systolic: '120', diastolic: '78', heart_rate: '70' });
    await c.saved();
    await c.step('completed');
    await expectNoSidewaysScroll(page, 'completed HBOT chart at 360 px');
    expectNoConsoleErrors(errors);
    await context.close();

    const phone = await staffAt(browser, world.server.baseUrl, world.accounts.DOCTOR!, PHONE, '/clients');
    await doctorSigns(phone.page, world, 'hbot', client.id, id);
    await expectNoSidewaysScroll(phone.page, 'signed HBOT chart at 360 px');
    const stored = (await call(world.server.baseUrl, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    expect(stored.parameters).toMatchObject({ chamber_type: 'soft', ata: 1.3, hold_minutes: 60, checklist_grounding: true, oneill_grade: 0 });
    expectNoConsoleErrors(phone.errors);
    await phone.context.close();
  });

  it('red light at 1280 px: a relative contraindication waits for a DOCTOR’s override with a reason; the dose is computed and warned above the threshold', async () => {
    const client = world.accounts.CLIENT!;
    appointments.redLight = await book(world, 'red_light', client.id);
    const base = world.server.baseUrl;
    const { context, page, errors } = await staffAt(browser, base, world.accounts.NURSE!, DESKTOP, '/appointments');
    const c = charter(page);
    const id = await checkInAndOpenChart(page, appointments.redLight, 'red_light', client.id);
    const url = `/client/red_light/${client.id}/visit/${id}`;
    await c.frame.waitFor();
    await c.check(label('red_light', 'photosensitising_drugs'));
    await c.click(page.getByRole('button', { name: T.recordScreening }));
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.needs_override).waitFor();
    // A nurse is not offered the override.
    expect(await page.getByLabel(T.screenOverrideReason).count()).toBe(0);
    await c.vitals('vitals_before', { systolic: '120', diastolic: '80', heart_rate: '66' });
    await c.parameters({
      device: 'Panel RL-2',
      source: { choose: 'led' },
      wavelengths: '660, 850',
      mode: { choose: 'continuous' },
      irradiance: '100',
      distance: '15',
      seconds_per_area: '300',
      areas: 'Knees',
      eye_protection: { choose: T.yes },
    });
    await c.saved();
    // 100 mW/cm² for 300 s is 30 J/cm²: under the clinic's 60, no warning.
    await c.frame.locator('[data-field="computed-dose"]').getByText(`${T.computed.dose}: 30`).waitFor();
    expect(await page.getByText(/^Dose .* is above the clinic's/).count()).toBe(0);
    await c.frame.locator('[data-field="blockers"]').getByText(fieldPathWords('screening.needs_override')).waitFor();
    // Starting anyway is refused by the server and said on the chart.
    expectFailedRequest(page, { method: 'POST', path: `/api/v1/visits/therapy-visits/${id}/transitions`, status: 409 });
    await page.getByRole('button', { name: T.steps.in_progress, exact: true }).click();
    await c.frame
      .locator('[data-field="error"]')
      .getByText(VISIT_TEXTS.blocked(['screening.needs_override'], 'red_light'))
      .waitFor();
    expect(await c.frame.getAttribute('data-status')).toBe('draft');

    // The doctor overrides it, with a reason, on their own device.
    await doctor.page.goto(url);
    const reason = 'Doxycycline stopped two weeks ago; low dose on the knees only';
    await doctor.page.getByLabel(T.screenOverrideReason).fill(reason);
    await doctor.page.getByRole('button', { name: T.screenOverride }).click();
    await doctor.page.locator('[data-field="screening"]').getByText(T.screening.overridden).waitFor();
    await doctor.page.locator('[data-field="screening-found"]').getByText(reason, { exact: false }).waitFor();
    const screen = (await call(base, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body.screen;
    expect(screen).toMatchObject({ result: 'relative', override_reason: reason, overridden_by: world.accounts.DOCTOR!.id });

    // The nurse's chart, read again, may start; 900 s per area gives 90 J/cm², warned.
    await page.reload();
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.overridden).waitFor();
    await c.step('in_progress');
    await c.fill('parameters', 'seconds_per_area', '900');
    await c.saved();
    await c.frame.locator('[data-field="computed-dose"]').getByText(`${T.computed.dose}: 90`).waitFor();
    await c.frame
      .locator('[data-field="warnings"]')
      .getByText(`Dose 90 J/cm² is above the clinic's ${DEFAULT_THERAPY_SETTINGS.red_light_dose_warn} J/cm².`)
      .waitFor();
    await c.vitals('vitals_after', { systolic: '118', diastolic: '78', heart_rate: '64' });
    await c.parameters({ skin_response: 'Mild warmth, no redness' });
    await c.saved();
    await c.step('completed');
    await expectNoSidewaysScroll(page, 'red light chart at 1280 px');
    expectNoConsoleErrors(errors);
    await context.close();

    await doctorSigns(doctor.page, world, 'red_light', client.id, id);
    const stored = (await call(base, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    expect(stored.computed.dose).toBe(90);
    expect(stored.parameters).toMatchObject({ irradiance: 100, seconds_per_area: 900, wavelengths: '660, 850', eye_protection: true });
    expectNoConsoleErrors(doctor.errors);
  });
});
