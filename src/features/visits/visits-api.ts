// The visits domain's adapter, the only visits module that calls the API client: the visit, its
// saves (with the version it was edited on), status steps, addenda, "copy last settings",
// screening; the client record's list of a client's visits and the portal's completed sessions;
// and the Therapies tab's settings, IV recipes (added, edited, deactivated) and stock lots
// (received, adjusted with a reason, and each lot's history of movements); and the chart the
// calendar opens for a checked-in appointment (src/features/visits/index.ts).
import type { components } from '../../../openapi/generated/api.ts';
import type { MoveRequest } from '../../../machines/visits/visit-form-machine.ts';
import type { VisitSections } from '../../../machines/visits/visit-form.ts';
import type { Therapy } from '../../../machines/visits/therapy-fields.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiFailure, unwrap } from '../../lib/api-failure.ts';

type S = components['schemas'];
export type TherapyVisit = S['TherapyVisit'];
export type IvRecipe = S['IvRecipe'];
export type StockLot = S['StockLot'];
export type TherapySettings = S['TherapySettings'];
export type StockMovement = S['StockMovement'];
export type AdjustmentKind = S['StockAdjustmentCreate']['kind'];
export type VisitSummary = S['TherapyVisitSummary'];
export type CompletedSession = S['CompletedSession'];

export const fetchVisit = (api: ApiClient, id: number) => unwrap(api.GET('/visits/therapy-visits/{id}', { params: { path: { id } } }));

export const saveVisit = (api: ApiClient, id: number, version: number, sections: VisitSections) =>
  unwrap(api.PATCH('/visits/therapy-visits/{id}', { params: { path: { id } }, body: { version, ...sections } as S['TherapyVisitPatch'] }));

export const moveVisit = (api: ApiClient, id: number, move: MoveRequest) =>
  unwrap(
    api.POST('/visits/therapy-visits/{id}/transitions', {
      params: { path: { id } },
      body: Object.fromEntries(Object.entries(move).filter(([, v]) => v !== undefined)) as S['TherapyVisitTransition'],
    }),
  );

export const addAddendum = (api: ApiClient, id: number, text: string) =>
  unwrap(api.POST('/visits/therapy-visits/{id}/addenda', { params: { path: { id } }, body: { text } }));

export const fetchPreviousParameters = async (api: ApiClient, id: number) =>
  (await unwrap(api.GET('/visits/therapy-visits/{id}/previous-settings', { params: { path: { id } } }))).parameters;

export const recordScreen = (api: ApiClient, client: number, therapy: Therapy, answers: Record<string, boolean>) =>
  unwrap(api.POST('/visits/contraindication-screens', { body: { client, therapy, answers } }));

export const overrideScreen = (api: ApiClient, screen: number, reason: string) =>
  unwrap(api.POST('/visits/contraindication-screens/{id}/override', { params: { path: { id: screen } }, body: { reason } }));

/** The client record's visits: the client's visit charts, newest first, with the therapies' names as the back office sets them. */
export async function loadClientVisits(api: ApiClient, clientId: number) {
  const [visits, settings] = await Promise.all([unwrap(api.GET('/visits/therapy-visits', { params: { query: { client: clientId } } })), fetchSettings(api)]);
  return { visits, names: settings.display_names as Record<string, string> };
}

/** The portal's completed sessions: the client's completed and signed therapy sessions, without anything of the chart. */
export const loadCompletedSessions = (api: ApiClient, client: number) => unwrap(api.GET('/visits/completed-sessions', { params: { query: { client } } }));

// The Therapies tab (back office).
export const fetchSettings = (api: ApiClient) => unwrap(api.GET('/visits/therapy-settings'));
export const saveSettings = (api: ApiClient, body: S['TherapySettingsPatch']) => unwrap(api.PATCH('/visits/therapy-settings', { body }));

export const fetchRecipes = (api: ApiClient) => unwrap(api.GET('/visits/iv-recipes'));
export const createRecipe = (api: ApiClient, body: S['IvRecipeCreate']) => unwrap(api.POST('/visits/iv-recipes', { body }));
export const updateRecipe = (api: ApiClient, id: number, body: S['IvRecipePatch']) =>
  unwrap(api.PATCH('/visits/iv-recipes/{id}', { params: { path: { id } }, body }));

export const fetchLots = (api: ApiClient) => unwrap(api.GET('/visits/stock-lots', { params: { query: {} } }));
export const receiveLot = (api: ApiClient, body: S['StockLotCreate']) => unwrap(api.POST('/visits/stock-lots', { body }));
export const adjustLot = (api: ApiClient, id: number, body: S['StockAdjustmentCreate']) =>
  unwrap(api.POST('/visits/stock-lots/{id}/adjustments', { params: { path: { id } }, body }));
export const fetchMovements = (api: ApiClient, id: number) => unwrap(api.GET('/visits/stock-lots/{id}/adjustments', { params: { path: { id } } }));

/**
 * The chart of a checked-in appointment: the one already opened for it, or a new one. One chart
 * per appointment is the server's rule, so a chart opened meanwhile on another device (409) is
 * looked up again rather than reported as a failure.
 */
export async function openVisitForAppointment(api: ApiClient, appointment: { id: number; client: number; therapy: Therapy }) {
  const existing = async () =>
    (await unwrap(api.GET('/visits/therapy-visits', { params: { query: { client: appointment.client, therapy: appointment.therapy } } }))).find(
      (v) => v.appointment === appointment.id,
    );
  const found = await existing();
  if (found) return found;
  try {
    return await unwrap(api.POST('/visits/therapy-visits', { body: { appointment: appointment.id } }));
  } catch (error) {
    const again = error instanceof ApiFailure && error.status === 409 ? await existing() : undefined;
    if (again) return again;
    throw error;
  }
}
