// The real server process: production refuses to start without IDENTITY_SECRET, and refuses the
// test suites' cheap password hashing.
import { describe, expect, it } from 'vitest';
import { startServer } from '../../support/server-process.ts';

// The vitest configs set PASSWORD_HASH_COST=test for every process they start; a production
// server must be started without it to reach its other checks.
const production = (extra: Record<string, string>): Record<string, string> => ({
  NODE_ENV: 'production',
  SERVE_SPA: 'false',
  PASSWORD_HASH_COST: '',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: '' } : {}),
  ...extra,
});

describe('identity start-up', () => {
  it('refuses to start in production without IDENTITY_SECRET', async () => {
    await expect(startServer({ env: production({ IDENTITY_SECRET: '' }), timeoutMs: 90_000 })).rejects.toThrow(
      /IDENTITY_SECRET is required when NODE_ENV=production/,
    );
  }, 120_000);

  it('refuses to start in production with the test suites’ password hashing', async () => {
    await expect(startServer({ env: production({ IDENTITY_SECRET: 'a'.repeat(64), PASSWORD_HASH_COST: 'test' }), timeoutMs: 90_000 })).rejects.toThrow(
      /PASSWORD_HASH_COST=test is for the test suites only/,
    );
  }, 120_000);
});
