// The thrive dashboard in Chromium against a real server: a coach opens /thrive-dashboard, sees
// the tiles, the charts and a client in the needs-attention table, drills into that client (her
// released lab report's marker shown), adds a measurement taken an hour ago (its day and time typed)
// and sees the trend chart gain a point;
// a coach opens a tile's clients (the address keeps it) and their count is the tile's; a client
// adds a self-reported weight on /user/home and sees it in their trend, marked self-reported.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_FLAG_LABELS, THRIVE_TEXT, TRACK_LABELS } from '../../src/features/thrive/texts.ts';
import { TRENDS_TEXT } from '../../src/features/thrive/trends-section.tsx';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import { launchBrowser } from '../support/browser.ts';
import { fillDateTimeFields } from '../support/date-field-e2e.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

let world: StaffWorld;
let browser: Browser;
let client: number;
const PINCODE = '560034';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('thrive');
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['HEALTH_COACH', 'CLIENT', 'NURSE'], 't');
  browser = await launchBrowser();
  const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, world.adminToken, method, path, body);
  const program = (await api('POST', '/programs/programs', { name: 'Heart Reset', duration_weeks: 12, price_inr: 30000 })).body.id;
  const created = await api('POST', '/users/users', {
    first_name: 'Kavya',
    last_name: 'Iyer',
    email: 'kavya.thrive@clinic.test',
    role: 'CLIENT',
    health_goals: { schema_version: 1, goals: [{ area: 'heart_health', description: 'Lower my blood pressure', priority: 'high', target_date: '2027-06-30' }] },
  });
  expect(created.status).toBe(201);
  client = created.body.id;
  expect((await api('PATCH', `/users/user-profiles/${client}`, { gender: 'F', date_of_birth: '1984-03-09', zipcode: PINCODE })).status).toBe(200);
  const start = new Date(Date.now() - 28 * 86_400_000).toISOString().slice(0, 10);
  expect((await api('POST', '/users/user-program-enrollments', { user: client, program, start_date: start })).status).toBe(201);
  // Two readings moving away from the target: a worsening goal metric, so she needs attention.
  for (const [value, value2, days] of [
    [134, 86, 14],
    [142, 90, 2],
  ]) {
    const taken_at = new Date(Date.now() - days * 86_400_000).toISOString();
    expect((await api('POST', '/thrive/measurements', { client, metric: 'blood_pressure', value, value2, unit: 'mmHg', taken_at })).status).toBe(201);
  }
  // An in-clinic MoCA the dashboard shows beside her labs (none released yet).
  const moca = await api('POST', '/assessments/cognitive/instruments', {
    client,
    instrument: 'MoCA',
    form: '8.1',
    version: '8.1',
    language: 'English',
    setting: 'Quiet room',
    administered_on: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    total: 27,
    max_total: 30,
    domains: [],
    administrator: 'Nurse Asha',
    interpretation: '',
  });
  expect(moca.status, JSON.stringify(moca.body)).toBe(201);
  // A released lab report (booked, collected, processed, resulted, ready at the lab desk): a high fasting glucose.
  const ok = async (res: Promise<{ status: number; body: any }>, what: string) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  await ok(api('POST', '/labs/pincodes', { pincode: PINCODE, area: 'Koramangala', slot_capacity: 3 }), 'pincode');
  const fbs = await ok(
    api('POST', '/labs/catalogue', {
      code: 'FBS',
      name: 'Glucose, fasting',
      kind: 'test',
      price_inr: 150,
      fasting_hours: 10,
      sample_type: 'Blood (fluoride)',
      report_hours: 12,
      markers: [
        {
          code: 'GLU-F',
          name: 'Fasting glucose',
          unit: 'mg/dL',
          ranges: [{ sex: null, age_min: 18, age_max: 120, low: 70, high: 99, critical_low: 40, critical_high: 400 }],
        },
      ],
    }),
    'catalogue',
  );
  const slots = await ok(api('GET', `/labs/slots?pincode=${PINCODE}&items=${fbs.id}`), 'slots');
  const hold = await ok(api('POST', '/labs/slots', { client, pincode: PINCODE, start: slots[0].start, items: [fbs.id] }), 'hold');
  const order = await ok(api('POST', '/labs/orders', { hold: hold.id, items: [fbs.id], people: [{ self: true }], address: 'Home' }), 'order');
  for (const to of ['collector_assigned', 'collected', 'processing'])
    await ok(api('POST', `/labs/orders/${order.id}/transitions`, { to, collector: world.accounts.NURSE!.id }), to);
  await ok(api('POST', '/labs/results', { order: order.id, person: order.people[0].id, marker: fbs.markers[0].id, value: 112 }), 'result');
  await ok(api('POST', `/labs/orders/${order.id}/transitions`, { to: 'ready' }), 'ready');
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('thrive dashboard (Chromium)', () => {
  it('a coach opens the dashboard, drills into a client, adds a measurement and sees the chart move', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.HEALTH_COACH!, '/thrive-dashboard');
    await page.getByRole('heading', { name: THRIVE_TEXT.title, level: 1 }).waitFor();
    await expect(page.locator('[data-tile="active-enrollments"] [data-value]').innerText()).resolves.toBe('1');
    await page.locator('[data-chart="sessions-per-week"] svg').first().waitFor();
    await page.locator('[data-chart="status-distribution"] svg').first().waitFor();
    const grid = page.getByRole('grid', { name: THRIVE_TEXT.attentionTitle });
    const row = grid.getByRole('row').filter({ hasText: 'Kavya Iyer' });
    await row.waitFor();
    await row.getByText(TRACK_LABELS.on_track).waitFor();
    await row.getByText('Goal metric worsening').waitFor();

    await row.getByRole('link', { name: 'Kavya Iyer' }).click();
    await page.waitForURL((u) => u.pathname === `/thrive-dashboard/${client}`);
    await page.getByRole('heading', { name: THRIVE_TEXT.clientTitle('Kavya Iyer') }).waitFor();
    await page.locator('[data-goal="heart_health"] [data-standing="out_of_range"]').waitFor();
    // Cognitive results and lab markers join the dashboard once those records exist.
    await page.locator('[data-section="cognitive"] [data-instrument]').getByText('MoCA').waitFor();
    expect(await page.locator('[data-section="cognitive"] [data-instrument]').innerText()).toContain('27 / 30');
    const marker = page.locator('[data-section="labs"] [data-marker]');
    await marker.first().waitFor();
    expect(await marker.count()).toBe(1);
    expect(await marker.innerText()).toContain('Fasting glucose: 112 mg/dL');
    await marker.getByText(LAB_FLAG_LABELS.high).waitFor();
    const trend = page.locator('[data-trend="blood_pressure"]');
    await expect.poll(() => trend.getAttribute('data-readings')).toBe('2');
    // MUI X's own class for a point of a line (a production build has no component names in its
    // style classes).
    const points = async () => trend.locator('.MuiLineChart-mark').count();
    const before = await points();

    await page.getByRole('button', { name: THRIVE_TEXT.addMeasurement }).click();
    const dialog = page.getByRole('dialog', { name: THRIVE_TEXT.addMeasurement });
    await dialog.getByRole('combobox', { name: THRIVE_TEXT.metric }).click();
    await page.getByRole('option', { name: 'Blood pressure', exact: true }).click();
    // A typo is named before anything is sent.
    await dialog.getByLabel('Systolic').fill('1180');
    await dialog.getByLabel(THRIVE_TEXT.diastolic).fill('76');
    await dialog.getByText('Blood pressure of 1180 mmHg is not plausible (expected 60–260 mmHg).').waitFor();
    await dialog.getByLabel('Systolic').fill('118');
    // Taken an hour ago, typed as a day and a time on the browser's clock (what the form sends from).
    const takenAt = await page.evaluate(() => {
      const d = new Date(Date.now() - 3_600_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
    });
    await fillDateTimeFields(dialog, THRIVE_TEXT.takenAt, takenAt);
    await dialog.getByRole('button', { name: THRIVE_TEXT.add }).click();
    await page.getByText(THRIVE_TEXT.measurementAdded).waitFor();
    const readings = (await call(world.server.baseUrl, world.adminToken, 'GET', `/thrive/measurements?client=${client}&metric=blood_pressure`)).body as Array<{
      value: number;
      taken_at: string;
    }>;
    expect(readings.filter((r) => r.value === 118).map((r) => Date.parse(r.taken_at))).toEqual([await page.evaluate((wall) => Date.parse(wall), takenAt)]);
    await expect.poll(() => trend.getAttribute('data-readings')).toBe('3');
    await expect.poll(points).toBeGreaterThan(before);
    await page.locator('[data-goal="heart_health"] [data-standing="in_range"]').waitFor();
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('a coach clicks a tile and sees the clients behind it, as many as the tile counts', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.HEALTH_COACH!, '/thrive-dashboard');
    await page.getByRole('heading', { name: THRIVE_TEXT.title, level: 1 }).waitFor();
    for (const [name, tile, label] of [
      ['without-visit', 'without_visit', THRIVE_TEXT.tiles.withoutVisit],
      ['overdue', 'overdue', THRIVE_TEXT.tiles.overdue],
      ['active-enrollments', 'active_enrollments', THRIVE_TEXT.tiles.activeEnrollments],
    ] as const) {
      const figure = Number(await page.locator(`[data-tile="${name}"] [data-value]`).innerText());
      expect(figure, name).toBeGreaterThan(0);
      await page.getByRole('link', { name: THRIVE_TEXT.tileOpens(label) }).click();
      await page.waitForURL((u) => u.pathname === '/thrive-dashboard' && u.searchParams.get('tile') === tile);
      const list = page.locator(`[data-tile-clients="${tile}"]`);
      await list.getByRole('heading', { name: THRIVE_TEXT.tileClients(label) }).waitFor();
      await expect.poll(() => list.locator('[data-tile-total]').getAttribute('data-tile-total')).toBe(String(figure));
      const grid = list.getByRole('grid', { name: THRIVE_TEXT.tileClients(label) });
      await grid.getByRole('row').filter({ hasText: 'Kavya Iyer' }).first().waitFor();
      // Every row adds one to these tiles: as many rows as the figure.
      await expect.poll(() => grid.locator('.MuiDataGrid-row').count()).toBe(figure);
    }
    // The address keeps the list: reloading shows the same tile's clients.
    await page.reload();
    await page.locator('[data-tile-clients="active_enrollments"]').getByRole('row').filter({ hasText: 'Kavya Iyer' }).waitFor();
    await page.locator('[data-tile-clients="active_enrollments"]').getByRole('row').filter({ hasText: 'Kavya Iyer' }).click();
    await page.waitForURL((u) => u.pathname === `/thrive-dashboard/${client}`);
    await page.getByRole('heading', { name: THRIVE_TEXT.clientTitle('Kavya Iyer') }).waitFor();
    // A client without a released report: the section says so.
    await page.goto(`/thrive-dashboard/${world.accounts.CLIENT!.id}`);
    await page.locator('[data-section="labs"]').getByText(THRIVE_TEXT.noLabs).waitFor();
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('a client adds a self-reported weight on their home page', async () => {
    const account = world.accounts.CLIENT!;
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, account, `/user/home/${account.id}`);
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    const card = page.locator('[data-card="trends"]');
    await card.getByText(TRENDS_TEXT.noReadings).waitFor();
    await card.getByRole('button', { name: TRENDS_TEXT.addReading }).click();
    const dialog = page.getByRole('dialog', { name: TRENDS_TEXT.addReading });
    await dialog.getByLabel('Value').fill('72.4');
    await dialog.getByRole('button', { name: TRENDS_TEXT.add }).click();
    await page.getByText(TRENDS_TEXT.added).waitFor();
    await card.locator('[data-trend="weight"]').getByText(TRENDS_TEXT.selfReported).waitFor();
    const stored = await call(world.server.baseUrl, world.adminToken, 'GET', `/thrive/measurements?client=${account.id}&metric=weight`);
    expect(stored.body).toEqual([expect.objectContaining({ value: 72.4, unit: 'kg', source: 'client', entered_by: account.id })]);
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
