// /users and /backoffice in Chromium against a real server, for ADMIN and SUPER_ADMIN (the roles
// that reach them; other staff go to /unauthorized): create users with only the roles the
// signed-in role may give, change a role, resend an invitation, reset a password, deactivate and
// reactivate, each confirmed, toasted and audited; the program catalogue; the clinic details,
// whose super administrator email /unauthorized then shows, and the logo the sign-in page then shows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../machines/guard/roles.ts';
import { unauthorizedText } from '../../src/app/shell-text.ts';
import { LOGO_ALT } from '../../machines/identity/texts.ts';
import { LOGO_ERRORS } from '../../server/api/clinic/texts.ts';
import {
  LOGO_NONE,
  LOGO_PREVIEW_ALT,
  LOGO_REPLACE,
  LOGO_SAVED,
  LOGO_UPLOAD,
  NEW_PROGRAM,
  PROGRAM_DEACTIVATED,
  PROGRAM_SAVED,
  SAVE_SETTINGS,
  SETTINGS_SAVED,
  SUPER_ADMIN_EMAIL_LABEL,
} from '../../src/features/clinic-settings/texts.ts';
import {
  ACTIONS_FOR,
  HOURS_LABEL,
  HOURS_LATER,
  HOURS_TITLE,
  NEW_USER,
  NO_WORKING_HOURS,
  SAVE_HOURS,
  TOASTS,
  USERS_TITLE,
} from '../../src/features/clients/users-texts.ts';
import {
  BENEFIT,
  MEMBERSHIPS_TAB_LABEL,
  PLANS_TEXT,
  SECTION_TEXT as MEMBERSHIPS_SECTION,
  STATUS as MEMBERSHIP_STATUS,
} from '../../src/features/memberships/texts.ts';
import { CLINIC_TAX_SETTINGS } from '../support/billing-document-fixtures.ts';
import { tokenOf } from '../support/e2e-accounts.ts';
import { expectFailedRequest, launchBrowser } from '../support/browser.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, outbox, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

let world: StaffWorld;
let browser: Browser;

// Browser flows on a shared two-core machine: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('admin');
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['SUPER_ADMIN', 'ADMIN', 'NURSE', 'RECEPTION', 'DOCTOR'], 'u');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

/** A 1×1 PNG. */
const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const api = (method: string, path: string, body?: unknown) => call(world.server.baseUrl, world.adminToken, method, path, body);
const grid = (page: Page) => page.getByRole('grid', { name: USERS_TITLE });
const userRow = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

async function roleOptions(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: NEW_USER }).click();
  const dialog = page.getByRole('dialog', { name: NEW_USER });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  const options = (await page.getByRole('option').allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return options;
}

async function act(page: Page, name: string, action: string, confirm = action) {
  await userRow(page, name)
    .getByRole('button', { name: ACTIONS_FOR(name) })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
}

