// Therapy visits' calls: the visit, its saves (with the version it was edited on), status steps,
// addenda, "copy last settings", screening, and the back office's recipes, lots and settings.
import type { components } from '../../../openapi/generated/api';
import type { MoveRequest } from '../../../machines/visits/visit-form-machine';
import type { VisitSections } from '../../../machines/visits/visit-form';
import type { Therapy } from '../../../machines/visits/therapy-fields';
import type { ApiClient } from '../../lib/api-client';
import { unwrap } from '../../lib/api-failure';

type S = components['schemas'];
export type TherapyVisit = S['TherapyVisit'];
export type IvRecipe = S['IvRecipe'];
export type StockLot = S['StockLot'];
export type TherapySettings = S['TherapySettings'];

export const fetchVisit = (api: ApiClient, id: number) => unwrap(api.GET('/visits/therapy-visits/{id}', { params: { path: { id } } }));

export const saveVisit = (api: ApiClient, id: number, version: number, sections: VisitSections) =>
  unwrap(api.PATCH('/visits/therapy-visits/{id}', { params: { path: { id } }, body: { version, ...sections } as S['TherapyVisitPatch'] }));

export const moveVisit = (api: ApiClient, id: number, move: MoveRequest) =>
  unwrap(api.POST('/visits/therapy-visits/{id}/transitions', { params: { path: { id } }, body: Object.fromEntries(Object.entries(move).filter(([, v]) => v !== undefined)) as S['TherapyVisitTransition'] }));

export const addAddendum = (api: ApiClient, id: number, text: string) => unwrap(api.POST('/visits/therapy-visits/{id}/addenda', { params: { path: { id } }, body: { text } }));

export const fetchPreviousParameters = async (api: ApiClient, id: number) =>
  (await unwrap(api.GET('/visits/therapy-visits/{id}/previous-settings', { params: { path: { id } } }))).parameters;

export const recordScreen = (api: ApiClient, client: number, therapy: Therapy, answers: Record<string, boolean>) =>
  unwrap(api.POST('/visits/contraindication-screens', { body: { client, therapy, answers } }));

export const overrideScreen = (api: ApiClient, screen: number, reason: string) =>
  unwrap(api.POST('/visits/contraindication-screens/{id}/override', { params: { path: { id: screen } }, body: { reason } }));

export const fetchRecipes = (api: ApiClient) => unwrap(api.GET('/visits/iv-recipes'));

export const fetchLots = (api: ApiClient) => unwrap(api.GET('/visits/stock-lots', { params: { query: {} } }));

export const fetchSettings = (api: ApiClient) => unwrap(api.GET('/visits/therapy-settings'));
