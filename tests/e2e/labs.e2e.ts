// Labs in Chromium (issue 20) against the real server (PostgreSQL when DATABASE_URL is set, as in
// CI; PGlite otherwise): an admin adds the serviceable pincode and the fasting test (its marker
// with ranges for women and men) on the back office's Labs tab; a client books a fasting test for 7 am from the portal (pincode, tests,
// a morning slot held for them, themself and the prefilled address, pay at collection, the
// confirmation in the outbox); at the lab desk (the back office's Labs tab) staff assign a
// collector, collect, process, enter the result and release the report; the client reads the
// released report with its flags and range bars, and the marker's trend across this report and an
// earlier one (that one booked and completed at the desk through the API); under "My orders" the
// client reschedules and cancels a booked order, and staff reschedule and cancel one at the lab desk.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXTS } from '../../machines/labs/lab-texts.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import { LABS_TEXT as T } from '../../src/features/labs/texts.ts';
import { LAB_DESK_TEXT as D } from '../../src/features/labs/desk-texts.ts';
import { TAB_LABELS } from '../../src/features/appointments/scheduling/texts.ts';
import { getHref, staffRoutes } from '../../src/app/paths.ts';
import { LABS_SECTION } from '../../src/features/labs/client-labs-texts.ts';
import { launchBrowser, watchConsole } from '../support/browser.ts';
import { completeFirstSignIn, createAccount, E2E_PASSWORD, type E2eAccount } from '../support/e2e-accounts.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { call, pageAs, startStaffServer } from '../support/staff-e2e.ts';

const TAG = 'labs';
let server: ServerProcess;
let browser: Browser;
let adminToken: string;
let adminEmail = '';
let client: E2eAccount;
let nurse: E2eAccount;
let glucose = { id: 0, marker: 0 };
const PINCODE = '560034';

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, adminToken, method, path, body);
const hourOf = (iso: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));

/** Moves an order along the desk's steps and enters one result per person, as the lab desk does. */
async function deskCompletes(order: { id: number; people: { id: number }[] }, value: number) {
  for (const to of ['collector_assigned', 'collected', 'processing'])
    await ok(api('POST', `/labs/orders/${order.id}/transitions`, { to, collector: nurse.id }), to);
  for (const person of order.people) await ok(api('POST', '/labs/results', { order: order.id, person: person.id, marker: glucose.marker, value }), 'result');
  await ok(api('POST', `/labs/orders/${order.id}/transitions`, { to: 'ready' }), 'ready');
}

