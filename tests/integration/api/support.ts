// Helpers for the business API's integration tests: signed-in users of any role (real accounts
// and real tokens from the built-in identity service, plus their clinic user row), and one
// request function that checks every response against openapi/openapi.yaml.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { insertUserWithProfile } from '../../../server/api/people/provision.ts';
import { loadContract } from '../../../server/api/contract.ts';
import type { ClinicRole } from '../../../server/identity/contracts.ts';
import { createSignedInUser, type SignedInUser } from '../../support/identity.ts';
import type { TestApp } from '../../support/test-app.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export const contract = loadContract();
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const operations = contract.operations().map((o) => ({
  ...o,
  pattern: new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

export interface Actor extends SignedInUser {
  id: number;
  role: ClinicRole;
}

let counter = 0;

/** A signed-in user of `role` with their clinic user and profile rows. */
export async function addUser(
  t: TestApp,
  role: ClinicRole,
  options: { first_name?: string; last_name?: string; phone_number?: string; profile?: Record<string, unknown> } = {},
): Promise<Actor> {
  counter += 1;
  const email = `${role.toLowerCase()}.${counter}.${Date.now().toString(36)}@test.clinic`;
  const signed = await createSignedInUser(t, { email, role });
  const id = await t.database.db.transaction().execute((trx) =>
    insertUserWithProfile(trx, {
      sub: signed.sub,
      username: signed.username,
      email,
      first_name: options.first_name ?? role.charAt(0) + role.slice(1).toLowerCase(),
      last_name: options.last_name ?? `Tester${counter}`,
      phone_number: options.phone_number ?? null,
      role,
      profile: options.profile,
    }),
  );
  return { ...signed, id, role };
}

export interface ApiResponse {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

/** Finds the contract's response schema for this request and status (undefined: no body). */
export function responseSchema(method: string, url: string, status: number): unknown {
  const path = url.replace(/^\/api\/v1/, '').split('?')[0];
  const op = operations.find((o) => o.method === method.toLowerCase() && o.pattern.test(path));
  if (!op) throw new Error(`no operation in the contract for ${method} ${path}`);
  const response = op.operation.responses[String(status)];
  if (!response) throw new Error(`${op.operationId} does not declare status ${status}`);
  const schema = contract.routeSchema(op.operationId).response as Record<string, unknown> | undefined;
  return schema?.[String(status)];
}

/** A request to /api/v1 as `actor` (or with raw headers); the response must match the contract. */
export async function api(
  t: TestApp,
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const full = `/api/v1${url}`;
  const res = await t.app.inject({
    method,
    url: full,
    headers: { ...(actor ? { authorization: `Bearer ${actor.accessToken}` } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const body = res.body ? JSON.parse(res.body) : undefined;
  const schema = responseSchema(method, full, res.statusCode);
  if (schema) {
    const validate = ajv.compile(schema as object);
    if (!validate(body)) {
      expect.fail(`${method} ${url} -> ${res.statusCode} does not match the contract: ${ajv.errorsText(validate.errors)}\n${res.body}`);
    }
  } else if (res.statusCode !== 204) {
    expect.fail(`${method} ${url} -> ${res.statusCode} has no schema in the contract`);
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/** A valid Aadhaar number (Verhoeff check digit) built from 11 digits. */
export { verhoeffCheckDigit } from '../../../server/api/people/aadhaar.ts';

/** A user who exists in identity and in the clinic but is not signed in (a record to act on). */
export async function addTarget(
  t: TestApp,
  role: ClinicRole,
  options: { first_name?: string; last_name?: string } = {},
): Promise<{ id: number; email: string; username: string }> {
  counter += 1;
  const email = `target.${role.toLowerCase()}.${counter}.${Date.now().toString(36)}@test.clinic`;
  const { User } = await t.runtime.identity.admin.adminCreateUser({
    Username: email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'custom:role', Value: role },
    ],
    MessageAction: 'SUPPRESS',
  });
  const sub = User.Attributes.find((a) => a.Name === 'sub')!.Value;
  const id = await t.database.db.transaction().execute((trx) =>
    insertUserWithProfile(trx, {
      sub,
      username: User.Username,
      email,
      first_name: options.first_name ?? 'Target',
      last_name: options.last_name ?? `${role}${counter}`,
      role,
    }),
  );
  return { id, email, username: User.Username };
}

export async function addProgram(t: TestApp, name = `Program ${++counter}`, active = true): Promise<number> {
  const row = await t.database.db
    .insertInto('programs')
    .values({ name, description: 'A test program', duration_weeks: 12, price_inr: 25000, active })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addEnrollment(t: TestApp, user: number, program: number): Promise<number> {
  const row = await t.database.db
    .insertInto('program_enrollments')
    .values({ user_id: user, program_id: program, start_date: '2026-01-05' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function uniqueEmail(prefix = 'new'): string {
  counter += 1;
  return `${prefix}.${counter}.${Date.now().toString(36)}@test.clinic`;
}
