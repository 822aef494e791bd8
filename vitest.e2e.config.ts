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
    // One file at a time. Two at a time (forks, maxWorkers 2) ran the stage in 753 s on a quiet
    // machine (1,184 s one at a time, in an earlier run), and every file does have its own server, port, DATA_DIR and Chromium, but
    // in that run portal.e2e's first-visit greeting did not show within 15 s beside visits.e2e (it
    // passes alone and in that pair run again): until that is understood, no race is shipped.
    fileParallelism: false,
    // expect.poll's own default is 1 s: with two files sharing the cores (or a loaded machine), a
    // panel's status had not caught up in 1 s though it did a moment later. Still a wait for the
    // same value, bounded like the suite's locator waits.
    expect: { poll: { timeout: 30_000 } },
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
