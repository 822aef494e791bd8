// Integers in a URL (path ids, query filters, paging) are written in decimal digits and nothing
// else. Ajv's coercion takes whatever JavaScript's Number() takes, so `/appointments/0x10` read
// appointment 16, and `1e1`, `+1`, ` 1`, `0b1` or `1.0` all named a record too. Query strings and
// path parameters are compiled with every integer schema put behind a check of the text as sent:
// digits only, then the contract's own integer schema (which converts it and checks its range).
// Bodies are JSON, where numbers are numbers (no coercion), so they are left as they are.

export const DECIMAL_DIGITS = '^[0-9]+$';
export const DECIMAL_DIGITS_REASON = 'Must be written in decimal digits (0-9) only.';

type Schema = Record<string, unknown>;

function isInteger(schema: Schema): boolean {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'integer');
}

/** The schema of a query string or path parameters with each integer (or array item) decimal-only. */
export function decimalIntegers(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s = schema as Schema;
  if (isInteger(s)) {
    const { default: fallback, ...rest } = s;
    // A default is filled in before validation, so it is given as text too.
    return { ...(fallback !== undefined ? { default: String(fallback) } : {}), allOf: [{ type: 'string', pattern: DECIMAL_DIGITS }, rest] };
  }
  const out: Schema = { ...s };
  if (s.properties && typeof s.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(s.properties as Schema).map(([k, v]) => [k, decimalIntegers(v)]));
  }
  if (s.items) out.items = decimalIntegers(s.items);
  return out;
}
