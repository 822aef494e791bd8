// An IV session at 360 px end to end (issue 17; tests/e2e/visits.e2e.ts charts one on a desktop):
// the NURSE checks the client in from the day's agenda, charts the recipe with a lot per
// ingredient, insertion, infusion and removal on a phone-wide screen and completes; a DOCTOR signs
// at 360 px. The lot's stock goes down and no page scrolls sideways.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VISIT_TEXT as T } from '../../src/features/visits/texts.ts';
import { launchBrowser } from '../support/browser.ts';
import { call, expectNoConsoleErrors } from '../support/staff-e2e.ts';
import {
  arrangeVisitWorld,
  book,
  charter,
  checkInAndOpenChart,
  doctorSigns,
  expectNoSidewaysScroll,
  PHONE,
  staffAt,
  type VisitWorld,
} from '../support/visit-charting-e2e.ts';
import { formatDate } from '../../src/lib/format.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

let world: VisitWorld;
let browser: Browser;
let appointment = 0;
let lot = 0;

beforeAll(async () => {
  world = await arrangeVisitWorld('visits-iv-phone');
  browser = await launchBrowser();
  const api = (method: string, path: string, body?: unknown) => call(world.server.baseUrl, world.adminToken, method, path, body);
  expect(
    (
      await api('POST', '/visits/iv-recipes', {
        name: 'Magnesium push',
        base_fluid: 'Normal saline',
        bag_volume: 100,
        ingredients: [{ item: 'Magnesium sulfate', dose: 2, unit: 'g' }],
      })
    ).status,
  ).toBe(201);
  const stock = await api('POST', '/visits/stock-lots', {
    item: 'Magnesium sulfate',
    lot_number: 'MG-360',
    expires_on: '2099-12-31',
    quantity: 10,
    unit: 'g',
    low_at: 2,
  });
  expect(stock.status).toBe(201);
  lot = stock.body.id;
  appointment = await book(world, 'iv', world.accounts.CLIENT!.id);
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('an IV session at 360 px', () => {
  it('charted by the nurse on a phone-wide screen, signed by the doctor', async () => {
    const client = world.accounts.CLIENT!;
    const { context, page, errors } = await staffAt(browser, world.server.baseUrl, world.accounts.NURSE!, PHONE, '/appointments');
    const c = charter(page);
    const id = await checkInAndOpenChart(page, appointment, 'iv', client.id);
    await c.frame.waitFor();
    await c.click(page.getByRole('button', { name: T.recordScreening }));
    await c.frame.locator('[data-field="screening"]').getByText(T.screening.clear).waitFor();
    await c.vitals('vitals_before', { systolic: '118', diastolic: '76', heart_rate: '68', spo2: '99' });
    await c.choose('parameters', 'recipe-choice', 'Magnesium push');
    await c.choose('parameters', 'lot-0', `MG-360 · 10 g · expires ${formatDate('2099-12-31')}`);
    await c.parameters({
      prescriber: 'Dr Rao',
      insertion_time: '09:05',
      catheter_type: { choose: 'butterfly' },
      gauge: '24',
      vein: 'Right basilic',
      attempts: '1',
      inserter: 'Staff nurse',
      delivery: { choose: 'pump' },
      rate: '200',
      infusion_start: '09:10',
      infusion_stop: '09:40',
      volume_given: '100',
      complication: { choose: 'none' },
      catheter_intact: { choose: T.yes },
      site_condition: 'Clean, dry',
    });
    await c.saved();
    await expectNoSidewaysScroll(page, 'IV chart at 360 px');
    await c.step('in_progress');
    await c.vitals('vitals_after', { systolic: '116', diastolic: '74', heart_rate: '66' });
    await c.saved();
    await c.step('completed');
    await expectNoSidewaysScroll(page, 'completed IV chart at 360 px');
    expectNoConsoleErrors(errors);
    await context.close();

    const doctor = await staffAt(browser, world.server.baseUrl, world.accounts.DOCTOR!, PHONE, '/clients');
    await doctorSigns(doctor.page, world, 'iv', client.id, id);
    await expectNoSidewaysScroll(doctor.page, 'signed IV chart at 360 px');
    expectNoConsoleErrors(doctor.errors);
    await doctor.context.close();
    const stored = (await call(world.server.baseUrl, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`)).body;
    expect(stored.parameters).toMatchObject({
      catheter_type: 'butterfly',
      gauge: 24,
      delivery: 'pump',
      ingredients: [{ item: 'Magnesium sulfate', dose: 2, unit: 'g', lot }],
    });
    const lots = await call(world.server.baseUrl, world.nurseToken, 'GET', '/visits/stock-lots?item=Magnesium%20sulfate');
    expect(lots.body.find((l: { id: number }) => l.id === lot).quantity).toBe(8);
  });
});
