// Issue 22, 17: the e2e suite notices every failed request. Before, the browser's "Failed to load
// resource" lines were filtered out, so a page answering 500 behind a normal-looking screen passed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectFailedRequest, launchBrowser, newContext, takeUnexpectedFailures, watchConsole } from '../support/browser.ts';

describe('failed requests in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an undeclared refused request is reported, with its method, path and status, on the console list too', async () => {
    const context = await newContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto('/');
    await page.locator('[data-app-ready="true"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => fetch('/api/v1/programs/programs'));
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain('/api/v1/programs/programs');
    // Taken here so this test's own afterEach check passes: the point is that it was there.
    expect(takeUnexpectedFailures()).toEqual(['GET /api/v1/programs/programs failed: 401']);
    await context.close();
  });

  it('a request the test declared is not reported, and nothing else is', async () => {
    const context = await newContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    const errors = watchConsole(page);
    expectFailedRequest(page, { method: 'GET', path: '/api/v1/programs/programs', status: 401 });
    await page.goto('/');
    await page.locator('[data-app-ready="true"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => fetch('/api/v1/programs/programs'));
    await page.evaluate(() => fetch('/api/v1/users/users/me'));
    // The declaration covers that request only: another failure is still reported.
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(takeUnexpectedFailures()).toEqual(['GET /api/v1/users/users/me failed: 401']);
    expect(errors.filter((e) => e.includes('/api/v1/programs/programs'))).toEqual([]);
    await context.close();
  });
});
