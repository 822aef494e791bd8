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
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
