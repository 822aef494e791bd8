// 10,000 clients: the clients hub lists and searches them by asking the server for one page at a
// time. The clients are bulk-inserted with one SQL statement into the server's own PGlite
// database while the server is stopped (not 10,000 API calls), then the server starts again on
// it. The test asserts on the requests the browser made; the timings it prints are figures for
// the reader, never assertions.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { CLIENTS_TITLE } from '../../src/features/clients/texts.ts';
import { launchBrowser } from '../support/browser.ts';
import { arrangeAccounts, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

const SEEDED = 10_000;
let world: StaffWorld;
let browser: Browser;

// Browser flows on a shared two-core machine: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

async function seed(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  await db.exec(`
    insert into users (sub, username, email, first_name, last_name, phone_number, role)
    select 'bulk-' || i, 'bulk' || i || '@bulk.test', 'bulk' || i || '@bulk.test',
           case when i = 7777 then 'Zoya' else (array['Aarav','Priya','Rahul','Diya','Ishaan','Ananya','Vihaan','Saanvi','Kabir','Meera'])[1 + i % 10] end,
           case when i = 7777 then 'Needlefind' else 'Bulk' || lpad(i::text, 5, '0') end,
           '+9191' || lpad(i::text, 8, '0'), 'CLIENT'
    from generate_series(1, ${SEEDED}) as i;
    insert into user_profiles (user_id, date_of_birth, hipaa_consent)
    select id, date '1950-01-01' + (id * 7 % 20000), id % 3 = 0 from users where sub like 'bulk-%';
  `);
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from users where role = 'CLIENT'`);
  await db.close();
  return rows[0].n;
}

beforeAll(async () => {
  const first = await startStaffServer('tenk', { engine: 'pglite' });
  world = await arrangeAccounts(first.server, first.adminEmail, first.adminTemp, ['SUPER_ADMIN', 'RECEPTION'], 't');
  const dataDir = first.server.dataDir;
  expect(await first.server.stop('SIGTERM')).toBe(0);
  expect(await seed(dataDir)).toBeGreaterThanOrEqual(SEEDED);
  const second = await startStaffServer('tenk', { engine: 'pglite', dataDir });
  world.server = second.server;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

interface Seen {
  url: URL;
  count: number;
  results: number;
  ms: number;
}

function watchList(page: Page): Seen[] {
  const seen: Seen[] = [];
  const started = new Map<string, number>();
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/users/users?')) started.set(r.url() + r.method(), Date.now());
  });
  page.on('response', async (res) => {
    if (!res.url().includes('/api/v1/users/users?') || res.status() !== 200) return;
    const body = (await res.json()) as { count: number; results: unknown[] };
    seen.push({ url: new URL(res.url()), count: body.count, results: body.results.length, ms: Date.now() - (started.get(res.url() + 'GET') ?? Date.now()) });
  });
  return seen;
}

it('lists and searches 10,000 clients one page at a time', async () => {
  const { context, page } = await pageAs(browser, world.server.baseUrl, world.accounts.RECEPTION!);
  const seen = watchList(page);
  const t0 = Date.now();
  await page.reload();
  const grid = page.getByRole('grid', { name: CLIENTS_TITLE });
  await grid.locator('[role="row"][data-id]').first().waitFor();
  const firstPaint = Date.now() - t0;
  await page.getByText(/1–25 of 10,0\d\d/).waitFor();
  expect(await grid.locator('[role="row"][data-id]').count()).toBeLessThanOrEqual(25);

  const second = page.waitForResponse((r) => r.url().includes('/api/v1/users/users?') && new URL(r.url()).searchParams.get('page') === '2');
  await page.getByRole('button', { name: 'Go to next page' }).click();
  expect((await second).status()).toBe(200);
  await page.getByText(/26–50 of 10,0\d\d/).waitFor();

  const t1 = Date.now();
  await page.getByLabel('Search name, email or phone').fill('needlefind');
  await grid.getByText('Zoya Needlefind').waitFor();
  await expect.poll(() => grid.locator('[role="row"][data-id]').count()).toBe(1);
  const searchPaint = Date.now() - t1;

  const pages = seen.map((s) => ({
    page: s.url.searchParams.get('page'),
    size: Number(s.url.searchParams.get('page_size')),
    search: s.url.searchParams.get('search'),
    results: s.results,
    count: s.count,
  }));
  // Never the whole list: every request asks for one page of at most 100 and gets at most that.
  expect(pages.length).toBeGreaterThanOrEqual(3);
  for (const p of pages) {
    expect(p.size).toBeLessThanOrEqual(100);
    expect(p.results).toBeLessThanOrEqual(p.size);
  }
  expect(pages.reduce((sum, p) => sum + p.results, 0)).toBeLessThan(200);
  expect(pages).toContainEqual(expect.objectContaining({ page: '2', results: 25 }));
  expect(pages).toContainEqual(expect.objectContaining({ search: 'needlefind', count: 1, results: 1 }));
  expect(pages.find((p) => !p.search)?.count).toBeGreaterThanOrEqual(SEEDED);
  // Typing waits for a pause: not one request per keystroke.
  expect(pages.filter((p) => p.search).length).toBeLessThanOrEqual(3);

  console.log(
    `[bench] 10,000 clients: first page on screen ${firstPaint} ms, search result on screen ${searchPaint} ms (incl. 300 ms typing pause); ` +
      `server answers ${seen.map((s) => `${s.ms} ms`).join(', ')}; rows transferred ${pages.reduce((sum, p) => sum + p.results, 0)}`,
  );
  await context.close();
});
