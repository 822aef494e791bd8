// Discovery's adapter: the pipeline (a page for the grid, everything for the board), the funnel,
// one prospect with its history, stage moves, calls, booking a visit (availability from
// scheduling's adapter, the staff from the clients domain's), the visit note and its signature,
// and converting.
import type { components } from '../../../openapi/generated/api.ts';
import type { ListPage, ListQuery } from '../../../machines/staff/list-machine.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiFailure, unwrap, unwrapRefusal } from '../../lib/api-failure.ts';
import { clinicDayFrom } from '../../lib/format.ts';
import { pageParams, serverPage } from '../../lib/staff/list-query.ts';
import { loadAvailability } from '../appointments/index.ts';
import { listUsers } from '../clients/index.ts';
import { CLIENT_STATUS_WORDS, DISCOVERY_TEXT as T } from './texts.ts';

type S = components['schemas'];
export type Prospect = S['Prospect'];
export type ProspectDetail = S['ProspectDetail'];
export type ProspectCreate = S['ProspectCreate'];
export type DiscoveryVisit = S['DiscoveryVisit'];
export type DiscoveryVisitPatch = S['DiscoveryVisitPatch'];
export type Funnel = S['DiscoveryFunnel'];
export type Stage = S['PipelineStage'];

export async function fetchProspectPage(api: ApiClient, q: ListQuery): Promise<ListPage> {
  const f = q.filters;
  return serverPage(
    api.GET('/discovery/prospects', {
      params: {
        query: {
          ...pageParams(q),
          stage: (f.stage || undefined) as Stage | undefined,
          owner: f.owner ? Number(f.owner) : undefined,
          source: (f.source || undefined) as S['ProspectSource'] | undefined,
          due: f.due ? clinicDayFrom(Number(f.due)) : undefined,
        },
      },
    }),
  );
}

/** The open pipeline for the board (the newest 100 of each open stage). */
export async function fetchBoard(api: ApiClient): Promise<Prospect[]> {
  const stages: Stage[] = ['new', 'contacted', 'discovery_booked', 'discovery_done', 'nurture', 'no_show'];
  const pages = await Promise.all(stages.map((stage) => unwrap(api.GET('/discovery/prospects', { params: { query: { stage, page_size: 100 } } }))));
  return pages.flatMap((p) => p.results);
}

export const fetchStaff = async (api: ApiClient) => (await listUsers(api, { page_size: 100 })).results.filter((u) => u.role !== 'CLIENT');

export const fetchFunnel = (api: ApiClient, date_from: string, date_to: string) =>
  unwrap(api.GET('/discovery/funnel', { params: { query: { date_from, date_to } } }));

/**
 * A new prospect. A possible duplicate is refused before anything is saved (409); the failure's
 * message then names the people matched, so the form can show them and offer "Save anyway".
 */
export const createProspect = (api: ApiClient, body: ProspectCreate) =>
  unwrapRefusal(api.POST('/discovery/prospects', { body }), 409, (error) =>
    error && typeof error === 'object' && 'duplicates' in error ? new ApiFailure(409, duplicateText((error as S['ProspectDuplicates']).duplicates)) : null,
  );

export const duplicateText = (duplicates: S['ProspectDuplicates']['duplicates']) =>
  `${T.duplicateWarning} ${duplicates.map((d) => `${[d.first_name, d.last_name].join(' ').trim()} (${CLIENT_STATUS_WORDS[d.status]}, same ${d.matched_on})`).join('; ')}.`;

export const fetchProspect = (api: ApiClient, id: number) => unwrap(api.GET('/discovery/prospects/{id}', { params: { path: { id } } }));

export const patchProspect = (api: ApiClient, id: number, body: S['ProspectPatch']) =>
  unwrap(api.PATCH('/discovery/prospects/{id}', { params: { path: { id } }, body }));

export const moveProspect = (api: ApiClient, id: number, body: S['ProspectTransition']) =>
  unwrap(api.POST('/discovery/prospects/{id}/transitions', { params: { path: { id } }, body }));

export const logCall = (api: ApiClient, id: number, summary: string) =>
  unwrap(api.POST('/discovery/prospects/{id}/calls', { params: { path: { id } }, body: { summary } }));

export const convertProspect = (api: ApiClient, id: number, body: S['ProspectConvert']) =>
  unwrap(api.POST('/discovery/prospects/{id}/convert', { params: { path: { id } }, body }));

/** The free times of one service on one day (scheduling's availability). */
export const fetchSlots = async (api: ApiClient, service: number, day: string) => ({
  slots: await loadAvailability(api, { service, dateFrom: day, dateTo: day }),
});

export const bookVisit = (api: ApiClient, body: S['DiscoveryVisitCreate']) => unwrap(api.POST('/discovery/visits', { body }));

export const fetchVisit = (api: ApiClient, id: number) => unwrap(api.GET('/discovery/visits/{id}', { params: { path: { id } } }));

export const saveVisit = (api: ApiClient, id: number, body: DiscoveryVisitPatch) =>
  unwrap(api.PATCH('/discovery/visits/{id}', { params: { path: { id } }, body }));

export const signVisit = (api: ApiClient, id: number) => unwrap(api.POST('/discovery/visits/{id}/sign', { params: { path: { id } } }));
