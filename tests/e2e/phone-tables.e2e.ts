// Issue 24, "Phones", with rows in the tables: phone-widths.e2e opens each route as it first loads,
// mostly empty; here the records hold data (arranged through the API as the administrator), so a
// table wider than a 360 px phone shows. Every client-record tab, every back-office tab, the
// portal's lab reports with a released result and /unauthorized: the document is never wider than
// the viewport, every visible control is on screen or in a box that scrolls, and every table on
// the page scrolls inside its own card. On /users a row's actions button is on screen without
// scrolling anything sideways.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TABS, tabSearch } from '../../machines/clients/record-tabs.ts';
import { getHref } from '../../src/app/paths.ts';
import { UNAUTHORIZED_TITLE } from '../../src/app/shell-text.ts';
import { TAB_LABELS } from '../../src/features/appointments/scheduling/texts.ts';
import { ACTIONS_FOR } from '../../src/features/clients/users-texts.ts';
import { clinicToday } from '../../src/lib/format.ts';
import { launchBrowser } from '../support/browser.ts';
import { createAccount, type E2eAccount } from '../support/e2e-accounts.ts';
import { expectFits, phoneContext, settled } from '../support/phone-e2e.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, signInAs, startStaffServer, type StaffWorld } from '../support/staff-e2e.ts';
import { tokenOf } from '../support/visit-charting-e2e.ts';

const PINCODE = '560034';