describe('/users', () => {
  it('ADMIN creates staff users with the roles an ADMIN may give, and manages them', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!, '/users');
    await userRow(page, world.accounts.NURSE!.email).waitFor();
    // Every user with role and status.
    await expect(userRow(page, world.accounts.NURSE!.email).innerText()).resolves.toMatch(/Nurse[\s\S]*Active/);
    expect(await roleOptions(page)).toEqual(['Client', 'Nurse', 'Reception', 'Doctor', 'Health coach', 'Nutritionist']);

    await page.getByRole('button', { name: NEW_USER }).click();
    const dialog = page.getByRole('dialog', { name: NEW_USER });
    await dialog.getByLabel('First name').fill('Lata');
    await dialog.getByLabel('Last name').fill('Desai');
    await dialog.getByLabel('Email').fill('lata.desai@clinic.test');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Reception' }).click();
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByText(TOASTS.created('Lata Desai', 'Reception', 'lata.desai@clinic.test')).waitFor();
    await userRow(page, 'lata.desai@clinic.test').waitFor();
    expect((await outbox(world.server.baseUrl, 'lata.desai@clinic.test')).filter((m) => /Temporary password: /.test(m.body))).toHaveLength(1);

    // Resend the invitation: a second one arrives.
    await act(page, 'Lata Desai', 'Resend invitation');
    await page.getByText(TOASTS.resend('Lata Desai', 'lata.desai@clinic.test')).waitFor();
    expect((await outbox(world.server.baseUrl, 'lata.desai@clinic.test')).filter((m) => /Temporary password: /.test(m.body))).toHaveLength(2);

    // Change the role; the role dialog offers no ADMIN.
    await userRow(page, 'Lata Desai')
      .getByRole('button', { name: ACTIONS_FOR('Lata Desai') })
      .click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    const roleDialog = page.getByRole('dialog');
    await roleDialog.getByRole('combobox', { name: 'New role' }).click();
    expect(await page.getByRole('option', { name: 'Admin' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Doctor' }).click();
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await page.getByText(TOASTS.role('Lata Desai', 'Doctor')).waitFor();
    await expect.poll(async () => userRow(page, 'Lata Desai').innerText()).toContain('Doctor');

    // Reset a password: the doctor gets a code (the nurse keeps theirs for the tests below).
    const doctor = world.accounts.DOCTOR!;
    const doctorName = `${doctor.firstName} ${doctor.lastName}`;
    // The doctor has signed in: no invitation to resend (issue 24); Lata has not, so hers is offered.
    await userRow(page, doctorName)
      .getByRole('button', { name: ACTIONS_FOR(doctorName) })
      .click();
    await page.getByRole('menuitem', { name: 'Reset password' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Resend invitation' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // A staff member's name opens their account, with what may be done to it.
    await userRow(page, 'Lata Desai').getByRole('button', { name: 'Open Lata Desai' }).click();
    const details = page.getByRole('dialog', { name: 'Lata Desai' });
    await details.getByText('Invited; has not signed in yet').waitFor();
    await details.getByRole('button', { name: 'Resend invitation' }).waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });
    await act(page, doctorName, 'Reset password');
    await page.getByText(TOASTS.reset(doctorName, doctor.email)).waitFor();
    expect((await outbox(world.server.baseUrl, doctor.email))[0].body).toMatch(/\b\d{6}\b/);

    // Deactivate, find them among the deactivated, reactivate.
    await act(page, doctorName, 'Deactivate');
    await page.getByText(TOASTS.deactivate(doctorName)).waitFor();
    await expect.poll(() => userRow(page, doctor.email).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Deactivated' }).click();
    await expect(userRow(page, doctor.email).innerText()).resolves.toContain('Deactivated');
    await act(page, doctorName, 'Reactivate');
    await page.getByText(TOASTS.reactivate(doctorName)).waitFor();

    // No actions on themself or on a SUPER_ADMIN.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await userRow(page, world.accounts.SUPER_ADMIN!.email).waitFor();
    expect(
      await userRow(page, world.accounts.SUPER_ADMIN!.email)
        .getByRole('button', { name: /^Actions for/ })
        .count(),
    ).toBe(0);
    expect(
      await userRow(page, world.accounts.ADMIN!.email)
        .getByRole('button', { name: /^Actions for/ })
        .count(),
    ).toBe(0);

    // Each action is in the audit trail.
    const audit = await api('GET', `/audit/events?actor=${world.accounts.ADMIN!.id}&page_size=100`);
    const actions = audit.body.results.map((e: { action: string }) => e.action);
    for (const action of ['user.create', 'user.invitation.resend', 'role.change', 'user.password.reset', 'user.deactivate', 'user.reactivate'])
      expect(actions).toContain(action);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('ADMIN invites a nurse and gives her working hours in the same flow; a nurse left for later is marked "no working hours set" (issue 32)', async () => {
    // The clinic opens Monday to Saturday, 09:00-18:00, and nurses deliver a service.
    expect(
      (await api('PATCH', '/appointments/hours', { clinic_hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '09:00', closes: '18:00' })) })).status,
    ).toBe(200);
    expect(
      (await api('POST', '/appointments/services', { name: 'Nurse consultation', therapy: 'consultation', duration_minutes: 30, delivered_by: ['NURSE'] }))
        .status,
    ).toBe(201);
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!, '/users');
    await userRow(page, world.accounts.NURSE!.email).waitFor();
    const invite = async (first: string, last: string, email: string) => {
      await page.getByRole('button', { name: NEW_USER }).click();
      const dialog = page.getByRole('dialog', { name: NEW_USER });
      await dialog.getByLabel('First name').fill(first);
      await dialog.getByLabel('Last name').fill(last);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Nurse' }).click();
      await dialog.getByRole('button', { name: 'Create user' }).click();
      await page.getByText(TOASTS.created(`${first} ${last}`, 'Nurse', email)).waitFor();
      return page.getByRole('dialog', { name: HOURS_TITLE(`${first} ${last}`) });
    };

    // Asked for her hours at once, starting from the clinic's: Saturday off, then saved.
    const hours = await invite('Nila', 'Varma', 'nila.varma@clinic.test');
    const rows = hours.getByRole('group', { name: HOURS_LABEL('Nila Varma') });
    await expect.poll(() => rows.getByRole('button', { name: /^Remove / }).count()).toBe(6);
    await rows.getByRole('button', { name: 'Remove Saturday 09:00–18:00' }).click();
    await hours.getByRole('button', { name: SAVE_HOURS }).click();
    await page.getByText(TOASTS.hoursSaved('Nila Varma')).waitFor();
    await hours.waitFor({ state: 'hidden' });
    const nila = (await api('GET', '/users/users?search=nila.varma')).body.results[0].id as number;
    const set = (await api('GET', '/appointments/hours')).body.staff_hours.filter((h: { staff: number }) => h.staff === nila);
    expect(set.map((h: { weekday: number }) => h.weekday).sort()).toEqual([1, 2, 3, 4, 5]);
    await userRow(page, 'nila.varma@clinic.test').waitFor();
    expect(await userRow(page, 'nila.varma@clinic.test').getByText(NO_WORKING_HOURS).count()).toBe(0);

    // Left for later: marked on the list until someone sets them.
    const later = await invite('Omar', 'Khan', 'omar.khan@clinic.test');
    await later.getByRole('button', { name: HOURS_LATER }).click();
    await page.getByText(TOASTS.noHours('Omar Khan')).waitFor();
    await userRow(page, 'omar.khan@clinic.test').getByText(NO_WORKING_HOURS).waitFor();
    // A receptionist delivers no service: not asked, not marked.
    await expect(userRow(page, world.accounts.RECEPTION!.email).innerText()).resolves.not.toContain(NO_WORKING_HOURS);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('SUPER_ADMIN may give every role, and manages an ADMIN', async () => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts.SUPER_ADMIN!, '/users');
    await userRow(page, world.accounts.ADMIN!.email).waitFor();
    expect(await roleOptions(page)).toEqual(['Client', 'Nurse', 'Reception', 'Doctor', 'Health coach', 'Nutritionist', 'Admin', 'Super admin']);
    const admin = world.accounts.ADMIN!;
    await userRow(page, admin.email)
      .getByRole('button', { name: ACTIONS_FOR(`${admin.firstName} ${admin.lastName}`) })
      .waitFor();
    expect(
      await userRow(page, world.accounts.SUPER_ADMIN!.email)
        .getByRole('button', { name: /^Actions for/ })
        .count(),
    ).toBe(0);
    await context.close();
  });

  it.each(['NURSE', 'RECEPTION'] as Role[])('%s is sent to /unauthorized from /users and /backoffice', async (role) => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts[role]!);
    for (const path of ['/users', '/backoffice']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/unauthorized');
    }
    await context.close();
  });
});

