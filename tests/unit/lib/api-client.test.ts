// The session middleware over the real session machine; the server is a fetch function that
// answers like the business API does (401/403 {code, detail}, or only {detail} from an older server).
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session/session-machine.ts';
import { createSessionPort } from '../../../src/app/shell/session-port.ts';
import { createApiClient, isWellFormedToken } from '../../../src/lib/api-client.ts';

const OLD = 'aaa.bbb.old';
const NEW = 'aaa.bbb.new';

function setup(options: { refresh?: () => Promise<string>; validTokens?: string[]; detail?: string; status?: number; code?: string } = {}) {
  const valid = new Set(options.validTokens ?? [NEW]);
  const seen: Array<{ url: string; auth: string | null; body: string }> = [];
  const fetchImpl = vi.fn(async (request: Request) => {
    const auth = request.headers.get('authorization');
    seen.push({ url: request.url, auth, body: await request.text() });
    const token = auth?.replace(/^Bearer /, '') ?? '';
    if (!valid.has(token)) {
      const body = { detail: options.detail ?? 'Access token has expired', ...(options.code ? { code: options.code } : {}) };
      return new Response(JSON.stringify(body), { status: options.status ?? 401, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const refresh = vi.fn(options.refresh ?? (async () => NEW));
  const alertSessionExpired = vi.fn();
  const goToLogin = vi.fn();
  const endSession = vi.fn();
  const actor = createActor(
    sessionMachine.provide({ actors: { refreshSession: fromPromise(() => refresh()) }, actions: { alertSessionExpired, goToLogin, endSession } }),
  ).start();
  let stored = OLD;
  const port = createSessionPort(
    () => actor,
    async () => stored,
  );
  const client = createApiClient({ baseUrl: 'http://clinic.test/api/v1/', session: port, fetch: fetchImpl as unknown as typeof fetch });
  return { client, fetchImpl, seen, refresh, actor, alertSessionExpired, goToLogin, endSession, setStored: (t: string) => (stored = t) };
}

describe('api client session middleware', () => {
  it('sends the stored access token with the Bearer prefix to {host}/api/v1', async () => {
    const t = setup({ validTokens: [OLD] });
    const { response } = await t.client.GET('/users/users');
    expect(response.status).toBe(200);
    expect(t.seen[0]).toMatchObject({ url: 'http://clinic.test/api/v1/users/users', auth: `Bearer ${OLD}` });
    expect(t.refresh).not.toHaveBeenCalled();
  });

  it('adds the missing Bearer prefix to a well-formed token and replaces a malformed one', async () => {
    const t = setup({ validTokens: [OLD, 'x.y.z'] });
    await t.client.GET('/users/users', { headers: { Authorization: 'x.y.z' } });
    expect(t.seen[0].auth).toBe('Bearer x.y.z');
    await t.client.GET('/users/users', { headers: { Authorization: 'Bearer undefined' } });
    expect(t.seen[1].auth).toBe(`Bearer ${OLD}`);
    expect(isWellFormedToken('null')).toBe(false);
  });

  it('refreshes once on an expired token and retries the request with its body', async () => {
    const t = setup();
    const { response } = await t.client.PATCH('/users/user-profiles/{id}', {
      params: { path: { id: 4 } },
      body: { hipaa_consent: true, hipaa_consent_date: '2026-11-22T00:00:00.000Z', hipaa_consent_version: '1.0' } as never,
    });
    expect(response.status).toBe(200);
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(t.seen.map((s) => s.auth)).toEqual([`Bearer ${OLD}`, `Bearer ${NEW}`]);
    expect(JSON.parse(t.seen[1].body)).toMatchObject({ hipaa_consent: true, hipaa_consent_version: '1.0' });
    expect(t.actor.getSnapshot().value).toBe('active');
  });

  it('shares one refresh between concurrent failures', async () => {
    let release!: (token: string) => void;
    const t = setup({ refresh: () => new Promise<string>((resolve) => (release = resolve)) });
    const calls = Promise.all([1, 2, 3].map(() => t.client.GET('/users/users')));
    await vi.waitFor(() => expect(t.refresh).toHaveBeenCalled());
    release(NEW);
    const results = await calls;
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(t.refresh).toHaveBeenCalledTimes(1);
  });

  it('retries a late failure with the already refreshed token instead of refreshing again', async () => {
    const t = setup();
    await t.client.GET('/users/users');
    expect(t.refresh).toHaveBeenCalledTimes(1);
    // Another request still carrying the old token (sent before the refresh landed).
    await t.client.GET('/users/users', { headers: { Authorization: `Bearer ${OLD}` } });
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(t.seen.at(-1)?.auth).toBe(`Bearer ${NEW}`);
  });

  it('a 403 mentioning an invalid token refreshes too; other 401/403 answers pass through untouched', async () => {
    const t = setup({ status: 403, detail: 'Access token is invalid' });
    expect((await t.client.GET('/users/users')).response.status).toBe(200);
    const plain = setup({ status: 403, detail: 'Only staff may list users' });
    expect((await plain.client.GET('/users/users')).response.status).toBe(403);
    expect(plain.refresh).not.toHaveBeenCalled();
  });

  it('when the refresh fails: one alert, sign-out and /login through the machine; the answer is the original 401', async () => {
    const t = setup({ refresh: async () => Promise.reject(new Error('NotAuthorizedException')) });
    const [a, b] = await Promise.all([t.client.GET('/users/users'), t.client.GET('/users/users')]);
    expect([a.response.status, b.response.status]).toEqual([401, 401]);
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(t.alertSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.endSession).toHaveBeenCalledTimes(1);
    expect(t.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('retries once only: a retried request refused again is returned as is', async () => {
    const t = setup({ validTokens: [], refresh: async () => NEW });
    const { response } = await t.client.GET('/users/users');
    expect(response.status).toBe(401);
    expect(t.fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('refreshes once for the codes token_expired and token_invalid, whatever the detail says', async () => {
    for (const code of ['token_expired', 'token_invalid']) {
      const t = setup({ code, detail: 'Not signed in', status: code === 'token_invalid' ? 403 : 401 });
      const { response } = await t.client.GET('/users/users');
      expect(response.status).toBe(200);
      expect(t.refresh).toHaveBeenCalledTimes(1);
    }
  });

  it('a code other than the token ones is final: forbidden passes through even when the detail mentions a token', async () => {
    const t = setup({ status: 403, code: 'forbidden', detail: 'Access token is invalid for this resource' });
    expect((await t.client.GET('/users/users')).response.status).toBe(403);
    expect(t.refresh).not.toHaveBeenCalled();
    expect(t.actor.getSnapshot().value).toBe('active');
  });

  it('account_disabled ends the session through the machine (sign-out, /login), without a refresh or the expiry alert', async () => {
    const t = setup({ status: 401, code: 'account_disabled', detail: 'This account is disabled.' });
    const { response } = await t.client.GET('/users/users');
    expect(response.status).toBe(401);
    expect(t.refresh).not.toHaveBeenCalled();
    expect(t.fetchImpl).toHaveBeenCalledTimes(1);
    expect(t.actor.getSnapshot().value).toBe('disabled');
    expect(t.endSession).toHaveBeenCalledTimes(1);
    expect(t.goToLogin).toHaveBeenCalledTimes(1);
    expect(t.alertSessionExpired).not.toHaveBeenCalled();
  });

  it('with no session actor running, a refused token is answered as is', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ code: 'token_expired', detail: 'expired' }), { status: 401 }));
    const client = createApiClient({
      baseUrl: 'http://clinic.test/api/v1',
      session: createSessionPort(
        () => undefined,
        async () => OLD,
      ),
      fetch: fetchImpl as unknown as typeof fetch,
    });
    expect((await client.GET('/users/users')).response.status).toBe(401);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
