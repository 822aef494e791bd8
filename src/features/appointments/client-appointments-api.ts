// The client record's Appointments section: the client's appointments and package balance, the
// clinic's package catalogue and the sale of a package (the only calls this section makes).
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { unwrap } from '../../lib/api-failure';

export type ClientAppointment = components['schemas']['Appointment'];
export type ClientPackage = components['schemas']['Package'];
export type PackagePlan = components['schemas']['PackagePlan'];

export const clientAppointments = (api: ApiClient, client: number) => unwrap(api.GET('/appointments/appointments', { params: { query: { client, limit: 1000 } } }));
export const clientPackages = (api: ApiClient, client: number) => unwrap(api.GET('/appointments/packages', { params: { query: { client } } }));
export const packagePlans = (api: ApiClient) => unwrap(api.GET('/appointments/package-plans', {}));
export const sellPackage = (api: ApiClient, plan: number, client: number) =>
  unwrap(api.POST('/appointments/package-plans/{id}/sell', { params: { path: { id: plan } }, body: { client } }));
