// Input classes of issue 42 for the schema-driven fuzzer, kept apart from the general
// arbitraries (schema-arbitrary.ts) so other classes can be added beside them:
//   - deep nesting: JSON bodies nested past the limit (up to what the body limit allows);
//   - blank text: whitespace-only and invisible-only strings in any string field;
//   - non-decimal ids: spellings Number() reads as a number (hex, exponent, sign, spaces...).
// Each comes with what the server must answer, so the fuzzer checks more than "no 5xx".
import fc from 'fast-check';
import { VISIBLE_TEXT_PATTERN } from '../../machines/rules/visible-text.ts';
import { MAX_JSON_DEPTH } from '../../server/http/json-depth.ts';
import { findUnstorableText } from '../../server/http/text-safety.ts';
import { validArbitrary } from './schema-arbitrary.ts';

type Schema = Record<string, any>;

// --- deep nesting ------------------------------------------------------------------------------

/** JSON text nested `depth` levels, in one of the shapes a parser or a walk might treat apart. */
export function deepJson(depth: number, shape: 'arrays' | 'objects' | 'mixed' | 'inField'): string {
  switch (shape) {
    case 'arrays':
      return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    case 'objects':
      return `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
    case 'mixed':
      return `${'{"k":['.repeat(Math.ceil(depth / 2))}0${']}'.repeat(Math.ceil(depth / 2))}`;
    case 'inField':
      return `{"name":"x","notes":${'['.repeat(depth - 1)}"[{"${']'.repeat(depth - 1)}}`;
  }
}

/** A body nested past the limit: just past it, the 3,400 levels, or far past. */
export const deepNestingArbitrary: fc.Arbitrary<{ depth: number; text: string }> = fc
  .record({
    depth: fc.oneof(
      fc.constant(MAX_JSON_DEPTH + 1),
      fc.integer({ min: MAX_JSON_DEPTH + 1, max: 5_000 }),
      fc.constant(3_400),
      fc.integer({ min: 10_000, max: 60_000 }),
    ),
    shape: fc.constantFrom('arrays' as const, 'objects' as const, 'mixed' as const, 'inField' as const),
  })
  .map(({ depth, shape }) => ({ depth, text: deepJson(depth, shape) }));

// --- blank text --------------------------------------------------------------------------------

/** Characters that are whitespace or show nothing. */
export const BLANK_CHARACTERS = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00A0',
  '\u1680',
  '\u2000',
  '\u2007',
  '\u200A',
  '\u2028',
  '\u2029',
  '\u202F',
  '\u205F',
  '\u3000',
  '\uFEFF',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\u00AD',
  '\u180E',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202E',
  '\u2066',
  '\u2069',
  '\uFE0F',
  '\u3164',
];

/** A whitespace-only or invisible-only string (never empty: empty is a different case). */
export const blankTextArbitrary: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...BLANK_CHARACTERS), { minLength: 1, maxLength: 6 })
  .map((chars) => chars.join(''));

/** Every string field of a body schema, as a path through objects and array items. */
export function stringFields(schema: Schema | undefined, path: (string | number)[] = []): Array<{ path: (string | number)[]; schema: Schema }> {
  if (!schema || typeof schema !== 'object') return [];
  const types = [schema.type].flat();
  if (types.includes('string') && !schema.enum && !schema.format) return [{ path, schema }];
  if (types.includes('array') && schema.items) return stringFields(schema.items, [...path, 0]);
  return Object.entries<Schema>(schema.properties ?? {}).flatMap(([k, v]) => stringFields(v, [...path, k]));
}

function setAt(body: unknown, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(body) && body.length ? [...body] : [{}];
    list[0] = setAt(list[0], rest, value);
    return list;
  }
  const object = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
  return { ...object, [head]: setAt((object as Record<string, unknown>)[head], rest, value) };
}

/**
 * A valid body with one string field made blank, and whether the contract says that field may
 * not be empty (then the answer must be 400 naming it): `field` is its name in the 400's errors.
 */
export function blankTextBodyArbitrary(schema: Schema): fc.Arbitrary<{ body: unknown; field: string; mustRefuse: boolean }> | null {
  const fields = stringFields(schema);
  if (fields.length === 0) return null;
  // A body of storable text only: text the server cannot store is refused before the schema is
  // checked (http/text-safety.ts), and then the blank field would not be named.
  const storable = validArbitrary(schema).filter((body) => findUnstorableText(body, '') === null);
  return fc.tuple(storable, fc.constantFrom(...fields), blankTextArbitrary).map(([body, f, blank]) => ({
    body: setAt(body, f.path, blank),
    field: f.path.join('.'),
    mustRefuse:
      typeof f.schema.minLength === 'number' && f.schema.minLength >= 1 && (f.schema.pattern === undefined || f.schema.pattern === VISIBLE_TEXT_PATTERN),
  }));
}

// --- non-decimal ids ---------------------------------------------------------------------------

/** Spellings of a number that are not decimal digits; each must be refused as an id. */
export const NON_DECIMAL_IDS = [
  '0x10',
  '0X1f',
  '1e1',
  '1E3',
  '16e0',
  '1.6e1',
  '+1',
  '-0',
  ' 1',
  '1 ',
  '\t2',
  '1.0',
  '2.',
  '.5e1',
  '0b11',
  '0o7',
  '1_0',
  '١',
  '１',
  'Infinity',
  '0x',
  '1\n',
];

/** The integer parameters of a params or querystring schema (arrays of integers included). */
export function integerParams(schema: Schema | undefined): string[] {
  return Object.entries<Schema>(schema?.properties ?? {})
    .filter(([, s]) => s.type === 'integer' || s.items?.type === 'integer')
    .map(([name]) => name);
}
