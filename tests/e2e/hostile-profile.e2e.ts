// Hostile strings in a client's profile, in Chromium: the staff clients grid and the client
// record (/client/{id}/details) show them as text, and none of the injected markup runs.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { arrangeAccounts, call, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';
import { SECTION_PROFILE } from '../../src/features/clients/record/texts.ts';

const FIRST = '<img src=x onerror="window.__xss=1">';
const LAST = '<script>window.__xss=2</script>Rao';
const PROFILE = {
  city: '"><svg/onload=window.__xss=3>',
  address_line_1: '<a href="javascript:window.__xss=4">click</a> 😀 محمد',
  occupation: "{{constructor.constructor('window.__xss=5')()}}",
};

let world: StaffWorld;
let browser: Browser;
let clientId: number;

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('hostile', { engine: 'pglite' });
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['NURSE'], 'h');
  browser = await launchBrowser();
  const created = await call(server.baseUrl, world.adminToken, 'POST', '/users/users', {
    first_name: FIRST,
    last_name: LAST,
    email: 'hostile.client@clinic.test',
    role: 'CLIENT',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clientId = created.body.id;
  const patched = await call(server.baseUrl, world.adminToken, 'PATCH', `/users/user-profiles/${clientId}`, PROFILE);
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

async function expectInert(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // The markup stayed text: no element it describes exists in the document.
  expect(await page.locator('img[src="x"], svg[onload], a[href^="javascript:"]').count()).toBe(0);
  expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.includes('__xss')))).toBe(false);
}

describe('hostile profile text in the browser', () => {
  it('the clients grid shows the hostile name as text and runs nothing', async () => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts.NURSE!);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByText(FIRST, { exact: false }).first().waitFor();
    await expectInert(page, dialogs);
    await context.close();
  });

  it('the client record shows every hostile field as text and runs nothing', async () => {
    const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts.NURSE!, `/client/${clientId}/details`);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('heading', { level: 1 }).filter({ hasText: FIRST }).waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain(FIRST);
    expect(text).toContain(LAST);
    await expectInert(page, dialogs);
    // The profile tab holds every field, most of them in inputs.
    await page.goto(`/client/${clientId}/details?tab=profile`);
    await page.getByRole('region', { name: SECTION_PROFILE }).locator('input').first().waitFor();
    const profileText = await page.evaluate(() => document.body.innerText);
    const values = await page.evaluate(() => [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value).join('\n'));
    for (const value of Object.values(PROFILE)) expect(`${text}\n${profileText}\n${values}`).toContain(value);
    await expectInert(page, dialogs);
    await context.close();
  });
});
