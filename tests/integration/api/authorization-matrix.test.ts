// Generated from tests/support/authorization-matrix.ts (the table in docs/authorization.md): every operation
// × every role × own/another's record, over HTTP with real tokens, on each engine.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX, expectedOutcome, renderAuthorizationMatrix } from '../../support/authorization-matrix.ts';
import { loadContract } from '../../../server/api/contract.ts';
import { ROLES } from '../../../server/api/policy.ts';
import { admits, declaredAccess } from '../../../server/api/route-access.ts';
import type { ClinicRole } from '../../../server/identity/contracts.ts';
import { engines } from '../../support/engines.ts';
import { RAZORPAY_KEYS, razorpayEnv, RazorpayStandIn, startRazorpayStandIn } from '../../support/razorpay-stand-in.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { appointmentMatrixRequests } from './appointments/matrix-requests.ts';
import { cognitiveMatrixRequests } from './cognitive/matrix-requests.ts';
import { discoveryMatrixRequests } from './discovery/matrix-requests.ts';
import { supportMatrixRequests } from './support-tickets/matrix-requests.ts';
import { labMatrixRequests } from './labs/matrix-requests.ts';
import { thriveMatrixRequests } from './thrive/matrix-requests.ts';
import { visitMatrixRequests } from './visits/matrix-requests.ts';
import { backofficeMatrixRequests } from './appointments/backoffice-matrix-requests.ts';
import { packageSaleMatrixRequests } from './appointments/package-sales-matrix-requests.ts';
import { billingMatrixRequests } from './billing/matrix-requests.ts';
import { membershipMatrixRequests } from './memberships/matrix-requests.ts';
import { fhirMatrixRequests } from './fhir/matrix-requests.ts';
import { privacyMatrixRequests } from './privacy/matrix-requests.ts';
import { type Actor, addEnrollment, addProgram, addTarget, addUser, api, type ApiResponse, uniqueEmail } from './support.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
  nurse: number;
  admin: number;
  program: number;
}

const THRIVE_CHECK = {
  sex: 'female',
  age: '52',
  hdl_cholesterol: '55',
  total_cholesterol: '190',
  smoker: 'no',
  diabetic: 'no',
  treats_hypertension: 'no',
  systolic_bp: '118',
};

const consent = () => ({ hipaa_consent: true, hipaa_consent_date: new Date().toISOString(), hipaa_consent_version: '1.0' });

const paperForm = () => ({ decision: 'given', signed_on: new Date().toISOString().slice(0, 10), reason: 'Signed the paper form at the front desk.' });

type Builder = (t: TestApp, s: Shared, actor: Actor) => Promise<ApiResponse>;

