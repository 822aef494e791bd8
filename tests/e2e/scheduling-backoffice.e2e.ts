// The scheduling back office in Chromium against a real server, at 1280 px and at 360 px: an
// administrator changes a nurse's Monday hours, is shown the booked appointment the change would
// leave outside them, keeps it as an exception (saved, the appointment untouched), and enters her
// leave on another day; then sells a package to a client from the client record and sees the
// balance there; once its invoice is paid, freezes and unfreezes it and refunds it through the
// package's dialogs (issue 35), the balance saying each step.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, isoWeekday, localTime } from '../../machines/appointments/scheduling-rules.ts';
import { IMPACT_REASONS } from '../../machines/appointments/impact-rules.ts';
import { IMPACT_TITLE, KEEP_AS_EXCEPTIONS, STAFF_HOURS_SAVED, TAB_LABELS } from '../../src/features/appointments/scheduling/texts.ts';
import {
  AWAITING_INVOICE,
  EXPIRES,
  PACKAGE_BALANCE,
  PACKAGE_SOLD,
  PACKAGE_TEXT as P,
  SELL_PACKAGE,
  SESSIONS_LEFT,
} from '../../src/features/appointments/client-appointments-texts.ts';
import { MY_PACKAGES_TEXT } from '../../src/features/appointments/my-packages-texts.ts';
import { refundEstimatePaise } from '../../machines/appointments/package-desk.ts';
import { formatDate, formatPaise } from '../../src/lib/format.ts';
import { CLINIC_TAX_SETTINGS } from '../support/billing-document-fixtures.ts';
import { tokenOf } from '../support/e2e-accounts.ts';
import { dateTimeLabels } from '../../src/lib/labels.ts';
import { words } from '../../machines/rules/words.ts';
import { launchBrowser } from '../support/browser.ts';
import { fillClockField, fillDateField, fillDateTimeFields } from '../support/date-field-e2e.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, newPage, signInAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

const ZONE = 'Asia/Kolkata';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

let world: StaffWorld;
let browser: Browser;
let service = 0;
let plan = 0;
/** The ADMIN's token: billing (a payment on the package's invoice) is theirs, not the SUPER_ADMIN's. */
let owner = '';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

