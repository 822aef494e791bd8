// End-to-end: Playwright (playwright-core) driving Debian's Chromium against a real `npm start`
// on a temporary DATA_DIR (tests/e2e/global-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
