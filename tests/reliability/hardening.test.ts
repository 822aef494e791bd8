// Hardening of the HTTP surface: API rate limits (per IP, per token), the CORS allowlist, the
// request size limit and the security headers on every kind of response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_REFUSED_DETAIL, RATE_LIMIT_DETAIL } from '../../server/http/api-hardening.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { type Actor, addUser } from '../integration/api/support.ts';
import { recordReliability } from './summary.ts';

const ALLOWED = 'https://portal.thrive.example';

describe('API hardening', () => {
  let t: TestApp;
  let nurse: Actor;
  let admin: Actor;
  let cases = 0;
  let failures = 0;
  const check = (ok: boolean) => {
    cases += 1;
    if (!ok) failures += 1;
    return ok;
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      env: { API_RATE_LIMIT_PER_IP: '40', API_RATE_LIMIT_PER_TOKEN: '15', CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` },
    });
    nurse = await addUser(t, 'NURSE');
    admin = await addUser(t, 'ADMIN');
  });
  afterAll(async () => {
    recordReliability({ area: 'hardening', cases, failures, dataLost: 0 });
    await t?.close();
  });

  it('reads the limits and origins from the environment, with generous defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.api).toEqual({ rateLimitPerIp: 6000, rateLimitPerToken: 1200, corsOrigins: [] });
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example:8443/,http://b.example' }).api.corsOrigins).toEqual(['https://a.example:8443', 'http://b.example']);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_RATE_LIMIT_PER_IP: '0' })).toThrow(ConfigError);
  });

  it('limits one bearer token, then answers 429 {detail} with Retry-After', async () => {
    const statuses: number[] = [];
    let limited: { status: number; body: string; retry: unknown } | null = null;
    for (let i = 0; i < 16; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/programs/programs',
        headers: { authorization: `Bearer ${nurse.accessToken}`, 'x-forwarded-for': '10.0.0.1' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = { status: res.statusCode, body: res.body, retry: res.headers['retry-after'] };
    }
    expect(check(statuses.slice(0, 15).every((s) => s === 200))).toBe(true);
    expect(check(limited !== null)).toBe(true);
    expect(JSON.parse(limited!.body)).toEqual({ detail: RATE_LIMIT_DETAIL });
    expect(Number(limited!.retry)).toBeGreaterThan(0);
    // Another caller from another address is unaffected.
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/programs/programs', headers: { 'x-forwarded-for': '10.0.0.2' } });
    expect(check(other.statusCode === 401)).toBe(true);
  });

  it('limits one client IP whatever tokens it sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/programs/programs',
        headers: { authorization: `Bearer garbage-${i}`, 'x-forwarded-for': '10.0.0.3' },
      });
      statuses.push(res.statusCode);
    }
    expect(check(statuses.slice(0, 40).every((s) => s === 401))).toBe(true);
    expect(check(statuses[40] === 429)).toBe(true);
  });

  it('leaves identity, health and the runtime config outside the API limit', async () => {
    for (let i = 0; i < 45; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '10.0.0.3' } });
      expect(res.statusCode).toBe(200);
    }
    check(true);
  });

  it('sends CORS headers only to allowlisted origins', async () => {
    const allowed = await t.app.inject({ method: 'GET', url: '/api/v1/programs/programs', headers: { origin: ALLOWED, 'x-forwarded-for': '10.1.0.1' } });
    expect(check(allowed.headers['access-control-allow-origin'] === ALLOWED)).toBe(true);
    expect(String(allowed.headers.vary)).toMatch(/Origin/);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/programs/programs',
      headers: { origin: 'https://evil.example', 'x-forwarded-for': '10.1.0.1' },
    });
    expect(check(other.headers['access-control-allow-origin'] === undefined)).toBe(true);

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/user-profiles/1',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PATCH', 'x-forwarded-for': '10.1.0.1' },
    });
    expect(check(preflight.statusCode === 204)).toBe(true);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');

    const refused = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/user-profiles/1',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH', 'x-forwarded-for': '10.1.0.1' },
    });
    expect(check(refused.statusCode === 403)).toBe(true);
    expect(JSON.parse(refused.body)).toEqual({ detail: CORS_REFUSED_DETAIL });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with no CORS_ORIGINS configured, no origin gets CORS headers', async () => {
    const plain = await buildTestApp('pglite');
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/v1/programs/programs', headers: { origin: 'http://localhost:5173' } });
      expect(check(res.headers['access-control-allow-origin'] === undefined)).toBe(true);
      const pre = await plain.app.inject({ method: 'OPTIONS', url: '/api/v1/programs/programs', headers: { origin: 'http://localhost:5173' } });
      expect(check(pre.statusCode === 403)).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it('refuses bodies over 1 MiB with 413 {detail} and stores nothing', async () => {
    const before = await t.database.db
      .selectFrom('programs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/programs/programs',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}`, 'x-forwarded-for': '10.2.0.1' },
      payload: JSON.stringify({ name: 'Big', description: 'x'.repeat(1024 * 1024 + 10), duration_weeks: 1, price_inr: 1 }),
    });
    expect(check(res.statusCode === 413)).toBe(true);
    expect(JSON.parse(res.body)).toEqual({ detail: expect.any(String) });
    const after = await t.database.db
      .selectFrom('programs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('sends the security headers on API, error, identity and health responses', async () => {
    const responses = await Promise.all([
      t.app.inject({
        method: 'GET',
        url: '/api/v1/programs/programs',
        headers: { authorization: `Bearer ${nurse.accessToken}`, 'x-forwarded-for': '10.3.0.1' },
      }),
      t.app.inject({ method: 'GET', url: '/api/v1/programs/programs', headers: { 'x-forwarded-for': '10.3.0.2' } }),
      t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: { 'x-forwarded-for': '10.3.0.3' } }),
      t.app.inject({ method: 'POST', url: '/identity', headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.Nope' }, payload: '{}' }),
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/config.json' }),
    ]);
    for (const res of responses) {
      const csp = String(res.headers['content-security-policy']);
      expect(check(/script-src 'self'(;|$)/.test(csp) && !csp.includes("'unsafe-eval'"))).toBe(true);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    const https = await buildTestApp('pglite', { env: { PUBLIC_URL: 'https://clinic.example' } });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/healthz' });
      expect(check(String(res.headers['strict-transport-security']).startsWith('max-age='))).toBe(true);
    } finally {
      await https.close();
    }
  });
});
