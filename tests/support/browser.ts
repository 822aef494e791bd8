// Debian's Chromium driven by playwright-core (no browser download). The flags keep Chromium
// off the network this machine does not have.
import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { watchScreenText } from './codes-on-screen.ts';

export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/** Also used by the Lighthouse benchmark, which launches Chromium itself. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  // Every context any test opens is watched for failed requests, whoever opens it.
  const open = browser.newContext.bind(browser);
  // ... and for codes on screen (tests/support/codes-on-screen.ts).
  browser.newContext = async (options) => {
    const context = watchRequests(await open(options));
    await watchScreenText(context);
    return context;
  };
  return browser;
}

// ---- Failed requests (issue 22, 17) ----------------------------------------------------------
// A request the server refused (status 400 and up) or the network dropped fails the test it
// happened in (tests/e2e/setup-failed-requests.ts checks after each test), unless the test
// declared that very request with `expectFailedRequest` first. A request the page itself
// cancelled (navigation, an aborted search) is not a failure.

/** A request a test makes fail on purpose: its method, its path (exact or a pattern) and how it fails. */
export interface ExpectedFailure {
  method?: string;
  path: string | RegExp;
  /** An HTTP status, or 'network' for a request that got no answer; any failure when left out. */
  status?: number | 'network';
}

interface Watch {
  expected: ExpectedFailure[];
  unexpected: string[];
}

const watches = new Map<BrowserContext, Watch>();

function describeRequest(request: Request, how: number | 'network'): { method: string; path: string; how: number | 'network' } {
  const url = new URL(request.url());
  return { method: request.method(), path: url.pathname, how };
}

function isExpected(watch: Watch, failure: { method: string; path: string; how: number | 'network' }): boolean {
  return watch.expected.some(
    (e) =>
      (e.method === undefined || e.method.toUpperCase() === failure.method) &&
      (typeof e.path === 'string' ? e.path === failure.path : e.path.test(failure.path)) &&
      (e.status === undefined || e.status === failure.how),
  );
}

function watchRequests(context: BrowserContext): BrowserContext {
  const watch: Watch = { expected: [], unexpected: [] };
  watches.set(context, watch);
  const record = (failure: { method: string; path: string; how: number | 'network' }, detail = '') => {
    if (!isExpected(watch, failure)) watch.unexpected.push(`${failure.method} ${failure.path} failed: ${failure.how}${detail}`);
  };
  context.on('response', (response) => {
    if (response.status() >= 400) record(describeRequest(response.request(), response.status()));
  });
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason === 'net::ERR_ABORTED') return;
    record(describeRequest(request, 'network'), ` (${reason})`);
  });
  context.on('close', () => watches.delete(context));
  return context;
}

/** Declares, before it happens, a request this test makes fail on purpose. */
export function expectFailedRequest(on: Page | BrowserContext, failure: ExpectedFailure): void {
  const context = 'context' in on && typeof on.context === 'function' ? on.context() : (on as BrowserContext);
  const watch = watches.get(context);
  if (!watch) throw new Error('expectFailedRequest: this context was not opened from launchBrowser()');
  watch.expected.push(failure);
}

/** The failed requests no test declared since the last call, from every open context (and forgets them). */
export function takeUnexpectedFailures(): string[] {
  const found: string[] = [];
  for (const watch of watches.values()) found.push(...watch.unexpected.splice(0));
  return found;
}

/**
 * Collects console errors and page errors so a test can assert there were none. The browser's
 * own "Failed to load resource" line is kept too, unless the request was declared with
 * `expectFailedRequest`.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/^Failed to load resource/.test(text)) {
      const watch = watches.get(page.context());
      const url = message.location().url;
      if (watch && url && watch.expected.some((e) => matchesUrl(e, url))) return;
      errors.push(`${text} ${url}`);
      return;
    }
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

function matchesUrl(e: ExpectedFailure, url: string): boolean {
  const path = new URL(url).pathname;
  return typeof e.path === 'string' ? e.path === path : e.path.test(path);
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
}
