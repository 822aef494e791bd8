// Whose forwarded headers the server believes (TRUST_PROXY). By default nobody's: a caller that
// sends X-Forwarded-For (or Forwarded, X-Real-IP, a list, a fresh address each time) is still
// the socket's address to the enquiry limit (5 an hour) and the identity limit (per minute), and
// cannot move the origin /config.json reports. With TRUST_PROXY naming the proxy (here loopback,
// where inject() connects from), the proxy's header is honoured, and only from that proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_TEXTS as T, ENQUIRY_LIMIT_PER_HOUR } from '../../server/api/discovery/texts.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { uniqueEmail } from '../integration/api/support.ts';
import { recordReliability } from './summary.ts';

const IDENTITY_LIMIT = 4;
const ENV = { IDENTITY_RATE_LIMIT_PER_MINUTE: String(IDENTITY_LIMIT) };

let n = 0;
/** Every way a caller might claim another address, a new address each time. */
function spoofed(): Record<string, string> {
  n += 1;
  const a = `203.0.${(n >> 8) & 255}.${n & 255}`;
  const forms: Record<string, string>[] = [
    { 'x-forwarded-for': a },
    { 'x-forwarded-for': `${a}, 198.51.100.${n & 255}` },
    { 'x-forwarded-for': `198.51.100.${n & 255}, ${a}` },
    { forwarded: `for=${a}` },
    { 'x-real-ip': a },
    { 'x-forwarded-for': `::ffff:${a}`, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  ];
  return forms[n % forms.length];
}

const enquiry = () => ({ name: 'Kiran Desai', email: uniqueEmail('fwd'), consent_to_contact: true });

describe('forwarded headers (TRUST_PROXY)', () => {
  let untrusting: TestApp;
  let behindProxy: TestApp;
  let cases = 0;
  let failures = 0;
  const check = (ok: boolean) => {
    cases += 1;
    if (!ok) failures += 1;
    return ok;
  };

  beforeAll(async () => {
    untrusting = await buildTestApp('pglite', { env: { ...ENV, TRUST_PROXY: '' } });
    behindProxy = await buildTestApp('pglite', { env: { ...ENV, TRUST_PROXY: '127.0.0.1' } });
  }, 180_000);
  afterAll(async () => {
    recordReliability({ area: 'forwarded headers', cases, failures, dataLost: 0 });
    await untrusting?.close();
    await behindProxy?.close();
  });

  const enquire = (t: TestApp, headers: Record<string, string>, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/discovery/enquiries',
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress,
      payload: JSON.stringify(enquiry()),
    });
  const initiateAuth = (t: TestApp, headers: Record<string, string>, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/identity',
      remoteAddress,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth', ...headers },
      payload: JSON.stringify({
        ClientId: t.runtime.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Wrong-Pass-1' },
      }),
    });

  it('reads TRUST_PROXY: off by default, a list of addresses or ranges, or a hop count; never "everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8, loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'TRUE', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '10.0.0.0/8/1', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });

  it('by default, no forwarded header lets a caller past the enquiry limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ENQUIRY_LIMIT_PER_HOUR + 6; i++) statuses.push((await enquire(untrusting, spoofed())).statusCode);
    expect(check(statuses.slice(0, ENQUIRY_LIMIT_PER_HOUR).every((s) => s === 201))).toBe(true);
    expect(check(statuses.slice(ENQUIRY_LIMIT_PER_HOUR).every((s) => s === 429))).toBe(true);
    const refused = await enquire(untrusting, spoofed());
    expect(JSON.parse(refused.body)).toEqual({ detail: T.enquiryLimit });
    // Another real address still gets its own allowance.
    expect(check((await enquire(untrusting, spoofed(), '192.0.2.44')).statusCode === 201)).toBe(true);
  });

  it('by default, no forwarded header lets a caller past the identity limit', async () => {
    const bodies: string[] = [];
    for (let i = 0; i < IDENTITY_LIMIT + 6; i++) bodies.push(JSON.parse((await initiateAuth(untrusting, spoofed())).body).__type);
    expect(check(bodies.slice(0, IDENTITY_LIMIT).every((b) => b === 'NotAuthorizedException'))).toBe(true);
    expect(check(bodies.slice(IDENTITY_LIMIT).every((b) => b === 'TooManyRequestsException'))).toBe(true);
  });

  it('by default, forwarded host and protocol do not change the origin /config.json gives', async () => {
    const res = await untrusting.app.inject({
      url: '/config.json',
      headers: { host: 'clinic.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(check(JSON.parse(res.body).apiBase === 'http://clinic.example:8443/api/v1')).toBe(true);
  });

  it('behind a configured proxy, its X-Forwarded-For is the caller: each caller has its own allowance', async () => {
    for (let i = 0; i < ENQUIRY_LIMIT_PER_HOUR + 3; i++) {
      expect(check((await enquire(behindProxy, { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode === 201)).toBe(true);
    }
    const one = { 'x-forwarded-for': '198.51.100.200' };
    const statuses: number[] = [];
    for (let i = 0; i < ENQUIRY_LIMIT_PER_HOUR + 1; i++) statuses.push((await enquire(behindProxy, one)).statusCode);
    expect(check(statuses.at(-1) === 429 && statuses.slice(0, -1).every((s) => s === 201))).toBe(true);
    for (let i = 0; i < IDENTITY_LIMIT + 2; i++) {
      const res = await initiateAuth(behindProxy, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(check(JSON.parse(res.body).__type === 'NotAuthorizedException')).toBe(true);
    }
    const origin = await behindProxy.app.inject({
      url: '/config.json',
      headers: { host: 'internal:3000', 'x-forwarded-host': 'clinic.example', 'x-forwarded-proto': 'https' },
    });
    expect(check(JSON.parse(origin.body).apiBase === 'https://clinic.example/api/v1')).toBe(true);
  });

  it('behind a configured proxy, a caller reaching the server around it still cannot choose its address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ENQUIRY_LIMIT_PER_HOUR + 3; i++) statuses.push((await enquire(behindProxy, spoofed(), '192.0.2.77')).statusCode);
    expect(check(statuses.slice(ENQUIRY_LIMIT_PER_HOUR).every((s) => s === 429))).toBe(true);
    const types: string[] = [];
    for (let i = 0; i < IDENTITY_LIMIT + 3; i++) types.push(JSON.parse((await initiateAuth(behindProxy, spoofed(), '192.0.2.77')).body).__type);
    expect(check(types.slice(IDENTITY_LIMIT).every((b) => b === 'TooManyRequestsException'))).toBe(true);
  });
});