describe('/backoffice', () => {
  it('ADMIN creates, edits and deactivates a program', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!, '/backoffice');
    const programs = page.getByRole('region', { name: 'Programs' });
    await page.getByRole('button', { name: NEW_PROGRAM }).click();
    let dialog = page.getByRole('dialog', { name: NEW_PROGRAM });
    await dialog.getByLabel('Name').fill('Gut Health');
    await dialog.getByLabel('Description').fill('Eight weeks of guided nutrition');
    await dialog.getByLabel('Duration (weeks)').fill('8');
    await dialog.getByLabel('Price (₹)').fill('24000');
    await dialog.getByRole('button', { name: 'Save program' }).click();
    await page.getByText(PROGRAM_SAVED('Gut Health')).waitFor();
    const row = programs.getByRole('row').filter({ hasText: 'Gut Health' });
    await expect(row.innerText()).resolves.toMatch(/8[\s\S]*₹24,000[\s\S]*Active/);
    // A duplicate name is refused in the dialog.
    await page.getByRole('button', { name: NEW_PROGRAM }).click();
    dialog = page.getByRole('dialog', { name: NEW_PROGRAM });
    await dialog.getByLabel('Name').fill('gut health');
    expectFailedRequest(page, { method: 'POST', path: '/api/v1/programs/programs', status: 400 });
    await dialog.getByRole('button', { name: 'Save program' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit program' });
    await dialog.getByLabel('Price (₹)').fill('26000');
    await dialog.getByRole('button', { name: 'Save program' }).click();
    await expect.poll(() => row.innerText()).toContain('₹26,000');
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(PROGRAM_DEACTIVATED('Gut Health')).waitFor();
    await expect.poll(() => row.innerText()).toContain('Inactive');
    const list = await api('GET', '/programs/programs');
    expect(list.body.find((p: { name: string }) => p.name === 'Gut Health')).toMatchObject({ price_inr: 26000, active: false, duration_weeks: 8 });
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('SUPER_ADMIN sets the clinic details; /unauthorized shows the super administrator email set here', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.SUPER_ADMIN!, '/backoffice');
    const clinic = page.getByRole('region', { name: 'Clinic details' });
    await clinic.getByLabel('Clinic name').fill('Thrive Wellness Bengaluru');
    await clinic.getByLabel('Address line 1').fill('12 MG Road');
    await clinic.getByLabel('City').fill('Bengaluru');
    await clinic.getByLabel('PIN code').fill('560001');
    // The phone starts at the clinic's dial code; the number is typed without it (issue 24).
    expect(await clinic.getByRole('combobox', { name: 'Code', exact: true }).textContent()).toBe('+91');
    await clinic.getByLabel('Phone', { exact: true }).fill('8041234567');
    // India's formats and dial code until changed (issue 24).
    expect(await clinic.getByRole('combobox', { name: 'Dates and numbers' }).textContent()).toBe('India (23/11/2026, 10:30 am)');
    expect(await clinic.getByRole('combobox', { name: 'Phone dial code' }).textContent()).toBe('+91');
    await clinic.getByLabel(SUPER_ADMIN_EMAIL_LABEL).fill('owner@thrive.test');
    await clinic.getByRole('button', { name: SAVE_SETTINGS }).click();
    await page.getByText(SETTINGS_SAVED).waitFor();
    const settings = await api('GET', '/clinic/settings');
    expect(settings.body).toMatchObject({
      name: 'Thrive Wellness Bengaluru',
      city: 'Bengaluru',
      phone: '+918041234567',
      super_admin_email: 'owner@thrive.test',
    });
    // Bad input stays on its field.
    await clinic.getByLabel('Phone', { exact: true }).fill('123');
    expectFailedRequest(page, { method: 'PATCH', path: '/api/v1/clinic/settings', status: 400 });
    await clinic.getByRole('button', { name: SAVE_SETTINGS }).click();
    // In words, not the contract's pattern (issue 24).
    await clinic.getByText('Phone is the country code and number, digits only', { exact: false }).first().waitFor();
    expect((await api('GET', '/clinic/settings')).body.phone).toBe('+918041234567');
    expectNoConsoleErrors(errors);
    await context.close();

    const nurse = await pageAs(browser, world.server.baseUrl, world.accounts.NURSE!);
    await nurse.page.goto('/users');
    await nurse.page.waitForURL((url) => url.pathname === '/unauthorized');
    await nurse.page.getByText(unauthorizedText('owner@thrive.test')).waitFor();
    await nurse.context.close();
  });

  it('ADMIN uploads the clinic logo; the sign-in page shows it above the clinic name at 1280 and 360 px', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!, '/backoffice');
    const logo = page.locator('[data-section="clinic-logo"]');
    await logo.getByText(LOGO_NONE).waitFor();
    await logo.getByLabel(LOGO_UPLOAD).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await page.getByText(LOGO_SAVED).waitFor();
    await expect.poll(() => logo.getByRole('img', { name: LOGO_PREVIEW_ALT }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // A renamed file is refused by its bytes, and the logo stays.
    expectFailedRequest(page, { method: 'PUT', path: '/api/v1/clinic/logo', status: 400 });
    await logo.getByLabel(LOGO_REPLACE).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is not an image') });
    await logo.getByText(LOGO_ERRORS.notAnImage).waitFor();
    expectNoConsoleErrors(errors);
    await context.close();

    const name = (await api('GET', '/clinic/settings')).body.name as string;
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const visitor = await browser.newContext({ baseURL: world.server.baseUrl, viewport });
      const signIn = await visitor.newPage();
      await signIn.goto('/login');
      const image = signIn.getByRole('img', { name: LOGO_ALT(name) });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      const [logoBox, nameBox] = await Promise.all([image.boundingBox(), signIn.getByTestId('sign-in-clinic-name').boundingBox()]);
      expect(logoBox!.y + logoBox!.height).toBeLessThanOrEqual(nameBox!.y);
      expect(await signIn.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await visitor.close();
    }
  });

  it('ADMIN defines a membership plan in the Memberships tab; RECEPTION sells it from the client record, which links its invoice (issue 35)', async () => {
    // Selling goes through billing: the clinic's tax details first (ADMIN's), a service the plan includes, a client.
    const owner = await tokenOf(world.server.baseUrl, world.accounts.ADMIN!.email, world.accounts.ADMIN!.password);
    expect((await call(world.server.baseUrl, owner, 'PUT', '/billing/settings', CLINIC_TAX_SETTINGS)).status).toBe(200);
    const service = await api('POST', '/appointments/services', {
      name: 'IV drip',
      therapy: 'iv',
      duration_minutes: 60,
      delivered_by: ['NURSE'],
      price_inr: 6000,
    });
    expect(service.status).toBe(201);
    const client = await api('POST', '/users/users', { first_name: 'Kavya', last_name: 'Menon', email: 'kavya.menon@clinic.test', role: 'CLIENT' });
    expect(client.status).toBe(201);

    const admin = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!, '/backoffice');
    let page = admin.page;
    // The tab sits next to Packages, and a link opens it.
    await page.getByRole('tab', { name: MEMBERSHIPS_TAB_LABEL }).waitFor();
    const tabs = (await page.getByRole('tablist', { name: 'Back office sections' }).getByRole('tab').allTextContents()).map((t) => t.trim());
    expect(tabs.indexOf(MEMBERSHIPS_TAB_LABEL)).toBe(tabs.indexOf('Packages') + 1);
    await page.goto('/backoffice?tab=memberships');
    expect(await page.getByRole('tab', { name: MEMBERSHIPS_TAB_LABEL }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: PLANS_TEXT.newPlan }).click();
    const dialog = page.getByRole('dialog', { name: PLANS_TEXT.newPlan });
    await dialog.getByLabel(PLANS_TEXT.name).fill('Wellness Club');
    await dialog.getByLabel(PLANS_TEXT.feeRupees).fill('1500');
    await dialog.getByLabel(PLANS_TEXT.code).fill('999722');
    await dialog.getByRole('combobox', { name: PLANS_TEXT.rate }).click();
    await page.getByRole('option', { name: '18%' }).click();
    await dialog.getByRole('button', { name: PLANS_TEXT.addIncluded }).click();
    const included = dialog.locator('[data-benefit="0"]');
    await expect(included.getByRole('combobox', { name: PLANS_TEXT.service }).innerText()).resolves.toContain('IV drip');
    await included.getByLabel(PLANS_TEXT.sessions).fill('2');
    await dialog.getByRole('button', { name: PLANS_TEXT.addDiscount }).click();
    await expect(dialog.locator('[data-benefit="1"]').getByRole('combobox', { name: PLANS_TEXT.service }).innerText()).resolves.toContain(
      PLANS_TEXT.everything,
    );
    await dialog.getByRole('button', { name: PLANS_TEXT.save }).click();
    await page.getByText(PLANS_TEXT.saved('Wellness Club')).waitFor();
    const row = page.getByRole('table', { name: PLANS_TEXT.table }).getByRole('row').filter({ hasText: 'Wellness Club' });
    await expect(row.innerText()).resolves.toContain(`${BENEFIT.included(2, 'IV drip')}; ${BENEFIT.discount(10, null)}`);
    const plans = await api('GET', '/memberships/plans');
    expect(plans.body).toMatchObject([
      {
        name: 'Wellness Club',
        fee_paise: 150000,
        period: 'monthly',
        auto_renew: true,
        active: true,
        code: '999722',
        gst_rate_bp: 1800,
        exempt: false,
        benefits: [
          { kind: 'included', service: service.body.id, sessions: 2 },
          { kind: 'discount', service: null, percent: 10 },
        ],
      },
    ]);
    expectNoConsoleErrors(admin.errors);
    await admin.context.close();

    // RECEPTION sells it on the client's record; it waits for its invoice, one click away.
    const desk = await pageAs(browser, world.server.baseUrl, world.accounts.RECEPTION!);
    page = desk.page;
    await page.goto(`/client/${client.body.id}/details?tab=appointments`);
    const section = page.getByRole('region', { name: MEMBERSHIPS_SECTION.title });
    await section.getByText(MEMBERSHIPS_SECTION.none).waitFor();
    await section.getByRole('button', { name: MEMBERSHIPS_SECTION.sell }).click();
    const sale = page.getByRole('dialog', { name: MEMBERSHIPS_SECTION.sell });
    await expect(sale.getByRole('combobox', { name: MEMBERSHIPS_SECTION.planLabel }).innerText()).resolves.toContain('Wellness Club');
    await sale.getByRole('button', { name: MEMBERSHIPS_SECTION.sellSubmit }).click();
    await page.getByText(MEMBERSHIPS_SECTION.sold).waitFor();
    const item = section.getByRole('list', { name: MEMBERSHIPS_SECTION.list }).getByRole('listitem').filter({ hasText: 'Wellness Club' });
    await item.getByText(MEMBERSHIP_STATUS.awaiting_payment).waitFor();
    await item.getByText(MEMBERSHIPS_SECTION.startsWhenPaid).waitFor();
    // An unpaid sale may be cancelled; renewal cannot be stopped before it starts (the lifecycle chart).
    await item.getByRole('button', { name: MEMBERSHIPS_SECTION.cancelSale }).waitFor();
    expect(await item.getByRole('button', { name: MEMBERSHIPS_SECTION.cancelRenewal }).count()).toBe(0);
    const sold = await api('GET', `/memberships?client=${client.body.id}`);
    expect(sold.body).toMatchObject([{ plan_name: 'Wellness Club', status: 'awaiting_payment', starts_on: null }]);
    await item.getByRole('link', { name: MEMBERSHIPS_SECTION.invoice }).click();
    await page.waitForURL(new RegExp(`/billing/documents/${sold.body[0].invoice}$`));
    await page.getByTestId('billing-due').waitFor();
    expectNoConsoleErrors(desk.errors);
    await desk.context.close();
  });
});
