// The fuzzer's watch catches what it is there for: a request without an answer in time, one that
// answers only after blocking the loop past the bound, a 5xx, an unhealthy /healthz, and a loop
// blocked for good (the watchdog thread ends that process, so the run fails instead of hanging).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

describe('the fuzz watch', () => {
  it('counts hangs, late answers, 5xx and an unhealthy /healthz', async () => {
    process.env.FUZZ_HANG_MS = '300';
    const { FuzzWatch } = await import('./watchdog.ts');
    const app = Fastify();
    app.get('/never', () => new Promise(() => {}));
    app.get('/blocks', () => {
      const until = Date.now() + 400;
      while (Date.now() < until);
      return { ok: true };
    });
    app.get('/fails', async (_request, reply) => reply.code(500).send({ detail: 'boom' }));
    app.get('/healthz', async (_request, reply) => reply.code(503).send({ status: 'down' }));
    const watch = new FuzzWatch(app);
    expect(await watch.inject({ method: 'GET', url: '/never' }, 'GET /never')).toBeNull();
    expect((await watch.inject({ method: 'GET', url: '/blocks' }, 'GET /blocks'))?.statusCode).toBe(200);
    expect((await watch.inject({ method: 'GET', url: '/fails' }, 'GET /fails'))?.statusCode).toBe(500);
    await watch.check();
    expect(watch.report()).toMatchObject({ requests: 3, fiveXx: 1, hangs: 2, healthChecks: 1, healthFailures: 1 });
    expect(watch.hung[0]).toMatch(/^GET \/never \(no answer after/);
    expect(watch.hung[1]).toMatch(/^GET \/blocks \(answered after/);
    expect(watch.summary()).toMatch(/^3 requests, 1 × 5xx, 2 hangs/);
    await watch.stop();
    await app.close();
  });

  it('ends a process whose event loop a request blocks for good, naming the request', () => {
    const script = `
      import Fastify from 'fastify';
      import { FuzzWatch } from ${JSON.stringify(path.resolve(import.meta.dirname, 'watchdog.ts'))};
      const app = Fastify();
      app.get('/spin', () => { for (;;); });
      await new FuzzWatch(app).inject({ method: 'GET', url: '/spin' }, 'GET /spin forever');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, FUZZ_BLOCKED_LOOP_MS: '1500' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.signal).toBe('SIGKILL');
    expect(run.stderr).toContain('FUZZ HANG: the server blocked its event loop');
    expect(run.stderr).toContain('GET /spin forever');
  }, 70_000);
});
