// Issue 32: no code on any page the end-to-end suite visits. Every browser context opened through
// launchBrowser() (tests/support/browser.ts) sends the visible text of each of its pages here as it
// changes (document.body.innerText: what is rendered, so not input values, hidden nodes or
// attributes); a snake_case word or "Staff <number>" in it is recorded, and
// tests/e2e/setup-failed-requests.ts fails the test it happened in. E-mail addresses, web
// addresses, paths, file names and browsers' user agents are not prose and are left out. A test that types such a word
// on purpose declares it with `allowOnScreen` first.
import type { BrowserContext, Page } from 'playwright-core';

const NOT_PROSE = [
  /Mozilla\/5\.0 \([^)]*\)/g, // a browser's own description of itself (the audit trail's device), e.g. "Linux x86_64" (before paths, which would take its first word)
  /\S+@\S+/g, // e-mail addresses
  /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, // web addresses
  /\S*\/\S*/g, // paths
  /\b[\w-]+\.(?:pdf|png|jpe?g|webp|gif|csv|txt|json|ts|js)\b/gi, // file names
];
const SNAKE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
const STAFF_NUMBER = /\bStaff \d+\b/g;

/** The codes in a page's visible text: snake_case words and "Staff <number>". */
export function codesIn(text: string): string[] {
  let prose = text;
  for (const pattern of NOT_PROSE) prose = prose.replace(pattern, ' ');
  return [...new Set([...(prose.match(SNAKE) ?? []), ...(prose.match(STAFF_NUMBER) ?? [])])];
}

interface Watch {
  allowed: RegExp[];
  found: Map<string, string>;
}

const watches = new Map<BrowserContext, Watch>();
/** What contexts closed before the test's end had seen. */
const seenInClosed: string[] = [];

// Runs in every page: reports the visible text a moment after the page stops changing.
const REPORTER = `(() => {
  if (window.__screenTextWatch) return;
  window.__screenTextWatch = true;
  let timer = 0;
  let last = '';
  const report = () => {
    timer = 0;
    const text = document.body ? document.body.innerText : '';
    if (text === last) return;
    last = text;
    window.__screenText(location.pathname, text).catch(() => {});
  };
  const schedule = () => { if (!timer) timer = setTimeout(report, 400); };
  new MutationObserver(schedule).observe(document, { childList: true, subtree: true, characterData: true });
  schedule();
})();`;

/** Watches every page of a context for codes on screen (launchBrowser calls it for each context). */
export async function watchScreenText(context: BrowserContext): Promise<void> {
  const watch: Watch = { allowed: [], found: new Map() };
  watches.set(context, watch);
  context.on('close', () => {
    seenInClosed.push(...watch.found.values());
    watches.delete(context);
  });
  await context.exposeBinding('__screenText', (_source, path: string, text: string) => {
    for (const code of codesIn(text)) {
      if (watch.allowed.some((a) => a.test(code))) continue;
      const key = `${path}: ${code}`;
      if (!watch.found.has(key)) {
        const at = text.indexOf(code);
        watch.found.set(key, `${key} (in "${text.slice(Math.max(0, at - 40), at + code.length + 40).replace(/\s+/g, ' ')}")`);
      }
    }
  });
  await context.addInitScript(REPORTER);
}

/** Declares a code-like word this test puts on screen on purpose (typed into a name, say). */
export function allowOnScreen(on: Page | BrowserContext, pattern: RegExp): void {
  const context = 'context' in on && typeof on.context === 'function' ? on.context() : (on as BrowserContext);
  const watch = watches.get(context);
  if (!watch) throw new Error('allowOnScreen: this context was not opened from launchBrowser()');
  watch.allowed.push(pattern);
}

/** The codes seen on screen since the last call, from every open context (and forgets them). */
export function takeCodesOnScreen(): string[] {
  const found = seenInClosed.splice(0);
  for (const watch of watches.values()) {
    found.push(...watch.found.values());
    watch.found.clear();
  }
  return found;
}
