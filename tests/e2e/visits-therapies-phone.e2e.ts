// Therapy visits end to end at 360 px (issue 17): full PET (PEMF) and FIR sauna sessions, from
// check-in at the appointment panel to a DOCTOR's signature, charted by the NURSE on a phone-wide
// screen against the real API in Chromium; FIR's fluid loss is computed from the weights. A client
// with a pacemaker answers FIR's absolute contraindication: starting is refused, no one is offered
// an override (the server refuses one too), and the visit is aborted with its reason. No page
// scrolls sideways.
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
  PHONE,
  staffAt,
  tokenOf,
  type VisitWorld,
} from '../support/visit-charting-e2e.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

let world: VisitWorld;
let browser: Browser;
let doctor: { context: BrowserContext; page: Page; errors: string[] };
const appointments = { pet: 0, fir: 0, pacemaker: 0 };

beforeAll(async () => {
  world = await arrangeVisitWorld('visits-phone', 1);
  browser = await launchBrowser();
  doctor = await staffAt(browser, world.server.baseUrl, world.accounts.DOCTOR!, PHONE, '/clients');
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('therapy sessions at 360 px', () => {
  it('PET (PEMF): charted by the nurse, signed by the doctor', async () => {
    const client = world.accounts.CLIENT!;
    appointments.pet = await book(world, 'pet', client.id);
    const { context, page, errors } = await staffAt(browser, world.server.baseUrl, world.accounts.NURSE!, PHONE, '/appointments');
    const c = charter(page);
    const id = await checkInAndOpenChart(page, appointments.pet, 'pet', client.id);
    await c.frame.waitFor();
    // The clinic's name for the therapy, as the back office names it.
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${DEFAULT_THERAPY_SETTINGS.display_names.pet.replace(/[()]/g, '\\$&')} · `) }).waitFor();
    await c.click(page.getByRole('button', { name: T.recordScreening }));
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.clear).waitFor();
    await expectNoSidewaysScroll(page, 'PET chart at 360 px');
    await c.vitals('vitals_before', { systolic: '116', diastolic: '74', heart_rate: '64' });
    await c.parameters({
      device: 'PEMF mat M1',
      applicator: { choose: 'mat' },
      program: 'Recovery',
      frequency: '10',
      intensity: '50',
      intensity_unit: { choose: 'µT' },
      waveform: 'Sawtooth',
      duration_minutes: '30',
      body_area: 'Whole body',
      metal_removed: { choose: T.yes },
    });
    await c.saved();
    await c.step('in_progress');
    await c.parameters({ client_felt: 'Light tingling in the legs' });
    await c.vitals('vitals_after', { systolic: '114', diastolic: '72', heart_rate: '62' });
    await c.saved();
    await c.step('completed');
    await expectNoSidewaysScroll(page, 'completed PET chart at 360 px');
    expectNoConsoleErrors(errors);
    await context.close();

    await doctorSigns(doctor.page, world, 'pet', client.id, id);
    await expectNoSidewaysScroll(doctor.page, 'signed PET chart at 360 px');
    const stored = (await call(world.server.baseUrl, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    expect(stored.parameters).toMatchObject({
      applicator: 'mat',
      frequency: 10,
      intensity: 50,
      intensity_unit: 'µT',
      duration_minutes: 30,
      metal_removed: true,
      client_felt: 'Light tingling in the legs',
    });
    expectNoConsoleErrors(doctor.errors);
  });

  it('FIR sauna: the fluid loss is computed from the weights; signed by the doctor', async () => {
    const client = world.accounts.CLIENT!;
    appointments.fir = await book(world, 'fir', client.id);
    const { context, page, errors } = await staffAt(browser, world.server.baseUrl, world.accounts.NURSE!, PHONE, '/appointments');
    const c = charter(page);
    const id = await checkInAndOpenChart(page, appointments.fir, 'fir', client.id);
    await c.frame.waitFor();
    await c.click(page.getByRole('button', { name: T.recordScreening }));
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.clear).waitFor();
    await c.vitals('vitals_before', { systolic: '124', diastolic: '82', heart_rate: '74' });
    await c.parameters({ cabin: 'Cabin 2', temperature: '55', duration_minutes: '30', weight_before: '70.4' });
    await c.saved();
    await c.step('in_progress');
    await c.parameters({ weight_after: '69.9', fluids_taken: '500', early_exit: { choose: T.no } });
    await c.vitals('vitals_after', { systolic: '116', diastolic: '76', heart_rate: '88' });
    await c.saved();
    await c.frame.locator('[data-field="computed-fluid_loss"]').getByText(`${T.computed.fluid_loss}: 0.5`).waitFor();
    await c.step('completed');
    await expectNoSidewaysScroll(page, 'completed FIR chart at 360 px');
    expectNoConsoleErrors(errors);
    await context.close();

    await doctorSigns(doctor.page, world, 'fir', client.id, id);
    const stored = (await call(world.server.baseUrl, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    expect(stored.computed.fluid_loss).toBe(0.5);
    expect(stored.vitals_after).toMatchObject({ systolic: 116, diastolic: 76, heart_rate: 88 });
    expectNoConsoleErrors(doctor.errors);
  });

  it('FIR with a pacemaker: the absolute contraindication blocks starting, offers no override, and the visit is aborted with a reason', async () => {
    const base = world.server.baseUrl;
    const client = world.others[0];
    appointments.pacemaker = await book(world, 'fir', client.id);
    const { context, page, errors } = await staffAt(browser, base, world.accounts.NURSE!, PHONE, '/appointments');
    const c = charter(page);
    const id = await checkInAndOpenChart(page, appointments.pacemaker, 'fir', client.id);
    await c.frame.waitFor();
    const pacemaker = DEFAULT_THERAPY_SETTINGS.contraindications.fir.find((x) => x.key === 'pacemaker_icd')!;
    expect(pacemaker.severity).toBe('absolute');
    await c.check(`${pacemaker.label} (absolute)`);
    await c.click(page.getByRole('button', { name: T.recordScreening }));
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.absolute).waitFor();
    await c.vitals('vitals_before', { systolic: '120', diastolic: '80', heart_rate: '70' });
    await c.saved();
    expectFailedRequest(page, { method: 'POST', path: `/api/v1/visits/therapy-visits/${id}/transitions`, status: 409 });
    await page.getByRole('button', { name: T.steps.in_progress, exact: true }).click();
    await c.frame
      .locator('[data-field="error"]')
      .getByText(VISIT_TEXTS.blocked(['screening.absolute'], 'fir'))
      .waitFor();
    expect(await c.frame.getAttribute('data-status')).toBe('draft');
    await expectNoSidewaysScroll(page, 'blocked FIR chart at 360 px');

    // Not even a doctor is offered an override, and the server refuses one.
    const wide = await staffAt(browser, base, world.accounts.DOCTOR!, DESKTOP, `/client/fir/${client.id}/visit/${id}`);
    await wide.page.locator('[data-field="screening"]').getByText(T.screening.absolute).waitFor();
    expect(await wide.page.getByLabel(T.screenOverrideReason).count()).toBe(0);
    expectNoConsoleErrors(wide.errors);
    await wide.context.close();
    const visit = (await call(base, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    const doctorToken = await tokenOf(base, world.accounts.DOCTOR!.email);
    const refused = await call(base, doctorToken, 'POST', `/visits/contraindication-screens/${visit.screen.id}/override`, { reason: 'Trying anyway' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(VISIT_TEXTS.screenAbsolute);

    await page.getByLabel(T.abortReason).fill('Pacemaker: FIR sauna contraindicated; client offered another therapy');
    await page.getByRole('button', { name: T.steps.aborted, exact: true }).click();
    await c.status('aborted');
    const stored = (await call(base, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    expect(stored).toMatchObject({ status: 'aborted', abort_reason: 'Pacemaker: FIR sauna contraindicated; client offered another therapy', started_at: null });
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
