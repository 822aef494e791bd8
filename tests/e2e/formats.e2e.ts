// India's formats in Chromium (issue 24): a date field is a date picker showing dd/mm/yyyy (not the
// browser's mm/dd/yyyy box) and saves the day typed in that order; a staff page writes days as
// 23/11/2026 and times as 9:00 am, lower case, through src/lib/format.ts.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROFILE_SAVED, SAVE_PROFILE } from '../../src/features/clients/record/texts.ts';
import { clinicToday, formatDate } from '../../src/lib/format.ts';
import { launchBrowser } from '../support/browser.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

let world: StaffWorld;
let browser: Browser;
let clientId: number;

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('formats');
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['ADMIN'], 'fmt');
  browser = await launchBrowser();
  const res = await call(server.baseUrl, world.adminToken, 'POST', '/users/users', {
    first_name: 'Meena',
    last_name: 'Pillai',
    email: 'meena.pillai@clinic.test',
    date_of_birth: '1988-04-12',
    role: 'CLIENT',
  });
  expect(res.status).toBe(201);
  clientId = res.body.id;
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe("India's formats (Chromium)", () => {
  it('shows a date of birth in a dd/mm/yyyy date picker and saves a day typed in that order', async () => {
    const { page, errors, context } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!, `/client/${clientId}/details`);
    await page.goto(`/client/${clientId}/details?tab=profile`);
    const field = page.locator('input[name="date_of_birth"]');
    await expect.poll(() => field.inputValue(), { timeout: 20_000 }).toBe('12/04/1988');
    // The picker, not the browser's own date box.
    expect(await page.locator('input[type="date"][name="date_of_birth"]').count()).toBe(0);
    await page
      .getByRole('button', { name: /choose date/i })
      .first()
      .waitFor();
    const day = page.getByRole('spinbutton', { name: 'Day' }).first();
    await day.click();
    await page.keyboard.type('15061985');
    await expect.poll(() => field.inputValue()).toBe('15/06/1985');
    await page.getByRole('button', { name: SAVE_PROFILE }).click();
    await page.getByText(PROFILE_SAVED).first().waitFor();
    await page.reload();
    await expect.poll(() => page.locator('input[name="date_of_birth"]').inputValue(), { timeout: 20_000 }).toBe('15/06/1985');
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('writes the appointments day as dd/mm/yyyy and the hours as 9:00 am, lower case', async () => {
    const { page, errors, context } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!, '/appointments');
    await page.locator('.rbc-time-gutter .rbc-label').first().waitFor({ timeout: 20_000 });
    const hours = (await page.locator('.rbc-time-gutter .rbc-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(hours.length).toBeGreaterThan(0);
    for (const hour of hours) expect(hour).toMatch(/^\d{1,2}:\d{2} (am|pm)$/);
    await page.getByText(formatDate(clinicToday()), { exact: false }).first().waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/\d{1,2}:\d{2} ?(AM|PM)\b/);
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