beforeAll(async () => {
  const started = await startStaffServer(TAG);
  server = started.server;
  adminEmail = started.adminEmail;
  browser = await launchBrowser();
  adminToken = (await completeFirstSignIn(server.baseUrl, started.adminEmail, started.adminTemp)).AccessToken;
  nurse = await createAccount(server.baseUrl, adminToken, 'NURSE', TAG);
  client = await createAccount(server.baseUrl, adminToken, 'CLIENT', TAG);
  await ok(
    api('PATCH', `/users/user-profiles/${client.id}`, {
      gender: 'F',
      date_of_birth: '1984-03-09',
      address_line_1: '14 Koramangala 5th Block',
      city: 'Bengaluru',
      zipcode: PINCODE,
    }),
    'profile',
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

describe('labs from the portal (Chromium)', () => {
  it('an admin adds a serviceable pincode and a fasting test, with ranges by sex and age, in the back office', async () => {
    const admin = await pageAs(browser, server.baseUrl, { email: adminEmail, password: E2E_PASSWORD }, '/backoffice');
    const { page } = admin;
    await page.getByRole('tab', { name: TAB_LABELS.labs }).click();
    const pincodes = page.locator('[data-lab-pincodes]');
    await pincodes.getByText(D.pincodesEmpty).waitFor();
    await pincodes.getByLabel(D.pincode, { exact: true }).fill(PINCODE);
    await pincodes.getByLabel(D.area, { exact: true }).fill('Koramangala');
    await pincodes.getByLabel(D.slotCapacity, { exact: true }).fill('3');
    await pincodes.getByRole('button', { name: D.savePincode }).click();
    await pincodes
      .locator(`[data-pincode="${PINCODE}"]`)
      .getByText(D.pincodeLine({ pincode: PINCODE, area: 'Koramangala', slot_capacity: 3 }))
      .waitFor();

    const catalogue = page.locator('[data-lab-catalogue]');
    const fill = async (scope: typeof catalogue, label: string, value: string) => scope.getByLabel(label, { exact: true }).fill(value);
    await fill(catalogue, D.code, 'FBS');
    await fill(catalogue, D.name, 'Fasting blood sugar');
    await fill(catalogue, D.price, '150');
    await fill(catalogue, D.fastingHours, '10');
    await fill(catalogue, D.sampleType, 'Blood (fluoride)');
    await fill(catalogue, D.reportHours, '12');
    const marker = catalogue.locator('[data-marker="0"]');
    await fill(marker, D.markerCode, 'GLU');
    await fill(marker, D.markerName, 'Glucose, fasting');
    await fill(marker, D.unit, 'mg/dL');
    // Women 70–99, men 70–105: the client (a woman of 42) is read against hers.
    await marker.getByRole('button', { name: D.addRange }).click();
    for (const [index, sex, high] of [
      [0, D.female, '99'],
      [1, D.male, '105'],
    ] as const) {
      const range = marker.locator(`[data-range="${index}"]`);
      await range.getByLabel(D.sex).click();
      await page.getByRole('option', { name: sex, exact: true }).click();
      await fill(range, D.ageMin, '18');
      await fill(range, D.low, '70');
      await fill(range, D.high, high);
      await fill(range, D.criticalLow, '40');
      await fill(range, D.criticalHigh, '400');
    }
    await catalogue.getByRole('button', { name: D.addItem }).click();
    await catalogue.locator('[data-catalogue-item="FBS"]').getByText('Glucose, fasting (mg/dL)', { exact: false }).waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const created = (await ok(api('GET', '/labs/catalogue'), 'catalogue')).find((c: { code: string }) => c.code === 'FBS');
    expect(created).toMatchObject({ kind: 'test', price_inr: 150, fasting_hours: 10, sample_type: 'Blood (fluoride)', report_hours: 12 });
    expect(created.markers[0].ranges).toEqual(
      expect.arrayContaining([
        { sex: 'F', age_min: 18, age_max: 120, low: 70, high: 99, critical_low: 40, critical_high: 400 },
        { sex: 'M', age_min: 18, age_max: 120, low: 70, high: 105, critical_low: 40, critical_high: 400 },
      ]),
    );
    expect(await ok(api('GET', `/labs/pincodes?pincode=${PINCODE}`), 'pincode')).toMatchObject([{ pincode: PINCODE, area: 'Koramangala', slot_capacity: 3 }]);
    glucose = { id: created.id, marker: created.markers[0].id };
    // An earlier report of the client's, booked at the desk: the first point of the trend.
    const slots = await ok(api('GET', `/labs/slots?pincode=${PINCODE}&items=${glucose.id}`), 'slots');
    const hold = await ok(
      api('POST', '/labs/slots', { client: client.id, pincode: PINCODE, start: slots[slots.length - 1].start, items: [glucose.id] }),
      'hold',
    );
    const earlier = await ok(api('POST', '/labs/orders', { hold: hold.id, items: [glucose.id], people: [{ self: true }], address: 'Home' }), 'earlier order');
    await deskCompletes(earlier, 92);
  }, 300_000);

  it('a client books a fasting test for 7 am; staff collect and enter results; the client reads the report and its trend', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto('/login');
    await page.getByPlaceholder('Enter Your Email Here').fill(client.email);
    await page.getByPlaceholder('Enter Your Password Here').fill(client.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/user/home/${client.id}`, { timeout: 60_000 });
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    // The consent is stored before moving on (leaving earlier would drop the request).
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Book: the pincode (prefilled from the profile) is served; the fasting test offers mornings only.
    await page.goto(`/user/book-test/${client.id}`);
    await page.getByRole('heading', { name: T.bookTitle }).waitFor();
    expect(await page.getByLabel(T.pincode).inputValue()).toBe(PINCODE);
    await page.getByRole('button', { name: T.check }).click();
    await page.getByText(T.served(PINCODE)).waitFor();
    await page.locator('[data-item="FBS"]').getByRole('checkbox').check();
    await page.getByRole('button', { name: T.toSlots }).click();
    await page.getByText(T.fastingMorning).waitFor();
    const starts = await page.locator('[data-slot]').evaluateAll((els) => els.map((e) => e.getAttribute('data-slot')!));
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((s) => hourOf(s) < 10)).toBe(true);
    const seven = starts.find((s) => hourOf(s) === 7)!;
    await page.locator(`[data-slot="${seven}"]`).click();
    // Held for them; themself on the order and the address from the profile.
    await page.getByRole('heading', { name: T.people }).waitFor();
    expect(await page.getByLabel(T.address).inputValue()).toBe('14 Koramangala 5th Block, Bengaluru');
    await page.getByRole('button', { name: T.review }).click();
    await page.getByText(T.total(150), { exact: true }).waitFor();
    await page.getByText(LAB_TEXTS.payment).first().waitFor();
    await page.getByRole('button', { name: T.confirm }).click();
    const booked = page.locator('[data-booked]');
    await booked.waitFor();
    const id = Number(await booked.getAttribute('data-booked'));
    expect(await booked.textContent()).toBe(T.booked(id));
    const order = await ok(api('GET', `/labs/orders/${id}`), 'order');
    expect(order).toMatchObject({ status: 'booked', start: seven, client: client.id, payment: 'at_collection' });
    const outbox = (await (await fetch(`${server.baseUrl}/dev/outbox?to=${encodeURIComponent(client.email)}`)).json()) as {
      messages: { subject: string; body: string }[];
    };
    expect(outbox.messages.some((m) => m.subject === LAB_TEXTS.mail.confirmedSubject && m.body.includes(`#${id}`))).toBe(true);

    // At the lab desk, run by a NURSE outside the back office (issue 32: /labs, in the nurse's
    // navigation): a collector assigned, the sample collected and processed, a high value entered
    // and confirmed, partial results released from processing, then the report.
    const desk = await pageAs(browser, server.baseUrl, { email: nurse.email, password: nurse.password }, getHref('labDesk'));
    await desk.page.getByRole('heading', { name: D.pageTitle, level: 1 }).waitFor();
    expect(await desk.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: staffRoutes.labDesk.label }).count()).toBeGreaterThan(0);
    const card = desk.page.locator(`[data-order="${id}"]`);
    await card.waitFor();
    await card.getByLabel(D.collector).click();
    await desk.page.getByRole('option', { name: `${nurse.firstName} ${nurse.lastName}` }).click();
    await card.getByRole('button', { name: D.move.collector_assigned }).click();
    await desk.page.locator(`[data-order="${id}"][data-status="collector_assigned"]`).waitFor();
    await card.getByRole('button', { name: D.move.collected }).click();
    await desk.page.locator(`[data-order="${id}"][data-status="collected"]`).waitFor();
    await card.getByRole('button', { name: D.move.processing }).click();
    await desk.page.locator(`[data-order="${id}"][data-status="processing"]`).waitFor();
    const field = D.value('Glucose, fasting', 'mg/dL', order.people[0].name);
    await card.getByRole('textbox', { name: field }).fill('112');
    await card.getByRole('button', { name: `${D.save} ${field}` }).click();
    await desk.page
      .getByTestId('lab-desk-done')
      .getByText(D.saved('Glucose, fasting', 112, 'mg/dL', order.people[0].name))
      .waitFor({ timeout: 30_000 });
    expect((await ok(api('GET', `/labs/results?client=${client.id}`), 'results')).find((r: { order: number }) => r.order === id)?.results.length).toBe(1);
    // Every marker is in, and partial results still go out from processing (it was refused before).
    await card.getByRole('button', { name: D.move.partial }).click();
    await desk.page.locator(`[data-order="${id}"][data-status="partial"]`).waitFor();
    expect(await desk.page.getByRole('alert').count()).toBe(0);
    await card.getByRole('button', { name: D.move.ready }).click();
    await desk.page.locator(`[data-order="${id}"][data-status="ready"]`).waitFor();
    // The client's record shows the report in its Labs section, flagged.
    await desk.page.goto(`/client/${client.id}/details?tab=labs`);
    const section = desk.page.getByRole('region', { name: LABS_SECTION.title });
    await section.locator(`[data-lab-report="${id}"]`).getByText(LABS_SECTION.flag.high).waitFor();
    expect(desk.errors).toEqual([]);
    await desk.context.close();
    expect((await ok(api('GET', `/labs/orders/${id}`), 'order')).collector_name).toBe(`${nurse.firstName} ${nurse.lastName}`);

    // The client reads it: the flag and range bar per marker, and the trend across both reports.
    await page.goto(`/user/reports/${client.id}`);
    await page.getByRole('heading', { name: T.reportsTitle }).waitFor();
    const latest = page.locator(`[data-report="${id}"]`);
    await latest.waitFor();
    const row = latest.locator('[data-marker="GLU"]');
    expect(await row.getAttribute('data-flag')).toBe('high');
    await row.getByText(T.flag.high).waitFor();
    await row.getByText(T.range(70, 99, 'mg/dL')).waitFor();
    await row.getByRole('img').waitFor();
    const trend = page.locator('[data-trend="GLU"]');
    await trend.waitFor();
    expect(await trend.getAttribute('data-points')).toBe('2');
    await trend.locator('svg').first().waitFor();

    // "My orders": the client moves a booked order to another slot, then cancels it; a reported
    // order offers neither. At the lab desk staff move another booked order, then cancel it.
    const offered: { start: string }[] = await ok(api('GET', `/labs/slots?pincode=${PINCODE}&items=${glucose.id}`), 'slots');
    const bookFor = async (start: string) => {
      const hold = await ok(api('POST', '/labs/slots', { client: client.id, pincode: PINCODE, start, items: [glucose.id] }), 'hold');
      return ok(api('POST', '/labs/orders', { hold: hold.id, items: [glucose.id], people: [{ self: true }], address: 'Home' }), 'order');
    };
    const open = await bookFor(offered[0].start);
    await page.goto(`/user/book-test/${client.id}`);
    const mine = page.locator(`[data-my-orders] [data-order="${open.id}"]`);
    await mine.getByRole('button', { name: T.reschedule }).click();
    const target = offered[1].start;
    await mine.locator(`[data-new-slot="${target}"]`).click();
    await page.locator(`[data-my-orders] [data-order="${open.id}"][data-start="${target}"]`).waitFor();
    expect(await ok(api('GET', `/labs/orders/${open.id}`), 'order')).toMatchObject({ status: 'booked', start: target });
    await mine.getByRole('button', { name: T.cancelOrder }).click();
    await page.locator(`[data-my-orders] [data-order="${open.id}"][data-status="cancelled"]`).waitFor();
    expect((await ok(api('GET', `/labs/orders/${open.id}`), 'order')).status).toBe('cancelled');
    const reported = page.locator(`[data-my-orders] [data-order="${id}"][data-status="ready"]`);
    await reported.waitFor();
    expect(await reported.getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    const other = await bookFor(offered[2].start);
    const staff = await pageAs(browser, server.baseUrl, { email: adminEmail, password: E2E_PASSWORD }, '/backoffice');
    await staff.page.getByRole('tab', { name: TAB_LABELS.labs }).click();
    const queued = staff.page.locator(`[data-lab-desk] [data-order="${other.id}"]`);
    await queued.getByRole('button', { name: D.reschedule }).click();
    const later = offered[3].start;
    await queued.locator(`[data-new-slot="${later}"]`).click();
    await staff.page.locator(`[data-lab-desk] [data-order="${other.id}"][data-start="${later}"]`).waitFor();
    expect((await ok(api('GET', `/labs/orders/${other.id}`), 'order')).start).toBe(later);
    await queued.getByRole('button', { name: D.cancel }).click();
    await queued.waitFor({ state: 'detached' });
    expect((await ok(api('GET', `/labs/orders/${other.id}`), 'order')).status).toBe('cancelled');
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  }, 300_000);
});
