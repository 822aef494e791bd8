// The fuzzer's calendar edges (issue 42), a piece of its own: for every operation with a date or a
// date-time (in its query or its body, at any depth), requests whose other fields follow the
// contract and whose one date sits at the contract's window bounds, just beyond them, at the end
// of year 9999 (where the day after became `+010000-01` and loops over days never ended), in the
// years 0001-0099 (read back 2,000 years later), or on an impossible calendar day (2027-02-30,
// 2026-13-01, 2026-00-10). A date beyond the window or impossible is a 400 naming its field; one at
// the bounds is never refused by the calendar; nothing is a 5xx, and every answer comes in time.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { DATE_TEXTS, DATE_WINDOW } from '../../machines/rules/calendar-dates.ts';
import { unstorable } from './naughty-strings.ts';
import { validArbitrary } from './schema-arbitrary.ts';

type Schema = Record<string, any>;
export type DateFormat = 'date' | 'date-time';
export interface DateField {
  /** Where it is, as the 400's `errors` names it (`holidays.0.day`). */
  path: string[];
  format: DateFormat;
}

/** Every date and date-time in a schema, at any depth (array items as index 0, nullable objects through anyOf). */
export function dateFields(schema: Schema | undefined, path: string[] = []): DateField[] {
  if (!schema || typeof schema !== 'object') return [];
  if (schema.format === 'date' || schema.format === 'date-time') return [{ path, format: schema.format }];
  const out: DateField[] = [];
  for (const [key, value] of Object.entries<Schema>(schema.properties ?? {})) out.push(...dateFields(value, [...path, key]));
  if (schema.items) out.push(...dateFields(schema.items, [...path, '0']));
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) out.push(...dateFields(variant, path));
  return out.filter((f, i) => out.findIndex((g) => g.path.join('.') === f.path.join('.')) === i);
}

/** `base` with `value` at `path`, making the objects and one-element arrays on the way. */
export function setAt(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (head === '0') {
    const list = Array.isArray(base) && base.length ? [...base] : [undefined];
    list[0] = setAt(list[0], rest, value);
    return list;
  }
  const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  object[head] = setAt(object[head], rest, value);
  return object;
}

// Keys the JSON parser refuses as prototype poisoning, before the schema is read.
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The rest of the request storable: text the safety check refuses before the schema is read (a NUL,
 * a lone surrogate, a prototype key) would answer for the date, which the main fuzz run tries anyway.
 */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return unstorable(value) ? 'x' : value;
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [unstorable(k) || PROTOTYPE_KEYS.has(k) ? 'x' : k, storable(v)]));
  return value;
}

/** Dates the calendar refuses, with the reason the 400 gives. */
export const REFUSED: Record<DateFormat, Array<[string, string]>> = {
  date: [
    ['1899-12-31', DATE_TEXTS.outsideWindow],
    ['2101-01-01', DATE_TEXTS.outsideWindow],
    ['9999-12-31', DATE_TEXTS.outsideWindow],
    ['9999-12-01', DATE_TEXTS.outsideWindow],
    ['0001-01-01', DATE_TEXTS.outsideWindow],
    ['0050-06-15', DATE_TEXTS.outsideWindow],
    ['0099-12-31', DATE_TEXTS.outsideWindow],
    ['2027-02-30', DATE_TEXTS.notADate],
    ['2026-13-01', DATE_TEXTS.notADate],
    ['2026-00-10', DATE_TEXTS.notADate],
    ['2026-04-31', DATE_TEXTS.notADate],
    ['2100-02-29', DATE_TEXTS.notADate],
    ['+010000-01-01', DATE_TEXTS.notADate],
  ],
  'date-time': [
    ['1899-12-31T23:59:59Z', DATE_TEXTS.outsideWindow],
    ['2101-01-01T00:00:00Z', DATE_TEXTS.outsideWindow],
    ['9999-12-31T23:59:59Z', DATE_TEXTS.outsideWindow],
    ['9999-06-01T10:00:00+05:30', DATE_TEXTS.outsideWindow],
    ['0001-01-01T00:00:00Z', DATE_TEXTS.outsideWindow],
    ['0050-06-15T10:00:00Z', DATE_TEXTS.outsideWindow],
    ['0099-12-31T23:59:59+05:30', DATE_TEXTS.outsideWindow],
    ['2027-02-30T10:00:00Z', DATE_TEXTS.notADateTime],
    ['2026-13-01T10:00:00+05:30', DATE_TEXTS.notADateTime],
    ['2026-00-10T10:00:00Z', DATE_TEXTS.notADateTime],
    ['+010000-01-01T00:00:00Z', DATE_TEXTS.notADateTime],
  ],
};

