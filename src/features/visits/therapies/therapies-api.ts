// The Therapies tab's adapter: the only module of the tab that calls the API client. Reads and
// changes the therapy settings, the IV recipes (added, edited, deactivated) and the stock lots
// (received, adjusted with a reason, and each lot's history of movements).
import type { components } from '../../../../openapi/generated/api';
import { unwrap } from '../../../lib/api-failure';
import type { ApiClient } from '../../../lib/api-client';

type S = components['schemas'];
export type IvRecipe = S['IvRecipe'];
export type StockLot = S['StockLot'];
export type StockMovement = S['StockMovement'];
export type AdjustmentKind = S['StockAdjustmentCreate']['kind'];
export type TherapySettings = S['TherapySettings'];

export const fetchSettings = (api: ApiClient) => unwrap(api.GET('/visits/therapy-settings'));
export const saveSettings = (api: ApiClient, body: S['TherapySettingsPatch']) => unwrap(api.PATCH('/visits/therapy-settings', { body }));

export const fetchRecipes = (api: ApiClient) => unwrap(api.GET('/visits/iv-recipes'));
export const createRecipe = (api: ApiClient, body: S['IvRecipeCreate']) => unwrap(api.POST('/visits/iv-recipes', { body }));
export const updateRecipe = (api: ApiClient, id: number, body: S['IvRecipePatch']) => unwrap(api.PATCH('/visits/iv-recipes/{id}', { params: { path: { id } }, body }));

export const fetchLots = (api: ApiClient) => unwrap(api.GET('/visits/stock-lots', { params: { query: {} } }));
export const receiveLot = (api: ApiClient, body: S['StockLotCreate']) => unwrap(api.POST('/visits/stock-lots', { body }));
export const adjustLot = (api: ApiClient, id: number, body: S['StockAdjustmentCreate']) => unwrap(api.POST('/visits/stock-lots/{id}/adjustments', { params: { path: { id } }, body }));
export const fetchMovements = (api: ApiClient, id: number) => unwrap(api.GET('/visits/stock-lots/{id}/adjustments', { params: { path: { id } } }));
