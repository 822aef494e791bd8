// /clients and /client/{clientId}/details in Chromium against a real server: every staff role
// reaches the hub; search, filters, paging requests, keyboard use of the grid, the 'New client'
// dialog (invitation in the outbox, toast), loading/empty/error states; the client record with
// its header, editable profile, onboarding cards, enrollments (enrol, pause, complete, cancel),
// consent, and the audit trail for ADMIN and SUPER_ADMIN only.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ageInYears } from '../../machines/staff/age.ts';
import type { Role } from '../../machines/guard/roles.ts';
import {
  ALERT_NO_CONSENT,
  CONSENT_MISSING,
  ENROLLED,
  PROFILE_SAVED,
  RECORD_TAB_LABELS,
  SECTION_AUDIT,
  SECTION_ONBOARDING,
} from '../../src/features/clients/record/texts.ts';
import { CLIENTS_EMPTY, CLIENTS_LOAD_FAILED, CLIENTS_TITLE, clientCreatedToast, NEW_CLIENT, RETRY } from '../../src/features/clients/texts.ts';
import { expectFailedRequest, launchBrowser } from '../support/browser.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, outbox, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';
import { ROLE_LABELS } from '../../src/lib/staff/format.ts';
import { words } from '../../machines/rules/words.ts';

const STAFF: Role[] = ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN'];

let world: StaffWorld;
let browser: Browser;

// Browser flows on a shared two-core machine: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });
const ids: Record<string, number> = {};
const programs: Record<string, number> = {};

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('clients');
  world = await arrangeAccounts(server, adminEmail, adminTemp, STAFF, 'c');
  browser = await launchBrowser();
  const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, world.adminToken, method, path, body);
  for (const name of ['Metabolic Reset', 'Sleep Well']) {
    programs[name] = (await api('POST', '/programs/programs', { name, duration_weeks: 12, price_inr: 30000 })).body.id;
  }
  const clients = [
    {
      first_name: 'Kavya',
      last_name: 'Iyer',
      email: 'kavya.iyer@clinic.test',
      phone_number: '+919812345601',
      date_of_birth: '1990-05-15',
      health_goals: {
        schema_version: 1,
        goals: [{ area: 'weight', description: 'Lose 8 kg', priority: 'high', target_date: '2026-12-31' }],
        motivation: 'My wedding',
      },
      client_story: { schema_version: 1, summary: 'Tired all the time', concern_duration: '1_to_5_years' },
    },
    { first_name: 'Rohan', last_name: 'Mehta', email: 'rohan.mehta@clinic.test', phone_number: '+919812345602' },
    { first_name: 'Ananya', last_name: 'Rao', email: 'ananya.rao@clinic.test' },
  ];
  for (const c of clients) {
    const res = await api('POST', '/users/users', { ...c, role: 'CLIENT' });
    expect(res.status).toBe(201);
    ids[c.first_name] = res.body.id;
  }
  expect(
    (await api('POST', '/users/user-program-enrollments', { user: ids.Kavya, program: programs['Metabolic Reset'], start_date: '2026-01-05' })).status,
  ).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

const grid = (page: import('playwright-core').Page) => page.getByRole('grid', { name: CLIENTS_TITLE });
const rowNames = async (page: import('playwright-core').Page) =>
  (await grid(page).locator('[data-field="name"][role="gridcell"]').allInnerTexts()).map((t) => t.trim());

