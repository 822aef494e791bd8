// Integers in URLs are decimal digits only (issue 42): `/appointments/appointments/0x10` read
// appointment 16, because the validator took whatever Number() takes. Every path id and every
// integer query parameter of every operation is tried with the other spellings of a number that
// exists (hex, binary, octal, exponent, sign, spaces, a fraction, digit separators, other
// scripts' digits): each is 400 naming the parameter, and plain digits still work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECIMAL_DIGITS_REASON } from '../../../server/http/decimal-params.ts';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Actor, addUser, contract } from './support.ts';
import { errorsOf } from '../../support/error-body.ts';

/** Spellings Number() reads as 16 (or as another integer), none of them decimal digits. */
const NOT_DECIMAL = [
  '0x10',
  '0X10',
  '1.6e1',
  '1e1',
  '16e0',
  '+16',
  '-0',
  ' 16',
  '16 ',
  '\t16',
  '16.0',
  '16.',
  '0b10000',
  '0o20',
  '1_6',
  '١٦',
  '１６',
  '16\n',
  'Infinity',
];

describe.each(engines)('decimal-only integers in URLs on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { API_RATE_LIMIT_PER_IP: '100000000', API_RATE_LIMIT_PER_TOKEN: '100000000' } });
    admin = await addUser(t, 'SUPER_ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  const served = () =>
    contract
      .operations()
      .map((o) => ({ ...o, schema: contract.routeSchema(o.operationId) as Record<string, any> }))
      .filter((o) => t.app.hasRoute({ method: o.method.toUpperCase() as 'GET', url: `/api/v1${o.path.replace(/\{(\w+)\}/g, ':$1')}` }));
  const integerNames = (schema: Record<string, any> | undefined) =>
    Object.entries<Record<string, any>>(schema?.properties ?? {})
      .filter(([, s]) => s.type === 'integer' || s.items?.type === 'integer')
      .map(([name]) => name);
  /** The operation's path with `name` set to `value` and every other parameter a valid one. */
  const pathOf = (op: { path: string; schema: Record<string, any> }, name?: string, value?: string) =>
    op.path.replace(/\{(\w+)\}/g, (_, p: string) => (p === name ? encodeURIComponent(value!) : String(op.schema.params?.properties?.[p]?.enum?.[0] ?? 1)));
  const send = (method: string, url: string, body?: unknown) =>
    t.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: { authorization: `Bearer ${admin.accessToken}` },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  it('every integer path parameter refuses non-decimal spellings with 400 naming it', async () => {
    const ops = served().filter((o) => integerNames(o.schema.params).length > 0);
    expect(ops.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const op of ops) {
      const names = integerNames(op.schema.params);
      for (const bad of NOT_DECIMAL) {
        for (const name of names) {
          const path = pathOf(op, name, bad);
          const res = await send(op.method, `/api/v1${path}`, op.schema.body ? {} : undefined);
          const errors = errorsOf(JSON.parse(res.body));
          if (res.statusCode !== 400 || !errors?.[name]?.includes(DECIMAL_DIGITS_REASON))
            wrong.push(`${op.operationId} ${name}=${JSON.stringify(bad)}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 300_000);

  it('every integer query parameter refuses non-decimal spellings with 400 naming it', async () => {
    const ops = served().filter((o) => o.method === 'get' && integerNames(o.schema.querystring).length > 0);
    expect(ops.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const op of ops) {
      const path = pathOf(op);
      for (const name of integerNames(op.schema.querystring)) {
        for (const bad of NOT_DECIMAL) {
          const res = await send('get', `/api/v1${path}?${name}=${encodeURIComponent(bad)}`);
          const errors = errorsOf(JSON.parse(res.body)) ?? {};
          const field = Object.keys(errors).find((f) => f === name || f.startsWith(`${name}.`));
          if (res.statusCode !== 400 || !field || !errors[field].includes(DECIMAL_DIGITS_REASON))
            wrong.push(`${op.operationId} ?${name}=${JSON.stringify(bad)}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 300_000);

  it('decimal digits still name the record; defaults still apply', async () => {
    const me = await send('get', `/api/v1/users/users/${admin.id}`);
    expect(me.statusCode).toBe(200);
    expect(JSON.parse(me.body).id).toBe(admin.id);
    const padded = await send('get', `/api/v1/users/users/0${admin.id}`);
    expect(JSON.parse(padded.body).id).toBe(admin.id);
    const list = await send('get', '/api/v1/users/users?page_size=2');
    expect(list.statusCode).toBe(200);
    const hex = await send('get', '/api/v1/users/users?page_size=0x2');
    expect(hex.statusCode).toBe(400);
  });
});
