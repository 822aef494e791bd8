// Blank text (issue 42): a name of one space, a tab or U+FEFF in the lab back office answered 500
// (the server trims, the database's length check then refused the empty name). Every text field
// of every request body that may not be empty is tried with whitespace-only and invisible-only
// values: each is 400 naming the field with the blank reason, and nothing is written. Text with
// something visible in it is not refused as blank.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLANK_REASON, isBlankText } from '../../../machines/rules/visible-text.ts';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Actor, addUser, contract } from './support.ts';

/** Values that trim to nothing or show nothing. */
const BLANK = [
  ' ',
  '   ',
  '\t',
  '\n\r',
  '\uFEFF',
  '\u200B',
  '\u00A0',
  '\u3000',
  '\u2028',
  ' \u200B\u200C\u200D\u2060 ',
  '\u202E',
  '\u2066\u2069',
  '\u00AD',
  '\uFE0F',
  '\u3164',
  '\u115F\u1160',
];
/** Values with something to show, however odd. */
const VISIBLE = ['a', ' a ', '\u200Bx', 'ß', '名', '😀', '٠', '\u0301x', '-', '.'];

type Schema = Record<string, any>;
type Field = { path: (string | number)[]; schema: Schema };

/** Every string field of a body schema, through nested objects and array items. */
function textFields(schema: Schema | undefined, path: (string | number)[] = []): Field[] {
  if (!schema || typeof schema !== 'object') return [];
  const types = [schema.type].flat();
  if (types.includes('string')) return [{ path, schema }];
  if (types.includes('array') && schema.items) return textFields(schema.items, [...path, 0]);
  return Object.entries<Schema>(schema.properties ?? {}).flatMap(([k, v]) => textFields(v, [...path, k]));
}
const mustNotBeEmpty = (s: Schema) => typeof s.minLength === 'number' && s.minLength >= 1 && !s.format && !s.enum;

function bodyWith(path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
}

describe('the blank-text rule', () => {
  it('blank is whitespace and invisible characters only', () => {
    for (const v of BLANK) expect(isBlankText(v), JSON.stringify(v)).toBe(true);
    for (const v of VISIBLE) expect(isBlankText(v), JSON.stringify(v)).toBe(false);
    // Whatever String.prototype.trim empties is blank, so a trimmed field can never store ''.
    for (let c = 0; c <= 0xffff; c++) if (String.fromCharCode(c).trim() === '') expect(isBlankText(String.fromCharCode(c))).toBe(true);
  });
});

describe.each(engines)('blank text over HTTP on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { API_RATE_LIMIT_PER_IP: '100000000', API_RATE_LIMIT_PER_TOKEN: '100000000' } });
    admin = await addUser(t, 'SUPER_ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: string, url: string, payload: unknown, auth = true) =>
    t.app.inject({
      method: method.toUpperCase() as 'POST',
      url: `/api/v1${url}`,
      headers: auth ? { authorization: `Bearer ${admin.accessToken}` } : {},
      payload: payload as object,
    });

  it('every non-empty text field of every body refuses blank values with 400 naming it', async () => {
    const ops = contract
      .operations()
      .filter((o) => t.app.hasRoute({ method: o.method.toUpperCase() as 'POST', url: `/api/v1${o.path.replace(/\{(\w+)\}/g, ':$1')}` }))
      .map((o) => ({ ...o, body: contract.routeSchema(o.operationId).body as Schema | undefined }))
      .filter((o) => o.body);
    const wrong: string[] = [];
    let fields = 0;
    for (const op of ops) {
      const isPublic = Array.isArray(op.operation.security) && op.operation.security.length === 0;
      // Path values the schema takes, so the body's field is what is judged (a till's day is a date).
      const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'date' ? '2026-01-01' : '1'));
      for (const field of textFields(op.body).filter((f) => mustNotBeEmpty(f.schema))) {
        fields += 1;
        const name = field.path.join('.');
        for (const value of BLANK) {
          const res = await send(op.method, url, bodyWith(field.path, value), !isPublic);
          const body = JSON.parse(res.body);
          if (res.statusCode !== 400 || !body.errors?.[name]?.includes(BLANK_REASON))
            wrong.push(`${op.operationId} ${name}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 140)}`);
        }
        for (const value of VISIBLE) {
          const res = await send(op.method, url, bodyWith(field.path, value.slice(0, field.schema.maxLength ?? 100)), !isPublic);
          if (JSON.parse(res.body).errors?.[name]?.includes(BLANK_REASON)) wrong.push(`${op.operationId} ${name}=${JSON.stringify(value)} refused as blank`);
        }
      }
    }
    expect(fields).toBeGreaterThan(60);
    expect(wrong.slice(0, 12)).toEqual([]);
  }, 600_000);

  it('the lab back office: a blank name, sample type, marker or area is 400 naming it and writes nothing', async () => {
    const test = {
      code: 'BLANK_T',
      name: 'Glucose',
      kind: 'test',
      price_inr: 100,
      sample_type: 'Blood',
      report_hours: 24,
      markers: [{ code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [] }],
    };
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select (select count(*) from lab_catalogue) + (select count(*) from lab_markers) + (select count(*) from lab_pincodes) as n`.execute(t.database.db)
        ).rows[0].n,
      );
    const before = await count();
    for (const value of [' ', '\t', '\uFEFF', '\u200B', ' \u00A0\u3000 ']) {
      for (const [field, body] of [
        ['name', { ...test, name: value }],
        ['sample_type', { ...test, sample_type: value }],
        ['markers.0.name', { ...test, markers: [{ ...test.markers[0], name: value }] }],
        ['markers.0.unit', { ...test, markers: [{ ...test.markers[0], unit: value }] }],
      ] as const) {
        const res = await send('POST', '/labs/catalogue', body);
        expect(res.statusCode, `${field}=${JSON.stringify(value)} ${res.body}`).toBe(400);
        expect(JSON.parse(res.body).errors[field]).toEqual([BLANK_REASON]);
      }
      const area = await send('POST', '/labs/pincodes', { pincode: '560001', area: value, slot_capacity: 5 });
      expect(area.statusCode).toBe(400);
      expect(JSON.parse(area.body).errors.area).toEqual([BLANK_REASON]);
    }
    expect(await count()).toBe(before);
    // The same item with visible text is stored.
    expect((await send('POST', '/labs/catalogue', test)).statusCode).toBe(201);
  });
});
