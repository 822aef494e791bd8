// The HTTP behaviour every route inherits, on each engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(engines)('HTTP basics on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', engine });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/v1/no-such-thing' });
  });

  it('rejects malformed JSON with 400 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/anything',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON in request body.' });
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/anything',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('sets the security headers on every response', async () => {
    for (const url of ['/healthz', '/api/v1/missing', '/config.json']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('serves /config.json on the origin the browser used', async () => {
    const res = await t.app.inject({ url: '/config.json', headers: { host: 'clinic.example:8443', 'x-forwarded-proto': 'https' } });
    const config = res.json();
    expect(config.identityEndpoint).toBe('https://clinic.example:8443/identity');
    expect(config.apiBase).toBe('https://clinic.example:8443/api/v1');
    expect(config.superAdminEmail).toBe('admin@clinic.local');
    expect(config.amplify.auth.user_pool_id).toMatch(/^ap-south-1_[A-Za-z0-9]{9}$/);
    expect(config.amplify.auth.user_pool_client_id).toMatch(/^[a-z0-9]{26}$/);
    expect(config.amplify.auth.username_attributes).toEqual(['email']);
    expect(config.amplify.auth.mfa_configuration).toBe('NONE');
  });
});

describe('unexpected errors', () => {
  it('are hidden behind 500 {detail, request_id} with no stack trace', async () => {
    const t = await buildTestApp('pglite');
    try {
      t.app.get('/__boom_test_only', async () => {
        throw new Error('secret internals at /work/main/server');
      });
      const res = await t.app.inject('/__boom_test_only');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error.', request_id: res.headers['x-request-id'] });
      expect(res.body).not.toContain('secret internals');
    } finally {
      await t.close();
    }
  });
});

describe('HSTS', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const t = await buildTestApp('pglite', { env: { PUBLIC_URL: 'https://clinic.example' } });
    try {
      const res = await t.app.inject('/healthz');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await t.close();
    }
  });
});
