// Over-deep JSON (issue 42): a body nesting arrays or objects past MAX_JSON_DEPTH is refused with a
// 400 naming the body on every JSON operation of the API (signed in or public) and with Cognito's
// InvalidParameterException on /identity, before any hook walks it; a body at the limit is not
// refused for its depth. Before, a few kilobytes of "[" overflowed the stack of the recursive
// text-safety walk and every such request answered 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_REASON, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../../server/http/json-depth.ts';
import { findUnstorableText } from '../../../server/http/text-safety.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Actor, addUser, contract } from '../api/support.ts';

const arrays = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const objects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
const mixed = (depth: number) => `${'{"k":['.repeat(Math.ceil(depth / 2))}0${']}'.repeat(Math.ceil(depth / 2))}`;
/** Deep inside a field of an otherwise ordinary object, the way a free-form JSON field would carry it. */
const inField = (depth: number) => `{"first_name":"Asha","notes":${arrays(depth - 1)}}`;

// From just past the limit to the 3,400 levels and on to what 1 MB of body allows
// (400,000 levels of "[" and "]"; the other shapes take more bytes a level).
const TOO_DEEP = [MAX_JSON_DEPTH + 1, 3_400, 20_000, 400_000];
const SHAPES = { arrays, objects, mixed, inField } as const;
const cases = () =>
  Object.entries(SHAPES).flatMap(([shape, make]) =>
    TOO_DEEP.filter((d) => d <= 20_000 || shape === 'arrays').map((depth) => ({ shape, depth, payload: make(depth) })),
  );

describe('JSON nesting depth', () => {
  it('measures depth on the text: brackets in strings and escapes do not count', () => {
    expect(jsonNestsDeeperThan(arrays(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(objects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`["${'['.repeat(500)}"]`)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"${'{'.repeat(500)}"]`)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\",${arrays(MAX_JSON_DEPTH)}]`)).toBe(true);
    // Siblings are not depth: many arrays side by side stay at level 2.
    expect(jsonNestsDeeperThan(`[${Array(5000).fill('[]').join(',')}]`)).toBe(false);
  });

  it('walks deep values for unstorable text without recursion', () => {
    let deep: unknown = 'ok\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText({ a: 'fine', b: deep }, '')).toBe(`b${'.0'.repeat(200_000)}`);
    expect(findUnstorableText({ 'x\u0000': 'v', y: 'w\u0000' }, '')).toBe('x\u0000');
  });
});

describe('over-deep bodies over HTTP', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    admin = await addUser(t, 'SUPER_ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  const withBodies = () =>
    contract
      .operations()
      .filter((o) => o.operation.requestBody?.content?.['application/json'])
      .filter((o) => t.app.hasRoute({ method: o.method.toUpperCase() as 'POST', url: `/api/v1${o.path.replace(/\{(\w+)\}/g, ':$1')}` }));

  it('every API operation with a JSON body answers 400 naming the body, public ones included', async () => {
    const ops = withBodies();
    const publicOps = ops.filter((o) => Array.isArray(o.operation.security) && o.operation.security.length === 0);
    expect(ops.length).toBeGreaterThan(20);
    expect(publicOps.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const op of ops) {
      const isPublic = publicOps.includes(op);
      for (const { shape, depth, payload } of cases()) {
        const res = await t.app.inject({
          method: op.method.toUpperCase() as 'POST',
          url: `/api/v1${op.path.replace(/\{(\w+)\}/g, '1')}`,
          headers: { 'content-type': 'application/json', ...(isPublic ? {} : { authorization: `Bearer ${admin.accessToken}` }) },
          payload,
        });
        const body = JSON.parse(res.body);
        if (res.statusCode !== 400 || body.errors?.body?.[0] !== JSON_TOO_DEEP_REASON) {
          wrong.push(`${op.operationId} ${shape} ${depth}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  }, 300_000);

  it('a body at the limit is not refused for its depth', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/users',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
      payload: inField(MAX_JSON_DEPTH),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).errors.body).toBeUndefined();
  });

  it('/identity answers InvalidParameterException for every action, anonymous ones included', async () => {
    const wrong: string[] = [];
    for (const action of ['InitiateAuth', 'SignUp', 'ForgotPassword', 'GetUser', 'AdminCreateUser', 'NoSuchAction']) {
      for (const { shape, depth, payload } of cases()) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/identity',
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
          payload,
        });
        const body = JSON.parse(res.body);
        if (res.statusCode !== 400 || body.__type !== 'InvalidParameterException' || !String(body.message).includes(JSON_TOO_DEEP_REASON)) {
          wrong.push(`${action} ${shape} ${depth}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // A body at the limit reaches the action (which finds no ClientId).
    const res = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      payload: objects(MAX_JSON_DEPTH),
    });
    expect(JSON.parse(res.body).message).not.toContain(JSON_TOO_DEEP_REASON);
  });
});