/** A 1×1 PNG: the clinic logo the logo rows upload. */
const LOGO_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const requests: Record<string, Builder> = {
  'clinic-settings.get': (t, _s, a) => api(t, a, 'GET', '/clinic/settings'),
  'clinic-settings.patch': (t, _s, a) => api(t, a, 'PATCH', '/clinic/settings', { city: 'Pune' }),
  'clinic-logo.put': (t, _s, a) => api(t, a, 'PUT', '/clinic/logo', { content_base64: LOGO_PNG }),
  // Each role removes a logo that is there (an ADMIN uploads it first), so the outcome is the role's.
  'clinic-logo.delete': async (t, s, a) => {
    await api(t, s.actors.ADMIN, 'PUT', '/clinic/logo', { content_base64: LOGO_PNG });
    return api(t, a, 'DELETE', '/clinic/logo');
  },
  'users.list': (t, _s, a) => api(t, a, 'GET', '/users/users'),
  'users.me': (t, _s, a) => api(t, a, 'GET', '/users/users/me'),
  'users.me.home-views': (t, _s, a) => api(t, a, 'POST', '/users/users/me/home-views'),
  'users.get.own': (t, _s, a) => api(t, a, 'GET', `/users/users/${a.id}`),
  'users.get.client': (t, s, a) => api(t, a, 'GET', `/users/users/${s.client}`),
  'users.create.client': (t, _s, a) => api(t, a, 'POST', '/users/users', { email: uniqueEmail(), first_name: 'Meera', last_name: 'Iyer', role: 'CLIENT' }),
  'users.create.staff': (t, _s, a) => api(t, a, 'POST', '/users/users', { email: uniqueEmail(), first_name: 'Kavya', last_name: 'Nair', role: 'NURSE' }),
  'users.create.admin': (t, _s, a) => api(t, a, 'POST', '/users/users', { email: uniqueEmail(), first_name: 'Rohan', last_name: 'Mehta', role: 'ADMIN' }),
  'users.delete.own': (t, _s, a) => api(t, a, 'DELETE', `/users/users/${a.id}`),
  'users.delete.client': async (t, _s, a) => api(t, a, 'DELETE', `/users/users/${(await addTarget(t, 'CLIENT')).id}`),
  'users.delete.admin': async (t, _s, a) => api(t, a, 'DELETE', `/users/users/${(await addTarget(t, 'ADMIN')).id}`),
  'profiles.get.own': (t, _s, a) => api(t, a, 'GET', `/users/user-profiles/${a.id}`),
  'profiles.get.client': (t, s, a) => api(t, a, 'GET', `/users/user-profiles/${s.client}`),
  'profiles.patch.own': (t, _s, a) => api(t, a, 'PATCH', `/users/user-profiles/${a.id}`, { city: 'Pune' }),
  'profiles.patch.client': (t, s, a) => api(t, a, 'PATCH', `/users/user-profiles/${s.client}`, { city: 'Mumbai' }),
  'profiles.patch.staff': (t, s, a) => api(t, a, 'PATCH', `/users/user-profiles/${s.nurse}`, { city: 'Chennai' }),
  'profiles.patch.admin': (t, s, a) => api(t, a, 'PATCH', `/users/user-profiles/${s.admin}`, { city: 'Delhi' }),
  'profiles.clinic-fields.own': (t, _s, a) => api(t, a, 'PATCH', `/users/user-profiles/${a.id}`, { clinic: 'Thrive Bandra', appointment_duration: '00:45:00' }),
  'profiles.role.own': (t, _s, a) => api(t, a, 'PATCH', `/users/user-profiles/${a.id}`, { role: a.role === 'CLIENT' ? 'NURSE' : 'CLIENT' }),
  'profiles.role.client-to-staff': async (t, _s, a) => api(t, a, 'PATCH', `/users/user-profiles/${(await addTarget(t, 'CLIENT')).id}`, { role: 'NURSE' }),
  'profiles.role.client-to-admin': async (t, _s, a) => api(t, a, 'PATCH', `/users/user-profiles/${(await addTarget(t, 'CLIENT')).id}`, { role: 'ADMIN' }),
  'profiles.consent.own': (t, _s, a) => api(t, a, 'PATCH', `/users/user-profiles/${a.id}`, consent()),
  'profiles.consent.client': (t, s, a) => api(t, a, 'PATCH', `/users/user-profiles/${s.client}`, consent()),
  'consent.on-behalf.own': (t, _s, a) => api(t, a, 'POST', `/users/user-profiles/${a.id}/consent-history`, paperForm()),
  'consent.on-behalf.client': (t, s, a) => api(t, a, 'POST', `/users/user-profiles/${s.client}/consent-history`, paperForm()),
  'enrollments.list.own': (t, _s, a) => api(t, a, 'GET', `/users/user-program-enrollments?user=${a.id}`),
  'enrollments.list.client': (t, s, a) => api(t, a, 'GET', `/users/user-program-enrollments?user=${s.client}`),
  'enrollments.create.own': (t, s, a) => api(t, a, 'POST', '/users/user-program-enrollments', { user: a.id, program: s.program, start_date: '2026-02-01' }),
  'enrollments.create.client': (t, s, a) =>
    api(t, a, 'POST', '/users/user-program-enrollments', { user: s.client, program: s.program, start_date: '2026-02-01' }),
  'enrollments.patch.own': async (t, s, a) =>
    api(t, a, 'PATCH', `/users/user-program-enrollments/${await addEnrollment(t, a.id, s.program)}`, { notes: 'Week 2 check-in done' }),
  'enrollments.patch.client': async (t, s, a) =>
    api(t, a, 'PATCH', `/users/user-program-enrollments/${await addEnrollment(t, s.client, s.program)}`, { status: 'paused' }),
  'enrollments.delete.own': async (t, s, a) => api(t, a, 'DELETE', `/users/user-program-enrollments/${await addEnrollment(t, a.id, s.program)}`),
  'enrollments.delete.client': async (t, s, a) => api(t, a, 'DELETE', `/users/user-program-enrollments/${await addEnrollment(t, s.client, s.program)}`),
  'programs.list': (t, _s, a) => api(t, a, 'GET', '/programs/programs'),
  'programs.get': (t, s, a) => api(t, a, 'GET', `/programs/programs/${s.program}`),
  'programs.create': (t, _s, a) => api(t, a, 'POST', '/programs/programs', { name: `Reset ${uniqueEmail('p')}`, duration_weeks: 8, price_inr: 18000 }),
  'programs.patch': (t, s, a) => api(t, a, 'PATCH', `/programs/programs/${s.program}`, { description: 'Twelve weeks of coaching' }),
  'programs.delete': async (t, _s, a) => api(t, a, 'DELETE', `/programs/programs/${await addProgram(t)}`),
  'audit.list': (t, _s, a) => api(t, a, 'GET', '/audit/events'),
  'thrive-checks.list.own': (t, _s, a) => api(t, a, 'GET', `/users/thrive-checks?user=${a.id}`),
  'thrive-checks.list.client': (t, s, a) => api(t, a, 'GET', `/users/thrive-checks?user=${s.client}`),
  'thrive-checks.create.own': (t, _s, a) => api(t, a, 'POST', '/users/thrive-checks', THRIVE_CHECK),
  'thrive-checks.create.client': (t, s, a) => api(t, a, 'POST', '/users/thrive-checks', { ...THRIVE_CHECK, user: s.client }),
  ...appointmentMatrixRequests,
  ...cognitiveMatrixRequests,
  ...discoveryMatrixRequests,
  ...supportMatrixRequests,
  ...labMatrixRequests,
  ...thriveMatrixRequests,
  ...visitMatrixRequests,
  ...backofficeMatrixRequests,
  ...packageSaleMatrixRequests,
  ...billingMatrixRequests,
  ...membershipMatrixRequests,
  ...fhirMatrixRequests,
  ...privacyMatrixRequests,
};

