// The privacy domain's adapter (issue 38; docs/privacy.md): the only privacy module that calls the
// API client. A client's data exports, asking for a new one, and downloading a ready one's zip
// (fetched with the session's token and handed to the browser; each download is audited).
// Failures are ApiFailures (§8 message; a 400 names the field).
import type { components } from '../../../openapi/generated/api.ts';
import { unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/files.ts';
import { MY_DATA_TEXT } from './texts.ts';

export type DataExport = components['schemas']['DataExport'];

/** The client's exports, newest first (a CLIENT reads their own). */
export const listDataExports = (api: ApiClient, client: number): Promise<DataExport[]> =>
  unwrap(api.GET('/privacy/exports', { params: { query: { client } } }));

/** Asks for an export of the client's data; a CLIENT names nobody (their own). */
export const requestDataExport = (api: ApiClient, client: number, asClient: boolean): Promise<DataExport> =>
  unwrap(api.POST('/privacy/exports', { body: asClient ? {} : { client } }));

export async function downloadDataExport(api: ApiClient, item: DataExport): Promise<void> {
  const blob = await unwrap(api.GET('/privacy/exports/{id}/archive', { params: { path: { id: item.id } }, parseAs: 'blob' }));
  saveBlob(blob as Blob, MY_DATA_TEXT.fileName((item.ready_at ?? item.requested_at).slice(0, 10)));
}
