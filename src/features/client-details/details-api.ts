// The client details page's calls. Each read of the profile, enrollments or consent is audited
// on the server.
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { ApiFailure, unwrap } from '../../lib/staff/api-result';

export type UserDetail = components['schemas']['UserDetail'];
export type Profile = components['schemas']['Profile'];
export type ProfilePatch = components['schemas']['ProfilePatch'];
export type Enrollment = components['schemas']['Enrollment'];
export type Program = components['schemas']['Program'];
export type ConsentRecord = components['schemas']['ConsentRecord'];
export type AuditEvent = components['schemas']['AuditEvent'];

export const getClient = (api: ApiClient, id: number) => unwrap(api.GET('/users/users/{id}', { params: { path: { id } } }));
export const patchProfile = (api: ApiClient, id: number, body: ProfilePatch) => unwrap(api.PATCH('/users/user-profiles/{id}', { params: { path: { id } }, body }));
export const listEnrollments = (api: ApiClient, user: number) => unwrap(api.GET('/users/user-program-enrollments', { params: { query: { user } } }));
export const listPrograms = (api: ApiClient) => unwrap(api.GET('/programs/programs', { params: { query: { active: true } } }));
export const enrol = (api: ApiClient, body: components['schemas']['EnrollmentCreate']) => unwrap(api.POST('/users/user-program-enrollments', { body }));
export const patchEnrollment = (api: ApiClient, id: number, body: components['schemas']['EnrollmentPatch']) =>
  unwrap(api.PATCH('/users/user-program-enrollments/{id}', { params: { path: { id } }, body }));
export const consentHistory = (api: ApiClient, id: number) => unwrap(api.GET('/users/user-profiles/{id}/consent-history', { params: { path: { id } } }));
export const auditTrail = (api: ApiClient, client: number) => unwrap(api.GET('/audit/events', { params: { query: { client, page_size: 50 } } }));

export interface ThriveCheckSummary {
  id: number;
  taken_at: string;
  points: number;
  riskPercentage: number;
  band: string;
}

/**
 * The client's thrive checks, or null when this server has no thrive-check API (the section is
 * then left out rather than faked). Typed loosely on purpose: the portal's API owns that contract.
 */
export async function thriveChecks(api: ApiClient, user: number): Promise<ThriveCheckSummary[] | null> {
  const loose = api as unknown as { GET(path: string, init: unknown): Promise<{ data?: unknown; error?: unknown; response: Response }> };
  try {
    const rows = await unwrap(loose.GET('/users/thrive-checks', { params: { query: { user } } }));
    return Array.isArray(rows) ? (rows as ThriveCheckSummary[]) : null;
  } catch (error) {
    // The app's answer for a route it does not have (not a 404 about this client).
    if (error instanceof ApiFailure && error.status === 404 && error.message.startsWith('Not found: GET')) return null;
    throw error;
  }
}