describe('/clients', () => {
  it.each(STAFF)('%s signs in through /login and lands on the clients hub', async (role) => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts[role]!);
    await page.getByRole('heading', { name: CLIENTS_TITLE }).waitFor();
    await grid(page).getByText('Kavya Iyer').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Clients' }).waitFor();
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('searches, filters and sorts on the server, one page per request', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.RECEPTION!);
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/users/users?')) requests.push(new URL(r.url()));
    });
    await page.reload();
    await grid(page).getByText('Ananya Rao').waitFor();
    expect(await rowNames(page)).toEqual(['Kavya Iyer', 'Rohan Mehta', 'Ananya Rao'].sort((a, b) => a.split(' ')[1].localeCompare(b.split(' ')[1])));
    // Age, programs and consent columns.
    const kavya = grid(page).getByRole('row').filter({ hasText: 'Kavya Iyer' });
    await expect(kavya.locator('[data-field="age"]').innerText()).resolves.toBe(String(ageInYears('1990-05-15')));
    await expect(kavya.locator('[data-field="programs"]').innerText()).resolves.toBe('Metabolic Reset');
    await expect(kavya.locator('[data-field="hipaa_consent"]').innerText()).resolves.toBe('Not consented');

    await page.getByLabel('Search name, email or phone').fill('MEHTA');
    await expect.poll(() => rowNames(page)).toEqual(['Rohan Mehta']);
    await page.getByLabel('Search name, email or phone').fill('345601');
    await expect.poll(() => rowNames(page)).toEqual(['Kavya Iyer']);
    await page.getByLabel('Search name, email or phone').fill('');
    await expect.poll(() => rowNames(page)).toHaveLength(3);

    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: 'Metabolic Reset' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Kavya Iyer']);
    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: 'Sleep Well' }).click();
    await page.getByText(CLIENTS_EMPTY).waitFor();
    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: 'All programs' }).click();
    await expect.poll(() => rowNames(page)).toHaveLength(3);

    await page.getByRole('columnheader', { name: 'Name' }).click();
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Ananya Rao', 'Rohan Mehta', 'Kavya Iyer']);

    const sent = requests.map((u) => Object.fromEntries(u.searchParams));
    expect(sent.every((q) => q.role === 'CLIENT' && Number(q.page_size) <= 100)).toBe(true);
    expect(sent).toContainEqual(expect.objectContaining({ search: 'MEHTA' }));
    expect(sent).toContainEqual(expect.objectContaining({ program: String(programs['Metabolic Reset']) }));
    expect(sent).toContainEqual(expect.objectContaining({ ordering: '-last_name' }));
    // Typing waits for a pause: no request per keystroke.
    expect(sent.filter((q) => q.search && 'MEHTA'.startsWith(q.search) && q.search !== 'MEHTA')).toEqual([]);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('is usable from the keyboard: arrows move through the grid, Enter opens the client', async () => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts.NURSE!);
    await grid(page).getByText('Kavya Iyer').waitFor();
    // Default order is by last name: Iyer, Mehta, Rao.
    // Into the grid without a mouse: focus its first cell (a click would open the client).
    await grid(page).locator('[role="gridcell"][data-field="email"]').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="row"]')?.textContent ?? '')).toContain('Rohan Mehta');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/client/${ids.Rohan}/details`);
    await page.getByRole('heading', { name: 'Rohan Mehta', level: 1 }).waitFor();
    await context.close();
  });

  it("'New client' creates a client, emails the invitation and says so", async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.RECEPTION!);
    await page.getByRole('button', { name: NEW_CLIENT }).click();
    const dialog = page.getByRole('dialog', { name: NEW_CLIENT });
    await dialog.getByLabel('First name').fill('Divya');
    await dialog.getByLabel('Last name').fill('Nair');
    await dialog.getByLabel('Email').fill('kavya.iyer@clinic.test');
    // A taken email: the server's 400 is the point of this step.
    expectFailedRequest(page, { method: 'POST', path: '/api/v1/users/users', status: 400 });
    await dialog.getByRole('button', { name: 'Create client' }).click();
    // The server's refusal stays in the dialog, on the field.
    await dialog.getByText('A user with this email already exists.').first().waitFor();
    await dialog.getByLabel('Email').fill('divya.nair@clinic.test');
    await dialog.getByLabel('Phone').fill('+91 98123 45699');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await page.getByText(clientCreatedToast('Divya Nair', 'divya.nair@clinic.test')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await grid(page).getByText('Divya Nair').waitFor();
    const mail = await outbox(world.server.baseUrl, 'divya.nair@clinic.test');
    expect(mail.some((m) => /Temporary password: /m.test(m.body))).toBe(true);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('shows the error state with a retry, and the empty state', async () => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts.DOCTOR!);
    await grid(page).getByText('Kavya Iyer').waitFor();
    expectFailedRequest(page, { method: 'GET', path: '/api/v1/users/users', status: 'network' });
    await page.route('**/api/v1/users/users?**', (route) => route.abort());
    await page.getByLabel('Search name, email or phone').fill('kav');
    await page.getByText(CLIENTS_LOAD_FAILED, { exact: false }).waitFor();
    await page.unroute('**/api/v1/users/users?**');
    await page.getByRole('button', { name: RETRY }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Kavya Iyer']);
    await page.getByLabel('Search name, email or phone').fill('nobody-by-this-name');
    await page.getByText(CLIENTS_EMPTY).waitFor();
    await context.close();
  });
});

