// The chain from a browser to the server: the built SPA loads in Chromium, fetches
// /config.json and /version.json, and renders without console errors.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, watchConsole } from '../support/browser.ts';

describe('the built app in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('loads its runtime configuration and version, then renders without console errors', async () => {
    const context = await newContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    const errors = watchConsole(page);
    const fetched: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.ok()) fetched.push(url.pathname);
    });
    await page.goto('/');
    await page.locator('[data-app-ready="true"]').waitFor({ timeout: 30_000 });
    expect(fetched).toContain('/config.json');
    expect(fetched).toContain('/version.json');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a deep client-side route with the app (history fallback)', async () => {
    const context = await newContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    const response = await page.goto('/clients/some/deep/path');
    expect(response?.status()).toBe(200);
    await page.locator('#root').waitFor({ state: 'attached' });
    await context.close();
  });
});
