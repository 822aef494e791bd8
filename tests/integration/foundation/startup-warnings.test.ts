// Start-up is quiet: building the app emits no Node process warning (Fastify's FSTDEP024 for the
// top-level requestIdLogLabel option was one), and requests still carry their id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(engines)('start-up on %s', (engine) => {
  const warnings: Array<{ name: string; code?: string; message: string }> = [];
  const onWarning = (warning: Error & { code?: string }) => warnings.push({ name: warning.name, code: warning.code, message: warning.message });
  let t: TestApp;
  beforeAll(async () => {
    process.on('warning', onWarning);
    t = await buildTestApp(engine);
    await t.app.ready();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  }, 180_000);
  afterAll(async () => {
    process.off('warning', onWarning);
    await t.close();
  });

  it('emits no Fastify deprecation warning', () => {
    expect(warnings.filter((w) => w.name === 'FastifyDeprecation' || /^FSTDEP/.test(w.code ?? ''))).toEqual([]);
  });

  it('still answers with a request id', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
