// The portal's calls through the one API client, shaped as the machines' actors expect: a
// refused request becomes the field errors the server named (or a message), so forms show them.
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { type ContractSchema, contractErrors } from '../../lib/contract-validation';

export type Profile = components['schemas']['Profile'];
export type Enrollment = components['schemas']['Enrollment'];
export type Program = components['schemas']['Program'];
export type ThriveCheck = components['schemas']['ThriveCheck'];

export interface Failure {
  fieldErrors?: Record<string, string[]>;
  message?: string;
}

function failure(error: unknown, status: number): Failure {
  const body = (error ?? {}) as { detail?: string; errors?: Record<string, string[]> };
  if (status === 400 && body.errors) return { fieldErrors: body.errors };
  return { message: body.detail ?? `The server answered ${status}.` };
}

/** Refuses locally with the contract's own schema before anything is sent. */
export function checkAgainstContract(schema: ContractSchema, value: unknown): void {
  const errors = contractErrors(schema, value);
  if (Object.keys(errors).length) throw { fieldErrors: errors } satisfies Failure;
}

export async function getProfile(api: ApiClient, id: string): Promise<Profile> {
  const { data, error, response } = await api.GET('/users/user-profiles/{id}', { params: { path: { id: Number(id) } } });
  if (!data) throw failure(error, response.status);
  return data;
}

export async function patchProfile(api: ApiClient, id: string, patch: Record<string, unknown>): Promise<Profile> {
  checkAgainstContract('ProfilePatch', patch);
  const { data, error, response } = await api.PATCH('/users/user-profiles/{id}', {
    params: { path: { id: Number(id) } },
    body: patch as components['schemas']['ProfilePatch'],
  });
  if (!data) throw failure(error, response.status);
  return data;
}

export async function syncEmail(api: ApiClient, id: string): Promise<Profile> {
  const { data, error, response } = await api.POST('/users/user-profiles/{id}/email-sync', { params: { path: { id: Number(id) } } });
  if (!data) throw failure(error, response.status);
  return data;
}

export async function listEnrollments(api: ApiClient, id: string): Promise<Enrollment[]> {
  const { data, error, response } = await api.GET('/users/user-program-enrollments', { params: { query: { user: Number(id) } } });
  if (!data) throw failure(error, response.status);
  return data;
}

export async function listPrograms(api: ApiClient): Promise<Program[]> {
  const { data, error, response } = await api.GET('/programs/programs', {});
  if (!data) throw failure(error, response.status);
  return data;
}

export async function listChecks(api: ApiClient, id: string): Promise<ThriveCheck[]> {
  const { data, error, response } = await api.GET('/users/thrive-checks', { params: { query: { user: Number(id) } } });
  if (!data) throw failure(error, response.status);
  return data;
}

export async function createCheck(api: ApiClient, input: Record<string, string>): Promise<ThriveCheck> {
  checkAgainstContract('ThriveCheckCreate', input);
  const { data, error, response } = await api.POST('/users/thrive-checks', { body: input as unknown as components['schemas']['ThriveCheckCreate'] });
  if (!data) throw failure(error, response.status);
  return data;
}
