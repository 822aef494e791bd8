// End-to-end: Playwright (playwright-core) driving Debian's Chromium against a real `npm start`
// on a temporary DATA_DIR (tests/e2e/global-setup.ts).
import { defineConfig } from 'vitest/config';

// Cheap password hashes (server/identity/passwords.ts) for the e2e server global-setup starts
// from this process and for the accounts tests create; never set outside the test configs.
process.env.PASSWORD_HASH_COST = 'test';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Any failed request a test did not declare fails that test (issue 22, 17).
    setupFiles: ['tests/e2e/setup-failed-requests.ts'],
    // Two files at a time, one per core: every file has its own server, port, DATA_DIR and
    // Chromium. On a quiet machine the stage took 753 s so, against 1,184-1,212 s one at a time.
    // The three failures two at a time brought out were real and are fixed, not retried: a portal
    // home counting one opening twice (the e2e app was a development build, b102012), a shell test
    // opening made-up record ids whose 404s went unseen only when the next page came first
    // (f211eb1), and a chart test relying on that development build (cd1b72d).
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    // expect.poll's own default is 1 s: with two files sharing the cores (or a loaded machine), a
    // panel's status had not caught up in 1 s though it did a moment later. Still a wait for the
    // same value, bounded like the suite's locator waits.
    expect: { poll: { timeout: 30_000 } },
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
