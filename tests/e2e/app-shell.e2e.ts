// The chain from a browser to the server: the built SPA loads in Chromium, fetches
// /config.json and /version.json, and renders without console errors.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOOT_RETRY, CONFIGURATION_ERROR, PROFILE_ERROR_NETWORK } from '../../src/app/shell-text.ts';
import { expectFailedRequest, launchBrowser, newContext, watchConsole } from '../support/browser.ts';

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
    // The version check is the app machine's `version` child: it starts with the app, not before it.
    const version = page.waitForResponse((r) => new URL(r.url()).pathname === '/version.json' && r.ok(), { timeout: 30_000 });
    await page.goto('/');
    await page.locator('[data-app-ready="true"]').waitFor({ timeout: 30_000 });
    await version;
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

  it('a network failure loading /config.json shows the network message with a retry, not the configuration error (issue 22, 8)', async () => {
    const context = await newContext(browser, inject('baseUrl'));
    const page = await context.newPage();
    expectFailedRequest(page, { method: 'GET', path: '/config.json', status: 'network' });
    await page.route('**/config.json', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await page.getByText(PROFILE_ERROR_NETWORK).waitFor();
    expect(await page.getByText(CONFIGURATION_ERROR).count()).toBe(0);
    // The network is back: Try again loads the app.
    await page.unroute('**/config.json');
    await page.getByRole('button', { name: BOOT_RETRY }).click();
    await page.locator('[data-app-ready="true"]').waitFor({ timeout: 30_000 });
    expect(await page.getByText(PROFILE_ERROR_NETWORK).count()).toBe(0);
    await context.close();
  });
});
