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
    // Two files at a time, one per core: each file starts its own server on a free port with its own
    // migrated DATA_DIR (or PostgreSQL database) and its own Chromium (tests/support/staff-e2e.ts,
    // server-process.ts); the two files on global-setup's server only read it, and the shared dist/
    // is built once, by global-setup's server, before any file starts. One file at a time left a
    // core idle while that file waited on its browser or its server.
    pool: 'forks',
    maxWorkers: 2,
    // expect.poll's own default is 1 s: with two files sharing the cores (and a loaded machine), a
    // panel's status had not caught up in 1 s though it did a moment later. Still a wait for the
    // same value, bounded like the suite's locator waits.
    expect: { poll: { timeout: 30_000 } },
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