describe('the authorization matrix', () => {
  it('has a request for every row, and docs/authorization.md shows the same table', () => {
    expect(Object.keys(requests).sort()).toEqual(AUTHORIZATION_MATRIX.map((r) => r.key).sort());
    const page = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/authorization.md'), 'utf8');
    expect(page).toContain(renderAuthorizationMatrix());
  });
});

describe.each(engines)('authorization matrix on %s', (engine) => {
  let t: TestApp;
  let standIn: RazorpayStandIn;
  const s = {} as Shared;
  beforeAll(async () => {
    // Paying online is on, against the local Razorpay stand-in, so its rows answer as in a clinic that has it.
    standIn = await startRazorpayStandIn(RAZORPAY_KEYS);
    t = await buildTestApp(engine, { env: razorpayEnv(standIn) });
    s.actors = {} as Record<ClinicRole, Actor>;
    for (const role of ROLES) s.actors[role] = await addUser(t, role);
    s.client = (await addTarget(t, 'CLIENT')).id;
    s.nurse = (await addTarget(t, 'NURSE')).id;
    s.admin = (await addTarget(t, 'ADMIN')).id;
    s.program = await addProgram(t, 'Metabolic Reset');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  // The routes' own declarations (route options `config.access`): every operation of the contract
  // has one, and a role a declaration leaves out is refused on every row of that operation.
  it('every operation declares its roles and client scope, and the table agrees with them', () => {
    const declared = declaredAccess();
    const operations = loadContract().operations();
    expect(operations.filter((o) => !declared.has(o.operationId)).map((o) => o.operationId)).toEqual([]);
    for (const row of AUTHORIZATION_MATRIX) {
      const [method, target] = row.operation.split(' ');
      const path = `/${target.split('?')[0]}`;
      const operation = operations.find((o) => o.method === method.toLowerCase() && o.path === path);
      expect(operation, `${row.key}: ${row.operation} is an operation of the contract`).toBeDefined();
      const access = declared.get(operation!.operationId)!;
      for (const role of ROLES) {
        if (!admits(access, role)) expect([403, 404], `${row.key} as ${role} (declared ${access.roles})`).toContain(expectedOutcome(row, role));
      }
    }
  });

  const cases = AUTHORIZATION_MATRIX.flatMap((row) => ROLES.map((role) => ({ row, role, expected: expectedOutcome(row, role) })));
  it.each(cases)('$row.operation on $row.target as $role → $expected', async ({ row, role, expected }) => {
    const res = await requests[row.key](t, s, s.actors[role]);
    expect(res.status, JSON.stringify(res.body)).toBe(expected);
    // The FHIR API words the same refusals as OperationOutcomes (server/api/fhir/outcome.ts).
    const words = res.body?.resourceType === 'OperationOutcome' ? { detail: res.body.issue[0].diagnostics } : res.body;
    if (expected === 404) expect(words).toEqual({ detail: 'Not found.' });
    if (expected === 403) expect(words.detail).toEqual(expect.any(String));
  });
});
