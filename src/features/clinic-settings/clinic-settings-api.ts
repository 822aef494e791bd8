// The clinic-settings domain's adapter: the program catalogue, the clinic settings and its logo
// (the back office), and the reads other domains take through src/features/clinic-settings/index.ts
// (the programs, who answers which tickets).
import type { components } from '../../../openapi/generated/api.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-failure.ts';
import { base64Of } from '../../lib/files.ts';

export type Program = components['schemas']['Program'];
export type ClinicSettings = components['schemas']['ClinicSettings'];
export type ClinicSettingsPatch = components['schemas']['ClinicSettingsPatch'];

/** The program catalogue; `{ active: true }` for the programs open to enrolment. */
export const listPrograms = (api: ApiClient, query: { active?: boolean } = {}) => unwrap(api.GET('/programs/programs', { params: { query } }));
export const createProgram = (api: ApiClient, body: components['schemas']['ProgramCreate']) => unwrap(api.POST('/programs/programs', { body }));
export const patchProgram = (api: ApiClient, id: number, body: components['schemas']['ProgramPatch']) =>
  unwrap(api.PATCH('/programs/programs/{id}', { params: { path: { id } }, body }));
export const getSettings = (api: ApiClient) => unwrap(api.GET('/clinic/settings', {}));
export const patchSettings = (api: ApiClient, body: ClinicSettingsPatch) => unwrap(api.PATCH('/clinic/settings', { body }));
export const uploadLogo = async (api: ApiClient, file: Blob) => unwrap(api.PUT('/clinic/logo', { body: { content_base64: await base64Of(file) } }));
export const removeLogo = (api: ApiClient) => unwrap(api.DELETE('/clinic/logo', {}));
