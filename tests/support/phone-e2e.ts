// Shared by the 360 px suites (issue 24, "Phones"): a phone-sized signed-out context, waiting for
// a page to settle, and the check that nothing spills sideways: the document no wider than the
// viewport, and every visible control on screen or inside a box that scrolls (a table's card, the grid).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchConsole } from './browser.ts';

export const PHONE = { width: 360, height: 740 };

export async function phoneContext(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** `ready` is on the page, nothing is loading, the network is quiet and no animation runs. */
export async function settled(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await expect
    .poll(() => page.locator('[aria-busy="true"], [data-loading], .MuiSkeleton-root, .MuiCircularProgress-root').count(), { timeout: 30_000 })
    .toBe(0);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * What spills: the document wider than the viewport, and each visible control whose box leaves
 * the screen sideways without a scrolling box around it to bring it back.
 */
async function spills(page: Page): Promise<{ scrollWidth: number; innerWidth: number; hidden: string[] }> {
  return page.evaluate(() => {
    const scrolls = (el: Element | null): boolean => {
      for (let e = el?.parentElement ?? null; e && e !== document.documentElement; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (/(auto|scroll)/.test(style.overflowX) && e.scrollWidth > e.clientWidth) return true;
      }
      return false;
    };
    const hidden: string[] = [];
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], [role="combobox"], [role="menuitem"]';
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]')) continue;
      if (box.left >= -1 && box.right <= window.innerWidth + 1) continue;
      if (scrolls(el)) continue;
      const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName).trim().slice(0, 60);
      hidden.push(`${el.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, hidden };
  });
}

export async function expectFits(page: Page, label: string) {
  const found = await spills(page);
  expect({ route: label, wider: found.scrollWidth > found.innerWidth ? `${found.scrollWidth} > ${found.innerWidth}` : null, hidden: found.hidden }).toEqual({
    route: label,
    wider: null,
    hidden: [],
  });
}
