// axe-core (the engine behind Lighthouse's accessibility audit) injected into a page under test:
// every rule axe runs by default (WCAG 2 A and AA, and best practices such as heading order).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe's violations on the page as it is now (none means Lighthouse's accessibility audit passes too). */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self')
  // rightly refuses an inline <script>, and the page under test stays exactly as served.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  });
}
