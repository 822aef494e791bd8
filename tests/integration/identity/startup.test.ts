// The real server process: production refuses to start without IDENTITY_SECRET.
import { describe, expect, it } from 'vitest';
import { startServer } from '../../support/server-process.ts';

describe('identity start-up', () => {
  it('refuses to start in production without IDENTITY_SECRET', async () => {
    const env: Record<string, string> = { NODE_ENV: 'production', SERVE_SPA: 'false', IDENTITY_SECRET: '' };
    if (process.env.DATABASE_URL) env.DATABASE_URL = '';
    await expect(startServer({ env, timeoutMs: 90_000 })).rejects.toThrow(/IDENTITY_SECRET is required when NODE_ENV=production/);
  }, 120_000);
});