let world: StaffWorld;
let browser: Browser;
let client: E2eAccount;

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('phone-tables', { engine: 'pglite' });
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['NURSE'], 'pt');
  browser = await launchBrowser();
  const api = async (method: string, path: string, body?: unknown, token = world.adminToken) => {
    const res = await call(server.baseUrl, token, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const nurse = world.accounts.NURSE!;
  client = await createAccount(server.baseUrl, world.adminToken, 'CLIENT', 'pt');
  await api('PATCH', `/users/user-profiles/${client.id}`, {
    gender: 'F',
    date_of_birth: '1984-03-09',
    address_line_1: '14 Koramangala 5th Block',
    city: 'Bengaluru',
    zipcode: PINCODE,
  });
  // Consent recorded at the desk: a row in its history, and the portal opens without the dialog.
  await api('POST', `/users/user-profiles/${client.id}/consent-history`, {
    decision: 'given',
    signed_on: clinicToday(),
    reason: 'Signed the paper form at the front desk on her first visit.',
  });

  // The back office's catalogues, each with a row as long as a clinic writes them.
  const program = await api('POST', '/programs/programs', { name: 'Metabolic Reset with weekly coaching', duration_weeks: 12, price_inr: 30000 });
  await api('POST', '/appointments/resources', { name: 'Hyperbaric chamber A (monoplace)', kind: 'hbot_chamber' });
  await api('POST', '/appointments/services', {
    name: 'Hyperbaric oxygen therapy session',
    therapy: 'hbot',
    duration_minutes: 90,
    buffer_before_minutes: 10,
    buffer_after_minutes: 15,
    resources_needed: [{ kind: 'hbot_chamber', units: 1 }],
    delivered_by: ['NURSE', 'DOCTOR'],
    price_inr: 6500,
    bookable_online: true,
  });
  await api('POST', '/appointments/package-plans', {
    name: 'Hyperbaric oxygen, ten sessions',
    therapy: 'hbot',
    sessions: 10,
    price_inr: 55000,
    validity_days: 180,
  });
  await api('POST', '/visits/stock-lots', {
    item: 'Magnesium sulfate 50% injection',
    lot_number: 'MG-2031-0042',
    expires_on: '2099-12-31',
    quantity: 10,
    unit: 'g',
    low_at: 2,
  });

  // The client's record: an enrollment, a therapy visit, a released lab report, an assessment, a ticket and a thrive check.
  await api('POST', '/users/user-program-enrollments', { user: client.id, program: program.id, start_date: clinicToday() });
  await api('POST', '/visits/therapy-visits', { client: client.id, therapy: 'hbot' }, await tokenOf(server.baseUrl, nurse.email));
  await api('POST', '/labs/pincodes', { pincode: PINCODE, area: 'Koramangala', slot_capacity: 3 });
  const fbs = await api('POST', '/labs/catalogue', {
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
  });
  const slots = await api('GET', `/labs/slots?pincode=${PINCODE}&items=${fbs.id}`);
  const hold = await api('POST', '/labs/slots', { client: client.id, pincode: PINCODE, start: slots[0].start, items: [fbs.id] });
  const order = await api('POST', '/labs/orders', { hold: hold.id, items: [fbs.id], people: [{ self: true }], address: 'Home' });
  for (const to of ['collector_assigned', 'collected', 'processing']) await api('POST', `/labs/orders/${order.id}/transitions`, { to, collector: nurse.id });
  await api('POST', '/labs/results', { order: order.id, person: order.people[0].id, marker: fbs.markers[0].id, value: 112 });
  await api('POST', `/labs/orders/${order.id}/transitions`, { to: 'ready' });
  await api('POST', '/assessments/cognitive/instruments', {
    client: client.id,
    instrument: 'MoCA',
    form: '8.1',
    version: '8.1',
    language: 'English',
    setting: 'Quiet room',
    administered_on: clinicToday(),
    total: 27,
    max_total: 30,
    domains: [],
    administrator: 'Nurse Asha',
    interpretation: '',
  });
  await api('POST', '/support/tickets', {
    client: client.id,
    category: 'the_app',
    subject: 'Cannot open my lab report on my phone',
    message: 'The report page would not load from the app.',
  });
  await api('POST', '/users/thrive-checks', {
    user: client.id,
    sex: 'female',
    age: 42,
    hdl_cholesterol: 45,
    total_cholesterol: 210,
    smoker: 'no',
    diabetic: 'no',
    treats_hypertension: 'no',
    systolic_bp: 132,
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

/** The first table in `scope` has a row, and every table there sits in a box that scrolls it, never the page. */
async function expectTablesScroll(page: Page, scope: string, label: string) {
  const tables = page.locator(`${scope} table`);
  await tables.first().locator('tbody tr').first().waitFor();
  const loose = await tables.evaluateAll((all) =>
    all.filter((t) => !t.parentElement?.matches('[data-scroll-container="table"]')).map((t) => t.getAttribute('aria-label') ?? t.outerHTML.slice(0, 80)),
  );
  expect({ label, loose }).toEqual({ label, loose: [] });
}

/** The record tabs whose body is a table (the rest are lists and forms; Support is the staff queue's grid, issue 32). */
const TABLE_TABS = ['programs', 'visits', 'labs', 'thrive', 'consent', 'audit'];

/** The back-office tabs with a table (the support queue is a grid), and the label of the one that must have a row. */
const BACKOFFICE_TABLES: Partial<Record<keyof typeof TAB_LABELS, string>> = {
  general: 'Programs',
  services: 'Services',
  resources: 'Resources',
  packages: 'Packages',
  labs: 'Catalogue',
  therapies: 'Stock lots',
};

describe('tables with rows at 360 px', () => {
  it('a SUPER_ADMIN: every client-record tab', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    const base = getHref('clientDetails', { clientId: client.id });
    await signInAs(page, world.accounts.SUPER_ADMIN!, base);
    for (const tab of RECORD_TABS) {
      const path = `${base}${tabSearch(tab)}`;
      await page.goto(path);
      await settled(page, '#record-tabpanel');
      if (TABLE_TABS.includes(tab)) await expectTablesScroll(page, '#record-tabpanel', path);
      await expectFits(page, path);
    }
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('a SUPER_ADMIN: every back-office tab, and a row of /users with its actions on screen', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    await signInAs(page, world.accounts.SUPER_ADMIN!, getHref('backoffice'));
    await settled(page, '[data-guard="allowed"]');
    for (const [key, label] of Object.entries(TAB_LABELS) as [keyof typeof TAB_LABELS, string][]) {
      await page.getByRole('tab', { name: label, exact: true }).click();
      await settled(page, `#backoffice-panel-${key}`);
      const table = BACKOFFICE_TABLES[key];
      if (table) {
        await page.locator(`#backoffice-panel-${key}`).getByRole('table', { name: table }).locator('tbody tr').first().waitFor();
        await expectTablesScroll(page, `#backoffice-panel-${key}`, `/backoffice ${label}`);
      }
      await expectFits(page, `/backoffice ${label}`);
    }
    // The support queue is a staff page of its own (issue 32).
    await page.goto(getHref('support'));
    await settled(page, '[data-guard="allowed"]');
    await page.locator('[data-section="support-queue"]').getByRole('row').filter({ hasText: 'Cannot open my lab report' }).waitFor();
    await expectFits(page, '/support');

    // The actions come second on a phone: the button is on screen with nothing scrolled sideways.
    await page.goto(getHref('users'));
    await settled(page, '[data-guard="allowed"]');
    const nurse = world.accounts.NURSE!;
    const actions = page.getByRole('button', { name: ACTIONS_FOR(`${nurse.firstName} ${nurse.lastName}`) });
    await actions.waitFor();
    const box = (await actions.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const scrolled = await page.evaluate(() => ({
      page: window.scrollX,
      grids: Array.from(document.querySelectorAll('.MuiDataGrid-virtualScroller'), (g) => g.scrollLeft),
    }));
    expect(scrolled).toEqual({ page: 0, grids: [0] });
    await expectFits(page, '/users');
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('a client: the lab reports with a released result', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    const path = getHref('portalReports', { clientId: client.id });
    await signInAs(page, client, path);
    await settled(page, '[data-report] [data-marker="GLU-F"]');
    await expectTablesScroll(page, '[data-report]', path);
    await expectFits(page, path);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('signed out: /unauthorized', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    await page.goto('/unauthorized');
    await page.getByRole('heading', { name: UNAUTHORIZED_TITLE }).waitFor();
    await settled(page, 'h1, h2');
    await expectFits(page, '/unauthorized');
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
