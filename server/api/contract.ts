// openapi/openapi.yaml (with the domain files it refers to, openapi/domains/) is the one source of
// the API's shapes: routes take their Fastify schemas (params, querystring, body, responses) from
// its operations, so what the server validates is what the contract says and what the browser's
// generated types say.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifySchema } from 'fastify';
import { DATE_WINDOW, DATE_WINDOW_PATTERN } from '../../machines/rules/calendar-dates.ts';
import { VISIBLE_TEXT_PATTERN } from '../../machines/rules/visible-text.ts';
import { projectRoot } from '../project-root.ts';

/** The contract's root file: its paths refer to one file per domain under openapi/domains/. */
export const CONTRACT_PATH = path.join(projectRoot, 'openapi/openapi.yaml');
/**
 * The same contract bundled into one document, written by `npm run openapi:generate` beside the
 * generated types (scripts/generate-contract-json.ts): reading it takes a few milliseconds where
 * parsing the YAML took about half a second of every server start and every test app.
 * tests/integration/api/contract-generated.test.ts fails when it no longer matches the YAML.
 */
export const CONTRACT_JSON_PATH = path.join(projectRoot, 'openapi/generated/openapi.json');

/** The contract as the server reads it: the generated JSON. */
export function readContractDocument(): Json {
  return JSON.parse(fs.readFileSync(CONTRACT_JSON_PATH, 'utf8'));
}

type Json = any;

export interface Contract {
  document: Json;
  /** The Fastify schema of one operation, every $ref inlined. */
  routeSchema(operationId: string): FastifySchema;
  /** One component schema, every $ref inlined (tests validate responses with these). */
  component(name: string): Json;
  operations(): Array<{ method: string; path: string; operationId: string; operation: Json }>;
  /** Operations whose contract takes an Idempotency-Key header (server/http/idempotency.ts). */
  idempotentOperations(): Set<string>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function inline(document: Json, node: Json, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((n) => inline(document, n, seen));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref as string;
    if (seen.includes(ref)) throw new Error(`circular $ref ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: Json, key: string) => at?.[key], document);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    return inline(document, target, [...seen, ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = inline(document, value, seen);
  return out;
}

/**
 * The contract's `x-date-window` (issue 42): the years every date and date-time must fall in. The
 * validator and the browser's generated validators read it through this loader; the pattern it
 * becomes is machines/rules/calendar-dates.ts's, so the two must say the same window.
 */
function dateWindowOf(document: Json): void {
  const window = document?.['x-date-window'];
  if (!window || window.first !== DATE_WINDOW.first || window.last !== DATE_WINDOW.last) {
    throw new Error(`the contract's x-date-window ${JSON.stringify(window)} is not ${JSON.stringify(DATE_WINDOW)} (machines/rules/calendar-dates.ts)`);
  }
}

const isDateFormat = (schema: Json) => schema.format === 'date' || schema.format === 'date-time';

// OpenAPI-only keywords ajv would reject in strict mode; every date and date-time bounded to the
// contract's date window (a real calendar day is ajv-formats' own `date`/`date-time` check).
function forAjv(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples' || key === 'xml' || key === 'externalDocs' || key === 'deprecated') continue;
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, forAjv(v)])) : forAjv(value);
  }
  if (isDateFormat(schema)) {
    if (schema.pattern !== undefined) throw new Error(`a ${schema.format} with its own pattern: the date window is the only pattern a date has`);
    out.pattern = DATE_WINDOW_PATTERN;
  }
  return out;
}

/**
 * Text a request may not leave empty must show something: every string with a minLength of 1 or
 * more and no format, choice or pattern of its own (the YAML's `pattern: '\S'` included) gets
 * VISIBLE_TEXT_PATTERN, so a value that trims to nothing (spaces, tabs, U+FEFF, U+200B...) is a
 * 400 naming the field on every such field, written in the YAML or added later, and in the
 * portal's validators made from the same schemas.
 */
function visibleText(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(visibleText);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, visibleText(v)])) : visibleText(value);
  }
  const isText = [out.type].flat().includes('string');
  const freeText = out.format === undefined && out.enum === undefined && out.const === undefined && (out.pattern === undefined || out.pattern === '\\S');
  if (isText && typeof out.minLength === 'number' && out.minLength >= 1 && freeText) out.pattern = VISIBLE_TEXT_PATTERN;
  return out;
}

export function loadContract(document: Json = readContractDocument()): Contract {
  dateWindowOf(document);
  const byId = new Map<string, { method: string; path: string; operation: Json; pathItem: Json }>();
  for (const [p, pathItem] of Object.entries<Json>(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) byId.set(operation.operationId, { method, path: p, operation, pathItem });
    }
  }
  return {
    document,
    component: (name) => visibleText(forAjv(inline(document, document.components.schemas[name]))),
    operations: () => [...byId.entries()].map(([operationId, o]) => ({ operationId, method: o.method, path: o.path, operation: o.operation })),
    idempotentOperations() {
      const ids = new Set<string>();
      for (const [operationId, found] of byId) {
        const parameters = inline(document, [...(found.pathItem.parameters ?? []), ...(found.operation.parameters ?? [])]) as Json[];
        if (parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key')) ids.add(operationId);
      }
      return ids;
    },
    routeSchema(operationId) {
      const found = byId.get(operationId);
      if (!found) throw new Error(`no operation ${operationId} in the contract`);
      const parameters = inline(document, [...(found.pathItem.parameters ?? []), ...(found.operation.parameters ?? [])]) as Json[];
      const schema: FastifySchema = { operationId } as FastifySchema;
      for (const [location, key] of [
        ['path', 'params'],
        ['query', 'querystring'],
      ] as const) {
        const params = parameters.filter((p) => p.in === location);
        if (params.length === 0) continue;
        (schema as Json)[key] = {
          type: 'object',
          // Unknown query parameters are refused too: a typo must not silently widen a list.
          additionalProperties: false,
          required: params.filter((p) => p.required).map((p) => p.name),
          properties: Object.fromEntries(params.map((p) => [p.name, forAjv(p.schema)])),
        };
      }
      const body = found.operation.requestBody?.content?.['application/json']?.schema;
      if (body) schema.body = visibleText(forAjv(inline(document, body)));
      const response: Json = {};
      for (const [status, r] of Object.entries<Json>(found.operation.responses ?? {})) {
        const resolved = inline(document, r);
        const content = resolved.content?.['application/json']?.schema;
        if (content) response[status] = forAjv(content);
      }
      if (Object.keys(response).length) schema.response = response;
      return schema;
    },
  };
}
