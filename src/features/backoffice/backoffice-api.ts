// /backoffice calls: the program catalogue and the clinic settings.
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { unwrap } from '../../lib/api-failure';

export type Program = components['schemas']['Program'];
export type ClinicSettings = components['schemas']['ClinicSettings'];
export type ClinicSettingsPatch = components['schemas']['ClinicSettingsPatch'];

export const listAllPrograms = (api: ApiClient) => unwrap(api.GET('/programs/programs', {}));
export const createProgram = (api: ApiClient, body: components['schemas']['ProgramCreate']) => unwrap(api.POST('/programs/programs', { body }));
export const patchProgram = (api: ApiClient, id: number, body: components['schemas']['ProgramPatch']) =>
  unwrap(api.PATCH('/programs/programs/{id}', { params: { path: { id } }, body }));
export const getSettings = (api: ApiClient) => unwrap(api.GET('/clinic/settings', {}));
export const patchSettings = (api: ApiClient, body: ClinicSettingsPatch) => unwrap(api.PATCH('/clinic/settings', { body }));
