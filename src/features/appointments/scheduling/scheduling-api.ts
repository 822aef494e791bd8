// /backoffice's scheduling calls: services, resources, hours and booking rules, the package
// catalogue, and the impact check before a change (the only module here that calls the API).
import type { components } from '../../../../openapi/generated/api';
import type { ApiClient } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-failure';

type S = components['schemas'];
export type Service = S['Service'];
export type ServicePatch = S['ServicePatch'];
export type Resource = S['Resource'];
export type ResourceList = S['ResourceList'];
export type SchedulingHours = S['SchedulingHours'];
export type HoursPatch = S['SchedulingHoursPatch'];
export type PackagePlan = S['PackagePlan'];
export type PackagePlanCreate = S['PackagePlanCreate'];
export type Impact = S['SchedulingImpact'];
export interface StaffMember {
  id: number;
  name: string;
  role: string;
}

const STAFF_ROLES = ['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'RECEPTION', 'ADMIN', 'SUPER_ADMIN'] as const;

export const listServices = (api: ApiClient) => unwrap(api.GET('/appointments/services', {}));
export const createService = (api: ApiClient, body: S['ServiceCreate']) => unwrap(api.POST('/appointments/services', { body }));
export const patchService = (api: ApiClient, id: number, body: ServicePatch) => unwrap(api.PATCH('/appointments/services/{id}', { params: { path: { id } }, body }));
export const previewServiceImpact = (api: ApiClient, id: number, body: ServicePatch) =>
  unwrap(api.POST('/appointments/services/{id}/impact', { params: { path: { id } }, body }));

export const listResources = (api: ApiClient) => unwrap(api.GET('/appointments/resources', {}));
export const createResource = (api: ApiClient, body: S['ResourceCreate']) => unwrap(api.POST('/appointments/resources', { body }));
export const patchResource = (api: ApiClient, id: number, body: S['ResourcePatch']) => unwrap(api.PATCH('/appointments/resources/{id}', { params: { path: { id } }, body }));

export const getHours = (api: ApiClient) => unwrap(api.GET('/appointments/hours', {}));
export const patchHours = (api: ApiClient, body: HoursPatch) => unwrap(api.PATCH('/appointments/hours', { body }));
export const previewHoursImpact = (api: ApiClient, body: HoursPatch) => unwrap(api.POST('/appointments/hours/impact', { body }));
export const cancelImpacted = (api: ApiClient, appointments: number[], reason: string) =>
  unwrap(api.POST('/appointments/impacted/cancel', { body: { appointments, reason } }));

export const listPlans = (api: ApiClient) => unwrap(api.GET('/appointments/package-plans', {}));
export const createPlan = (api: ApiClient, body: PackagePlanCreate) => unwrap(api.POST('/appointments/package-plans', { body }));
export const patchPlan = (api: ApiClient, id: number, body: S['PackagePlanPatch']) => unwrap(api.PATCH('/appointments/package-plans/{id}', { params: { path: { id } }, body }));

/** Everyone who may hold working hours (every staff role), by last name. */
export async function listStaff(api: ApiClient): Promise<StaffMember[]> {
  const pages = await Promise.all(STAFF_ROLES.map((role) => unwrap(api.GET('/users/users', { params: { query: { role, page_size: 100, ordering: 'last_name' } } }))));
  return pages.flatMap((page) => page.results.map((u) => ({ id: u.id, name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email, role: u.role ?? '' })));
}
