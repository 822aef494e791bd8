// Requests to the FHIR API (/api/v1/fhir/R4) as an actor: every answer is application/fhir+json
// and passes the official FHIR R4 JSON schema (tests/support/fhir-schema.ts), the resources inside
// a Bundle each on their own; a refusal is an OperationOutcome.
import { expect } from 'vitest';
import { fhirSchemaErrors } from '../../../support/fhir-schema.ts';
import type { TestApp } from '../../../support/test-app.ts';
import type { Actor, ApiResponse } from '../support.ts';

export const FHIR_BASE = '/api/v1/fhir/R4';

export async function fhir(t: TestApp, actor: Actor | null, url: string): Promise<ApiResponse> {
  const full = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : `${FHIR_BASE}${url}`;
  const res = await t.app.inject({ method: 'GET', url: full, headers: actor ? { authorization: `Bearer ${actor.accessToken}` } : {} });
  expect(String(res.headers['content-type']), `${url} -> ${res.statusCode}`).toMatch(/^application\/fhir\+json/);
  const body = JSON.parse(res.body);
  const why = fhirSchemaErrors(body);
  expect(why, `${url} -> ${res.statusCode}: ${res.body.slice(0, 500)}`).toBeNull();
  for (const entry of body.entry ?? []) expect(fhirSchemaErrors(entry.resource), `${url}: ${JSON.stringify(entry.resource).slice(0, 500)}`).toBeNull();
  if (res.statusCode >= 400) expect(body.resourceType).toBe('OperationOutcome');
  return { status: res.statusCode, body, headers: res.headers };
}
