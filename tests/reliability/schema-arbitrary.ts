// fast-check arbitraries from the contract's JSON Schemas: `valid` follows the schema (so a
// request reaches the handler and the database), `hostile` bends it (naughty strings, wrong
// types, unknown fields, missing required fields, out-of-range numbers).
import fc from 'fast-check';
import { NAUGHTY_STRINGS } from './naughty-strings.ts';

type Schema = Record<string, any>;

const naughty = fc.constantFrom(...NAUGHTY_STRINGS);

function isoDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}

function email(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,12}[a-z0-9]$/), fc.constantFrom('example.com', 'clinic.test', 'mail.in'))
    .map(([l, d]) => `${l.replace(/\.\.+/g, '.')}@${d}`);
}

/** Code points, as ajv counts maxLength. */
function fitLength(value: string, schema: Schema): string {
  const max = schema.maxLength as number | undefined;
  return max !== undefined ? Array.from(value).slice(0, max).join('') : value;
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date') return isoDate();
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return email();
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).map((s) => fitLength(s, schema));
  const min = (schema.minLength as number | undefined) ?? 0;
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: Math.max(min, 1), maxLength: 40 }) },
    { weight: 3, arbitrary: naughty },
  );
  return text.map((s) => fitLength(s, schema)).filter((s) => Array.from(s).length >= min);
}

export function validArbitrary(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.oneOf ?? schema.anyOf)) return fc.oneof(...(schema.oneOf ?? schema.anyOf).map((s: Schema) => validArbitrary(s)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type })));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return stringArbitrary(schema);
    case 'array':
      return fc.array(validArbitrary(schema.items), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      if (Object.keys(properties).length === 0) return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
      const required: string[] = schema.required ?? [];
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, validArbitrary(v)])), { requiredKeys: required });
      const min = (schema.minProperties as number | undefined) ?? 0;
      return record.filter((o) => Object.keys(o as object).length >= min);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  naughty,
  fc.constant([]),
  fc.constant({}),
  fc.array(naughty, { maxLength: 3 }),
  fc.dictionary(naughty, naughty, { maxKeys: 3 }),
);

/** Something the schema does not allow, some of the time at any depth of an object. */
export function hostileArbitrary(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema || schema.type !== 'object' || !schema.properties) return fc.oneof(validArbitrary(schema), wrongType);
  const properties: Record<string, Schema> = schema.properties;
  const keys = Object.keys(properties);
  return fc
    .tuple(
      validArbitrary(schema) as fc.Arbitrary<Record<string, unknown>>,
      fc.subarray(keys, { maxLength: Math.min(3, keys.length) }),
      fc.array(wrongType, { minLength: 3, maxLength: 3 }),
      fc.option(fc.tuple(fc.oneof(naughty, fc.string()), wrongType)),
      fc.option(fc.constantFrom(...keys)),
    )
    .map(([base, bend, values, extra, drop]) => {
      const out: Record<string, unknown> = { ...base };
      bend.forEach((key, i) => {
        out[key] = values[i];
      });
      if (extra) out[extra[0]] = extra[1];
      if (drop) delete out[drop];
      return out;
    });
}

/** A path parameter: known ids mostly, then edge numbers and text. */
export function idArbitrary(known: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known).map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '2147483647',
        '2147483648',
        '99999999999999999999',
        '1.5',
        '1e3',
        '0x10',
        'abc',
        '%00',
        '%F0%9F%98%80',
        "1'%20OR%201=1",
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000 }).map(String) },
  );
}

/** A query string from the operation's query schema, sometimes with unknown or hostile parameters. */
export function queryArbitrary(schema: Schema | undefined): fc.Arbitrary<string> {
  const valid = schema ? (validArbitrary({ ...schema, required: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({});
  return fc
    .tuple(valid, fc.option(fc.tuple(fc.oneof(naughty, fc.constantFrom(...Object.keys(schema?.properties ?? { search: 1 }))), naughty), { freq: 3 }))
    .map(([params, extra]) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) search.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      if (extra) search.append(extra[0].slice(0, 200), extra[1].slice(0, 200));
      const text = search.toString();
      return text ? `?${text}` : '';
    });
}
