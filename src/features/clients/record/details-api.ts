// The client details page's calls. Each read of the profile, enrollments or consent is audited
// on the server.
import type { components } from '../../../../openapi/generated/api';
import type { ApiClient } from '../../../lib/api-client';
import { type ConsentOnBehalfForm, consentOnBehalfErrors } from '../../../../machines/consent/consent-on-behalf-rules';
import { endDateOnEnding, isEnding } from '../../../../machines/enrollment/enrollment-rules';
import { profilePatchErrors, profilePatchOf } from '../../../../machines/rules/profile-rules';
import { refusedLocally, unwrap } from '../../../lib/api-failure';
import { contractErrors } from '../../../lib/contract-validation';
import { clinicToday } from '../../../lib/format';
import { AUDIT_PAGE_SIZE, type AuditView } from '../../../../machines/client-record/record-tabs';

export type UserDetail = components['schemas']['UserDetail'];
export type Profile = components['schemas']['Profile'];
export type ProfilePatch = components['schemas']['ProfilePatch'];
export type Enrollment = components['schemas']['Enrollment'];
export type Program = components['schemas']['Program'];
export type ConsentRecord = components['schemas']['ConsentRecord'];
export type AuditEvent = components['schemas']['AuditEvent'];

export const getClient = (api: ApiClient, id: number) => unwrap(api.GET('/users/users/{id}', { params: { path: { id } } }));

/** Saves what changed in the form, refusing locally what the server would refuse (the same rules). */
export async function saveProfile(api: ApiClient, id: number, draft: Record<string, string>, current: Record<string, unknown>) {
  const patch = profilePatchOf(draft, current);
  const refused = { ...contractErrors('ProfilePatch', patch), ...profilePatchErrors(patch) };
  if (Object.keys(refused).length) throw refusedLocally(refused);
  return unwrap(api.PATCH('/users/user-profiles/{id}', { params: { path: { id } }, body: patch as ProfilePatch }));
}
export const listEnrollments = (api: ApiClient, user: number) => unwrap(api.GET('/users/user-program-enrollments', { params: { query: { user } } }));
export const listPrograms = (api: ApiClient) => unwrap(api.GET('/programs/programs', { params: { query: { active: true } } }));
export const enrol = (api: ApiClient, body: components['schemas']['EnrollmentCreate']) => unwrap(api.POST('/users/user-program-enrollments', { body }));

/** One step of the enrollment's chart; an ending step also records the end date. */
export function changeEnrollmentStatus(api: ApiClient, enrollment: Enrollment, status: Enrollment['status']) {
  const today = clinicToday();
  const body: components['schemas']['EnrollmentPatch'] = { status, ...(isEnding(status) ? { end_date: endDateOnEnding(enrollment, today) } : {}) };
  return unwrap(api.PATCH('/users/user-program-enrollments/{id}', { params: { path: { id: enrollment.id } }, body }));
}
export const consentHistory = (api: ApiClient, id: number) => unwrap(api.GET('/users/user-profiles/{id}/consent-history', { params: { path: { id } } }));

/** The client's signed paper form, recorded by staff: refused here by the server's own rules first. */
export async function recordConsentOnBehalf(api: ApiClient, id: number, form: Record<string, unknown>) {
  const body = { decision: form.decision, signed_on: form.signed_on, reason: typeof form.reason === 'string' ? form.reason.trim() : form.reason } as ConsentOnBehalfForm;
  const refused = consentOnBehalfErrors(body);
  if (Object.keys(refused).length) throw refusedLocally(refused);
  return unwrap(api.POST('/users/user-profiles/{id}/consent-history', { params: { path: { id } }, body }));
}
/** One page of the record's audit trail, filtered on the server. */
export const auditTrail = (api: ApiClient, client: number, view: AuditView) =>
  unwrap(
    api.GET('/audit/events', {
      params: { query: { client, page: view.page, page_size: AUDIT_PAGE_SIZE, ...(view.action ? { action: view.action as AuditEvent['action'] } : {}) } },
    }),
  );

/**
 * The API client of one page view of the record: its reads carry the view's id, so the server
 * records the whole view as one audit event (server/api/data/record-views.ts).
 */
export function recordViewClient(api: ApiClient, viewId: string): ApiClient {
  const GET = ((path: string, init?: { headers?: Record<string, string> }) =>
    (api.GET as (p: string, i: unknown) => unknown)(path, { ...init, headers: { ...init?.headers, 'X-Record-View': viewId } })) as ApiClient['GET'];
  return { ...api, GET };
}

export type ThriveCheck = components['schemas']['ThriveCheck'];

/** The client's thrive checks, each with the score the server computed and stored. */
export const thriveChecks = (api: ApiClient, user: number) => unwrap(api.GET('/users/thrive-checks', { params: { query: { user } } }));
