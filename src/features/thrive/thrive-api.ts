// The thrive domain's adapter: the staff dashboard's clinic summary, one page of the
// needs-attention table for the grid's query, the filter options (programs, coaches), one
// client's dashboard and measurements, adding a measurement, one page of the clients behind a
// summary tile; and the portal's trends (the client's own goals and readings, and a reading they
// report themselves), read through the same calls. Programs, coaches, cognitive results and lab
// reports come from their own domains' adapters.
import type { components } from '../../../openapi/generated/api.ts';
import type { ListPage, ListQuery } from '../../../machines/staff/list-machine.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-failure.ts';
import { clinicDayFrom } from '../../lib/format.ts';
import { serverPage } from '../../lib/staff/list-query.ts';
import { listUsers } from '../clients/index.ts';
import { listPrograms } from '../clinic-settings/index.ts';
import { cognitiveResults } from '../cognitive/index.ts';
import { clientLabReports } from '../labs/index.ts';

type S = components['schemas'];
export type ThriveSummary = S['ThriveSummary'];
export type AttentionRow = S['ThriveAttentionRow'];
export type ThriveClient = S['ThriveClient'];
export type Measurement = S['Measurement'];
export type MeasurementCreate = S['MeasurementCreate'];

export type ThriveTile = S['ThriveTile'];
export type TileRow = S['ThriveTileRow'];

export const fetchSummary = (api: ApiClient) => unwrap(api.GET('/thrive/summary', {}));

export async function fetchAttentionPage(api: ApiClient, q: ListQuery): Promise<ListPage> {
  const f = q.filters;
  return serverPage(
    api.GET('/thrive/attention', {
      params: {
        query: {
          page: q.page + 1,
          page_size: q.pageSize,
          program: f.program ? Number(f.program) : undefined,
          coach: f.coach ? Number(f.coach) : undefined,
          from: f.started ? clinicDayFrom(-Number(f.started)) : undefined,
          status: (f.status || undefined) as S['TrackStatus'] | undefined,
          search: q.search.trim() || undefined,
        },
      },
    }),
    (r) => ({ ...r, id: r.enrollment }),
  );
}

export async function fetchFilterOptions(api: ApiClient) {
  const [programs, coaches] = await Promise.all([listPrograms(api), listUsers(api, { role: 'HEALTH_COACH', page_size: 100 })]);
  return { programs, coaches: coaches.results };
}

export const fetchClient = (api: ApiClient, id: number) => unwrap(api.GET('/thrive/clients/{id}', { params: { path: { id } } }));

/** The client's measurements, every metric or the one named. */
export const fetchMeasurements = (api: ApiClient, client: number, metric?: Measurement['metric']) =>
  unwrap(api.GET('/thrive/measurements', { params: { query: { client, ...(metric ? { metric } : {}) } } }));

export type OwnTrends = { goals: S['ThriveGoal'][]; readings: Measurement[] };

/** The portal's trends: the client's goals against their latest values, with their weight and blood-pressure readings. */
export async function loadOwnTrends(api: ApiClient, client: number): Promise<OwnTrends> {
  const [dashboard, weight, pressure] = await Promise.all([
    fetchClient(api, client),
    fetchMeasurements(api, client, 'weight'),
    fetchMeasurements(api, client, 'blood_pressure'),
  ]);
  return { goals: dashboard.goals, readings: [...weight, ...pressure] };
}

export const addMeasurement = (api: ApiClient, body: MeasurementCreate) => unwrap(api.POST('/thrive/measurements', { body }));

export type CognitiveResults = S['CognitiveResults'];
export type LabReport = S['LabReport'];

/** What the client's other records add to their dashboard: screening and in-clinic cognitive results, and lab reports. */
export async function fetchAssessments(api: ApiClient, client: number): Promise<{ cognitive: CognitiveResults; labs: LabReport[] }> {
  const [cognitive, labs] = await Promise.all([cognitiveResults(api, client), clientLabReports(api, client)]);
  return { cognitive, labs };
}

/** One page of what a tile counts; `total` (the tile's figure) beside the rows' count. Rows are numbered: one client may have several. */
export async function fetchTilePage(api: ApiClient, tile: ThriveTile, q: ListQuery): Promise<ListPage & { total: number }> {
  const data = await unwrap(api.GET('/thrive/tiles/{tile}', { params: { path: { tile }, query: { page: q.page + 1, page_size: q.pageSize } } }));
  const first = q.page * q.pageSize;
  return { count: data.count, total: data.total, rows: data.results.map((r, i) => ({ ...r, id: first + i + 1 })) as unknown as ListPage['rows'] };
}
