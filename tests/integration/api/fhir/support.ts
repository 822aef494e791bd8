// Requests to the FHIR API (/api/v1/fhir/R4) as an actor: every answer is application/fhir+json
// and passes the official FHIR R4 JSON schema (tests/support/fhir-schema.ts), the resources inside
// a Bundle each on their own; a refusal is an OperationOutcome.
import { expect } from 'vitest';
import { FHIR_PREFIXED, FHIR_ROOT } from '../../../../server/api/fhir/base.ts';
import { fhirSchemaErrors } from '../../../support/fhir-schema.ts';
import type { TestApp } from '../../../support/test-app.ts';
import type { Actor, ApiResponse } from '../support.ts';

export const FHIR_BASE = FHIR_PREFIXED;

/** `url` as a path: a link the server gave, a path under either base, or one relative to /api/v1/fhir/R4. */
function pathOf(url: string): string {
  if (url.startsWith('http')) return new URL(url).pathname + new URL(url).search;
  return url.startsWith(`${FHIR_ROOT}/`) || url.startsWith(`${FHIR_PREFIXED}/`) ? url : `${FHIR_BASE}${url}`;
}

export async function fhir(t: TestApp, actor: Actor | null, url: string): Promise<ApiResponse> {
  const full = pathOf(url);
  const res = await t.app.inject({ method: 'GET', url: full, headers: actor ? { authorization: `Bearer ${actor.accessToken}` } : {} });
  expect(String(res.headers['content-type']), `${url} -> ${res.statusCode}`).toMatch(/^application\/fhir\+json/);
  const body = JSON.parse(res.body);
  const why = fhirSchemaErrors(body);
  expect(why, `${url} -> ${res.statusCode}: ${res.body.slice(0, 500)}`).toBeNull();
  for (const entry of body.entry ?? []) expect(fhirSchemaErrors(entry.resource), `${url}: ${JSON.stringify(entry.resource).slice(0, 500)}`).toBeNull();
  if (res.statusCode >= 400) expect(body.resourceType).toBe('OperationOutcome');
  return { status: res.statusCode, body, headers: res.headers };
}