const api = (method: string, path: string, body?: unknown) => call(world.server.baseUrl, world.adminToken, method, path, body);
/** A Monday at least three days ahead on the clinic's calendar. */
function nextMonday(): string {
  let d = addDays(localTime(ZONE, Date.now()).date, 3);
  while (isoWeekday(d) !== 1) d = addDays(d, 1);
  return d;
}

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('sched-backoffice');
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['ADMIN'], 'sb');
  browser = await launchBrowser();
  expect(
    (await api('PATCH', '/appointments/hours', { time_zone: ZONE, clinic_hours: EVERY_DAY.map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' })) }))
      .status,
  ).toBe(200);
  const created = await api('POST', '/appointments/services', {
    name: 'IV drip',
    therapy: 'iv',
    duration_minutes: 60,
    delivered_by: ['NURSE'],
    price_inr: 6000,
  });
  expect(created.status).toBe(201);
  service = created.body.id;
  // A package is sold through billing (issue 35): the clinic's tax details come first, entered by
  // an ADMIN (the clinic's owner of its tax settings).
  owner = await tokenOf(world.server.baseUrl, world.accounts.ADMIN!.email, world.accounts.ADMIN!.password);
  expect((await call(world.server.baseUrl, owner, 'PUT', '/billing/settings', CLINIC_TAX_SETTINGS)).status).toBe(200);
  // Frozen for up to 30 days in all (issue 35).
  const sold = await api('POST', '/appointments/package-plans', {
    name: 'IV ten',
    therapy: 'iv',
    sessions: 10,
    price_inr: 45000,
    validity_days: 180,
    freeze_allowance_days: 30,
  });
  expect(sold.status).toBe(201);
  plan = sold.body.id;
  // Its invoice line needs the plan's tax data (SAC 999722, 18 % GST), entered by the ADMIN too.
  const tax = { item_kind: 'package_plan', item_id: plan, code: '999722', gst_rate_bp: 1800, exempt: false };
  expect((await call(world.server.baseUrl, owner, 'PUT', '/billing/item-tax', tax)).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

/** A nurse working 08:00-20:00 every day, and a client booked with her on Monday at 10:00. */
async function arrange(first: string, client: string) {
  const nurse = await api('POST', '/users/users', { first_name: first, last_name: 'Rao', email: `${first.toLowerCase()}.rao@clinic.test`, role: 'NURSE' });
  expect(nurse.status).toBe(201);
  const hours = await api('PATCH', '/appointments/hours', {
    staff_hours: [{ staff: nurse.body.id, weekly: EVERY_DAY.map((weekday) => ({ weekday, starts: '08:00', ends: '20:00' })) }],
  });
  expect(hours.status).toBe(200);
  const person = await api('POST', '/users/users', {
    first_name: client,
    last_name: 'Iyer',
    email: `${client.toLowerCase()}.iyer@clinic.test`,
    role: 'CLIENT',
    phone_number: '+919812345678',
  });
  expect(person.status).toBe(201);
  const booked = await api('POST', '/appointments/appointments', {
    client: person.body.id,
    service,
    staff: nurse.body.id,
    start: `${nextMonday()}T10:00:00+05:30`,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { nurse: nurse.body.id as number, nurseName: `${first} Rao`, client: person.body.id as number, appointment: booked.body.id as number };
}

describe.each([1280, 360])('scheduling back office at %i px', (width) => {
  it('an admin changes a nurse’s hours, sees the appointment it affects, keeps it, enters her leave; sells a package, sees the balance on the client record, and once paid freezes, unfreezes and refunds it', async () => {
    const a = await arrange(width === 1280 ? 'Asha' : 'Bina', width === 1280 ? 'Kavya' : 'Meera');
    const { context, page, errors } = await newPage(browser, world.server.baseUrl);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, world.accounts.ADMIN!, '/backoffice');

    await page.getByRole('tab', { name: TAB_LABELS.staffHours }).click();
    await page.getByRole('combobox', { name: 'Staff member' }).click();
    await page.getByRole('option', { name: new RegExp(a.nurseName) }).click();
    const weekly = page.getByRole('group', { name: `${a.nurseName}'s weekly hours` });
    // The first row is Monday's: from 14:00 now.
    await fillClockField(weekly, 'From', '14:00');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();

    const dialog = page.getByRole('dialog', { name: IMPACT_TITLE });
    await dialog.waitFor();
    const listed = await dialog.getByTestId('impacted-appointments').innerText();
    expect(listed).toContain('IV drip');
    expect(listed).toContain(IMPACT_REASONS.staffNotWorking);
    await dialog.getByRole('button', { name: KEEP_AS_EXCEPTIONS }).click();
    await page.getByText(STAFF_HOURS_SAVED(a.nurseName)).waitFor();

    const hours = await api('GET', '/appointments/hours');
    expect(hours.body.staff_hours.filter((h: { staff: number; weekday: number }) => h.staff === a.nurse && h.weekday === 1)).toEqual([
      { staff: a.nurse, weekday: 1, starts: '14:00', ends: '20:00' },
    ]);
    const kept = await api('GET', `/appointments/appointments/${a.appointment}`);
    expect(kept.body.status).toBe('booked');

    // Leave on the Tuesday after, typed into the From and To pairs of day and time fields, which
    // stay on screen at 360 px (one field above the other).
    const tuesday = addDays(nextMonday(), 1);
    await fillDateTimeFields(page, 'From', `${tuesday}T09:00`);
    await fillDateTimeFields(page, 'To', `${tuesday}T12:30`);
    for (const label of ['From', 'To']) {
      const box = (await page.getByRole('group', { name: dateTimeLabels(label).time, exact: true }).boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(width);
    }
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // Monday's appointment still lies outside her new hours, so this change lists it too: kept again.
    await page.getByRole('dialog', { name: IMPACT_TITLE }).getByRole('button', { name: KEEP_AS_EXCEPTIONS }).click();
    await expect
      .poll(async () =>
        ((await api('GET', '/appointments/hours')).body.staff_exceptions as Array<{ staff: number; kind: string; start: string; end: string }>)
          .filter((e) => e.staff === a.nurse && e.kind === 'leave')
          .map((e) => ({ start: Date.parse(e.start), end: Date.parse(e.end) })),
      )
      .toEqual([{ start: Date.parse(`${tuesday}T09:00:00+05:30`), end: Date.parse(`${tuesday}T12:30:00+05:30`) }]);

    // The client record: the appointment is upcoming; a package sold there shows its balance.
    await page.goto(`/client/${a.client}/details?tab=appointments`);
    const section = page.getByRole('region', { name: 'Appointments' });
    await section.getByText('IV drip').first().waitFor();
    await section.getByRole('button', { name: SELL_PACKAGE }).click();
    const sale = page.getByRole('dialog', { name: SELL_PACKAGE });
    await expect(sale.getByRole('combobox', { name: 'Package' }).innerText()).resolves.toContain('IV ten');
    await sale.getByRole('button', { name: 'Sell' }).click();
    await page.getByText(PACKAGE_SOLD).waitFor();
    await page
      .getByRole('list', { name: PACKAGE_BALANCE })
      .getByText(`${words('iv')}: ${SESSIONS_LEFT(10, 10)}`)
      .waitFor();
    const packages = await api('GET', `/appointments/packages?client=${a.client}`);
    expect(packages.body).toMatchObject([{ therapy: 'iv', sessions_total: 10, sessions_left: 10, status: 'awaiting_payment' }]);
    // Its credits start when the invoice is paid; the balance links to that invoice.
    const invoice = packages.body[0].invoice as { id: number; number: string };
    await page.getByRole('link', { name: AWAITING_INVOICE(invoice.number) }).click();
    await page.waitForURL(new RegExp(`/billing/documents/${invoice.id}$`));
    await page.getByTestId('billing-due').waitFor();
    expect(plan).toBeGreaterThan(0);

    // Paid at the desk (as billing records a payment), its credits start: valid for 180 days.
    const due = (packages.body[0].invoice as { due_paise: number }).due_paise;
    const paid = await call(world.server.baseUrl, owner, 'POST', `/billing/documents/${invoice.id}/payments`, {
      method: 'cash',
      amount_paise: due,
      tendered_paise: due,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const packageNow = async () => (await api('GET', `/appointments/packages?client=${a.client}`)).body[0];
    const active = await packageNow();
    expect(active).toMatchObject({ status: 'active', freeze_allowance_days: 30, frozen_days_used: 0 });
    await page.goto(`/client/${a.client}/details?tab=appointments`);
    const balance = page.getByRole('list', { name: PACKAGE_BALANCE });
    await balance.getByText(EXPIRES(formatDate(active.expires_on))).waitFor();
    expect(await balance.getByRole('link', { name: AWAITING_INVOICE(invoice.number) }).count()).toBe(0);
    const steps = balance.getByRole('group', { name: P.actionsOf(words('iv')) });
    expect(await steps.getByRole('button').allTextContents()).toEqual([P.freeze, P.transfer, P.refund]);

    // Frozen from today through the fifth day: 5 of the 30 days, the expiry 5 days later.
    await steps.getByRole('button', { name: P.freeze }).click();
    const freeze = page.getByRole('dialog', { name: P.freezeTitle });
    await freeze.getByText(P.freezeAllowance(30, 30)).waitFor();
    const today = localTime(ZONE, Date.now()).date;
    await fillDateField(freeze, P.freezeUntil, addDays(today, 4));
    await freeze.getByText(P.freezeTakes(5, 30)).waitFor();
    await freeze.getByRole('button', { name: P.freezeSubmit }).click();
    await page.getByText(P.frozen).waitFor();
    await freeze.waitFor({ state: 'detached' });
    const frozen = await packageNow();
    expect(frozen).toMatchObject({ status: 'frozen', frozen_until: addDays(today, 4), frozen_days_used: 5, expires_on: addDays(active.expires_on, 5) });
    await balance.getByText(P.frozenUntil(formatDate(frozen.frozen_until)), { exact: false }).waitFor();
    await balance.getByText(MY_PACKAGES_TEXT.status.frozen, { exact: true }).waitFor();
    expect(await steps.getByRole('button').allTextContents()).toEqual([P.unfreeze, P.refund]);

    // Unfrozen today: the 5 days go back, and the expiry with them.
    await steps.getByRole('button', { name: P.unfreeze }).click();
    const unfreeze = page.getByRole('dialog', { name: P.unfreezeTitle });
    await unfreeze.getByText(P.unfreezeBody(formatDate(frozen.frozen_until))).waitFor();
    await unfreeze.getByRole('button', { name: P.unfreezeSubmit }).click();
    await page.getByText(P.unfrozen).waitFor();
    await balance.getByText(EXPIRES(formatDate(active.expires_on))).waitFor();
    expect(await balance.getByText(MY_PACKAGES_TEXT.status.frozen, { exact: true }).count()).toBe(0);
    expect(await packageNow()).toMatchObject({ status: 'active', frozen_until: null, frozen_days_used: 0, expires_on: active.expires_on });

    // Refunded pro rata: the dialog says what goes back; the balance then links the credit note.
    await steps.getByRole('button', { name: P.refund }).click();
    const refund = page.getByRole('dialog', { name: P.refundTitle });
    expect(await refund.getByTestId('refund-what').innerText()).toBe(P.refundWhat(10, 10, formatPaise(refundEstimatePaise(active))));
    expect(await refund.getByRole('button', { name: P.refundSubmit }).isDisabled()).toBe(true);
    await refund.getByRole('textbox', { name: P.reason }).fill('Moving to another city');
    await refund.getByRole('button', { name: P.refundSubmit }).click();
    await page.getByText(P.refunded).waitFor();
    await balance.getByText(MY_PACKAGES_TEXT.status.refunded, { exact: true }).waitFor();
    const refunded = await packageNow();
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(refunded.refund_note.total_paise).toBe(refundEstimatePaise(active));
    expect(await steps.count()).toBe(0);
    await balance.getByRole('link', { name: P.refundedOn(refunded.refund_note.number) }).click();
    await page.waitForURL(new RegExp(`/billing/documents/${refunded.refund_note.id}$`));

    expectNoConsoleErrors(errors);
    await context.close();
  });
});