/** Dates at the window's bounds (and a leap day): the calendar lets them through. */
export const AT_BOUNDS: Record<DateFormat, string[]> = {
  date: [DATE_WINDOW.first, DATE_WINDOW.last, '2028-02-29'],
  'date-time': [`${DATE_WINDOW.first}T00:00:00Z`, `${DATE_WINDOW.last}T23:59:59+05:30`, `${DATE_WINDOW.last}T23:59:59Z`, '2028-02-29T10:00:00Z'],
};

export interface CalendarOperation {
  operationId: string;
  method: string;
  path: string;
  schema: Record<string, any>;
}

interface EdgeCase {
  op: CalendarOperation;
  where: 'query' | 'body';
  field: DateField;
  value: string;
  /** The reason the 400 gives, or null at the bounds. */
  refusal: string | null;
  base: unknown;
}

/** Edge cases spread over every operation with a date, seeded. */
export function calendarEdgeCases(ops: CalendarOperation[], runs: number, seed: number): EdgeCase[] {
  const arbs: fc.Arbitrary<EdgeCase>[] = [];
  for (const op of ops) {
    for (const where of ['query', 'body'] as const) {
      const part = where === 'query' ? op.schema.querystring : op.schema.body;
      for (const field of dateFields(part)) {
        const values = [
          ...REFUSED[field.format].map(([v, r]) => ({ value: v, refusal: r as string | null })),
          ...AT_BOUNDS[field.format].map((v) => ({ value: v, refusal: null })),
        ];
        // Query parameters are flat: the rest of them valid, required ones included.
        const base = validArbitrary(where === 'query' ? { ...part, required: part.required ?? [] } : part).map(storable);
        arbs.push(
          fc
            .record({ op: fc.constant(op), where: fc.constant(where), field: fc.constant(field), pick: fc.constantFrom(...values), base })
            .map(({ pick, ...r }) => ({ ...r, ...pick })),
        );
      }
    }
  }
  return fc.sample(fc.oneof(...arbs), { numRuns: runs, seed });
}

export interface CalendarEdgeRun {
  cases: number;
  operations: number;
  failures: Array<{ request: string; status: number; why: string; body: string }>;
}

/**
 * Sends the edge cases as `token`'s holder (a valid caller, so every request reaches the
 * validator), path ids from `idFor`. Fails a 5xx, a request without an answer within `timeoutMs`,
 * a refused date that is not a 400 naming its field, and a date at the bounds the calendar refuses.
 */
export async function fuzzCalendarEdges(
  app: FastifyInstance,
  options: { ops: CalendarOperation[]; token: string; idFor: (path: string, i: number) => string; runs: number; seed: number; timeoutMs?: number },
): Promise<CalendarEdgeRun> {
  const cases = calendarEdgeCases(options.ops, options.runs, options.seed);
  const failures: CalendarEdgeRun['failures'] = [];
  const timeoutMs = options.timeoutMs ?? 10_000;
  for (const [i, c] of cases.entries()) {
    const name = c.field.path.join('.');
    const path = c.op.path.replace(/\{(\w+)\}/g, () => options.idFor(c.op.path, i));
    let url = `/api/v1${path}`;
    let payload: unknown;
    if (c.where === 'query') {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries((c.base ?? {}) as Record<string, unknown>))
        if (v !== undefined && v !== null && k !== name) params.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      params.append(name, c.value);
      url += `?${params}`;
    } else payload = setAt(c.base, c.field.path, c.value);
    const label = `${c.op.method.toUpperCase()} ${url.slice(0, 200)} ${name}=${c.value}`;
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      app.inject({
        method: c.op.method.toUpperCase() as 'GET',
        url,
        headers: { authorization: `Bearer ${options.token}` },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (answer === null) {
      failures.push({ request: label, status: 0, why: `no answer within ${timeoutMs} ms`, body: '' });
      // A hung request keeps the process busy: stop here rather than pile more on.
      break;
    }
    let body: { errors?: Record<string, string[]> } | undefined;
    try {
      body = answer.body ? JSON.parse(answer.body) : undefined;
    } catch {
      body = undefined;
    }
    const reasons = body?.errors?.[name] ?? [];
    if (answer.statusCode >= 500) failures.push({ request: label, status: answer.statusCode, why: '5xx', body: answer.body.slice(0, 400) });
    else if (c.refusal !== null && (answer.statusCode !== 400 || !reasons.includes(c.refusal))) {
      failures.push({ request: label, status: answer.statusCode, why: `expected 400 with ${name}: ${c.refusal}`, body: answer.body.slice(0, 400) });
    } else if (c.refusal === null && reasons.some((r) => (Object.values(DATE_TEXTS) as string[]).includes(r))) {
      failures.push({ request: label, status: answer.statusCode, why: 'a date inside the window refused by the calendar', body: answer.body.slice(0, 400) });
    }
  }
  return { cases: cases.length, operations: new Set(cases.map((c) => c.op.operationId)).size, failures };
}