describe('/client/{clientId}/details', () => {
  it('shows the header, onboarding cards and consent; staff edit the profile and manage enrollments', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.HEALTH_COACH!);
    await page.goto(`/client/${ids.Kavya}/details`);
    await page.getByRole('heading', { name: 'Kavya Iyer', level: 1 }).waitFor();
    await expect(page.getByTestId('client-facts').innerText()).resolves.toContain(`${ageInYears('1990-05-15')} years`);
    await expect(page.getByTestId('client-contact').innerText()).resolves.toContain('kavya.iyer@clinic.test · +91 98123 45601');
    await page.getByLabel('Alerts').getByText(ALERT_NO_CONSENT).waitFor();
    // The record is in tabs (issue 24); the audit trail's is only for administrators.
    expect(await page.getByRole('tab', { name: RECORD_TAB_LABELS.audit }).count()).toBe(0);
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.onboarding }).click();
    const goals = page.getByTestId('onboarding-health_goals');
    await goals.getByText('Lose 8 kg').waitFor();
    await goals.getByText('My wedding').waitFor();
    expect(await goals.getByText('Schema version').count()).toBe(0);
    await page.getByTestId('onboarding-client_story').getByText('Concern for: 1 to 5 years').waitFor();
    await page.getByRole('region', { name: SECTION_ONBOARDING }).getByText('Not answered yet.').first().waitFor();
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.consent }).click();
    await page.getByText(CONSENT_MISSING).waitFor();
    expect(await page.getByRole('region', { name: SECTION_AUDIT }).count()).toBe(0);

    // Profile: change the city and the emergency contact.
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.profile }).click();
    await page.getByLabel('City').fill('Pune');
    await page.getByLabel('Emergency contact').fill('Arjun Iyer');
    await page.getByLabel('Emergency number').fill('+919812300000');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(PROFILE_SAVED).waitFor();
    const saved = await call(world.server.baseUrl, world.adminToken, 'GET', `/users/user-profiles/${ids.Kavya}`);
    expect(saved.body).toMatchObject({ city: 'Pune', emergency_contact_name: 'Arjun Iyer', emergency_contact_number: '+919812300000' });
    // A bad value is refused in the browser, before sending, in words (issue 24), beside the field
    // and above the form; discarding the edit takes both away.
    const profileWrites: string[] = [];
    const onProfileWrite = (r: { method(): string; url(): string }) => {
      if (r.method() === 'PATCH') profileWrites.push(new URL(r.url()).pathname);
    };
    page.on('request', onProfileWrite);
    await page.getByLabel('PIN code').fill('!!');
    await page.getByLabel('ABHA number').fill('1234');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('alert').filter({ hasText: 'ABHA number has 14 digits.' }).waitFor();
    expect(await page.getByText('ABHA number has 14 digits.').count()).toBe(2);
    expect(await page.getByText(/pattern|\^\[/).count()).toBe(0);
    page.off('request', onProfileWrite);
    expect(profileWrites).toEqual([]);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    expect(await page.getByText('ABHA number has 14 digits.').count()).toBe(0);
    expect(await page.getByLabel('PIN code').inputValue()).not.toBe('!!');

    // Enrollments: pause, resume, complete; enrol in another program and cancel it.
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.programs }).click();
    const row = page.getByRole('row').filter({ hasText: 'Metabolic Reset' });
    await row.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Metabolic Reset: paused.').waitFor();
    await row.getByText(words('paused'), { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
    await row.getByText(words('active'), { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete' }).click();
    await row.getByText(words('completed'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enrol in a program' }).click();
    await page.getByRole('dialog').getByLabel('Program').click();
    await page.getByRole('option', { name: /Sleep Well/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enrol', exact: true }).click();
    await page.getByText(ENROLLED('Sleep Well')).waitFor();
    const sleep = page.getByRole('row').filter({ hasText: 'Sleep Well' });
    await sleep.getByRole('button', { name: 'Cancel enrollment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel enrollment' }).click();
    await sleep.getByText(words('cancelled'), { exact: true }).waitFor();
    const enrollments = await call(world.server.baseUrl, world.adminToken, 'GET', `/users/user-program-enrollments?user=${ids.Kavya}`);
    expect(enrollments.body.map((e: { program_name: string; status: string }) => `${e.program_name}:${e.status}`).sort()).toEqual([
      'Metabolic Reset:completed',
      'Sleep Well:cancelled',
    ]);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it.each(['ADMIN', 'SUPER_ADMIN'] as Role[])('%s also sees the audit trail of who opened or changed the record', async (role) => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts[role]!, `/client/${ids.Kavya}/details`);
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.audit }).click();
    const audit = page.getByRole('region', { name: SECTION_AUDIT });
    await audit.waitFor();
    const coach = world.accounts.HEALTH_COACH!;
    // People by name and role, what they did in words (issue 24).
    await audit
      .getByRole('row')
      .filter({ hasText: `(${ROLE_LABELS[coach.role]})` })
      .filter({ hasText: 'Changed the profile' })
      .first()
      .waitFor();
    expect(await audit.getByText(/User #/).count()).toBe(0);
    await audit.getByRole('row').filter({ hasText: 'Opened the record' }).first().waitFor();
    await context.close();
  });

  it('an unknown client says so', async () => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts.NURSE!);
    await page.goto('/client/999999/details');
    await page.getByText('This client does not exist.').waitFor();
    await context.close();
  });
});
