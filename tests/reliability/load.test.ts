// Load: 100 concurrent simulated users against the real server on a real port (10 s in CI,
// 60 s with RELIABILITY_FULL=1), mixing reads, writes, sign-ins and token refreshes. Zero
// errors; the heap after the run (after garbage collection) within 20% of before.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/engines.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { type Actor, addProgram, addUser } from '../integration/api/support.ts';
import { FULL, recordReliability } from './summary.ts';

const USERS = 100;
const SECONDS = FULL ? 60 : 10;
const ACCOUNTS = 20;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

describe.each(engines)('load on %s', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  const accounts: Actor[] = [];
  let staff: Actor;
  let program: number;
  let requests = 0;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { API_RATE_LIMIT_PER_IP: '10000000', API_RATE_LIMIT_PER_TOKEN: '10000000', IDENTITY_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    baseUrl = await t.listen();
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await addUser(t, 'CLIENT'));
    staff = await addUser(t, 'NURSE');
    program = await addProgram(t, `Load ${engine}`);
  }, 300_000);
  afterAll(async () => {
    recordReliability({ area: `load: ${USERS} users × ${SECONDS} s (${engine})`, cases: requests, failures: errors.length, dataLost: 0 });
    await t?.close();
  });

  it(`${USERS} simulated users for ${SECONDS} s: zero errors, memory steady`, async () => {
    const clientId = t.runtime.identity.clientId;
    const call = async (what: string, url: string, init: RequestInit, expected: number[]) => {
      requests += 1;
      try {
        const res = await fetch(`${baseUrl}${url}`, init);
        const text = await res.text();
        if (!expected.includes(res.status)) errors.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
        return text;
      } catch (error) {
        errors.push(`${what}: ${(error as Error).message}`);
        return '';
      }
    };
    const identity = (action: string, body: unknown) =>
      call(
        action,
        '/identity',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
          body: JSON.stringify(body),
        },
        [200],
      );

    const simulate = async (vu: number, until: number) => {
      const me = accounts[vu % ACCOUNTS];
      let token = me.accessToken;
      const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      for (let step = 0; Date.now() < until; step++) {
        const pick = (vu * 7 + step) % 20;
        if (pick === 0 && vu % 10 === 0) {
          const text = await identity('InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: clientId,
            AuthParameters: { USERNAME: me.email, PASSWORD: me.password },
          });
          if (text) token = JSON.parse(text).AuthenticationResult?.AccessToken ?? token;
        } else if (pick === 1) {
          const text = await identity('InitiateAuth', {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: clientId,
            AuthParameters: { REFRESH_TOKEN: me.refreshToken },
          });
          if (text) token = JSON.parse(text).AuthenticationResult?.AccessToken ?? token;
        } else if (pick < 6) {
          await call(
            'patch profile',
            `/api/v1/users/user-profiles/${me.id}`,
            { method: 'PATCH', headers: auth(), body: JSON.stringify({ city: `City ${vu}-${step}` }) },
            [200],
          );
        } else if (pick < 8) {
          await call('staff list', '/api/v1/users/users?search=Client&page_size=10', { headers: { authorization: `Bearer ${staff.accessToken}` } }, [200]);
        } else if (pick < 12) {
          await call('get profile', `/api/v1/users/user-profiles/${me.id}`, { headers: auth() }, [200]);
        } else if (pick < 16) {
          await call('list programs', '/api/v1/programs/programs', { headers: auth() }, [200]);
        } else {
          await call('get program', `/api/v1/programs/programs/${program}`, { headers: auth() }, [200]);
        }
      }
    };

    // Warm up (JIT, pools, caches), then measure the steady heap before and after the run.
    await Promise.all(Array.from({ length: 10 }, (_, vu) => simulate(vu, Date.now() + 1500)));
    const warmErrors = errors.length;
    const before = heapAfterGc();
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: USERS }, (_, vu) => simulate(vu, until)));
    const after = heapAfterGc();
    console.log(
      `load (${engine}): ${requests} requests by ${USERS} users in ${SECONDS} s; heap ${(before / 2 ** 20).toFixed(1)} MiB → ${(after / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(warmErrors).toBe(0);
    expect(errors.slice(0, 5)).toEqual([]);
    expect(requests).toBeGreaterThan(USERS);
    expect(after).toBeLessThanOrEqual(before * 1.2);
  }, 300_000);
});
