// Unit, model-based and integration tests (npm test runs these, then the end-to-end suite in
// vitest.e2e.config.ts). View tests opt into a DOM with `// @vitest-environment happy-dom`.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Cheap password hashes for the thousands of test users (server/identity/passwords.ts); the
    // servers tests start inherit it. Benchmarks never set it.
    env: { PASSWORD_HASH_COST: 'test' },
    // testing-library's waits in view tests: long enough for a loaded machine (tests/support/view-waits.ts).
    setupFiles: ['tests/support/view-waits.ts'],
    pool: 'forks',
    // Both cores run test files. Vitest's default leaves one to its own main process, which mostly
    // waits: one worker took 2,070 s for this stage on the 2-core machine, two took 1,386 s (same
    // load, 2026-11-26). Test files share nothing but uniquely named databases and temp dirs.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
