// Identity limits are counted in the database: two limiters that share nothing but the database
// (as two server instances do) enforce one limit, windows reset on the database's clock, and
// keys are stored hashed. The two-process version is in tests/integration/foundation/lifecycle.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../server/identity/rate-limit.ts';
import { engines } from '../../support/engines.ts';
import { identityCall } from '../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(engines)('identity limits in the database on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  }, 180_000);
  afterAll(() => t.close());

  it('counts one limit across limiters that share only the database', async () => {
    const onA = new RateLimiter(t.database.db, 'test-shared', 3);
    const onB = new RateLimiter(t.database.db, 'test-shared', 3);
    const answers = [await onA.allow('InitiateAuth\n203.0.113.7'), await onB.allow('InitiateAuth\n203.0.113.7'), await onA.allow('InitiateAuth\n203.0.113.7')];
    expect(answers).toEqual([true, true, true]);
    expect(await onB.allow('InitiateAuth\n203.0.113.7')).toBe(false);
    expect(await onA.allow('InitiateAuth\n203.0.113.7')).toBe(false);
    // Another key, another scope: their own allowance.
    expect(await onB.allow('InitiateAuth\n203.0.113.8')).toBe(true);
    expect(await new RateLimiter(t.database.db, 'test-other', 3).allow('InitiateAuth\n203.0.113.7')).toBe(true);
  });

  it('opens a new window once the old one has passed', async () => {
    const limiter = new RateLimiter(t.database.db, 'test-window', 1, 1000);
    expect(await limiter.allow('k')).toBe(true);
    expect(await limiter.allow('k')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.allow('k')).toBe(true);
  });

  it('keeps no IP address in clear', async () => {
    await new RateLimiter(t.database.db, 'test-clear', 5).allow('SignUp\n198.51.100.23');
    const rows = await t.database.db.selectFrom('identity.rate_limits').select('key').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).not.toContain('198.51.100');
  });

  it('limits identity calls per client IP through the database', async () => {
    const limited = await buildTestApp(engine, { env: { IDENTITY_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const body = { ClientId: limited.runtime.identity.clientId, Username: 'nobody@example.com' };
      expect((await identityCall(limited, 'ForgotPassword', body)).body.__type).not.toBe('TooManyRequestsException');
      expect((await identityCall(limited, 'ForgotPassword', body)).body.__type).not.toBe('TooManyRequestsException');
      expect((await identityCall(limited, 'ForgotPassword', body)).body.__type).toBe('TooManyRequestsException');
      const { n } = (await sql<{ n: number }>`select count(*)::int as n from identity.rate_limits`.execute(limited.database.db)).rows[0];
      expect(n).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
