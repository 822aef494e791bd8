// The privacy rows of the authorization matrix (tests/support/authorization-matrix.ts): one request
// per row, run for every role by tests/integration/api/authorization-matrix.test.ts. "Own" is the
// client's own data for a CLIENT and the shared client's for staff. A client has one export under
// way at a time, so each request first lets the privacy job finish what is queued, and an export
// to read or download is asked for by ADMIN and built by the job, as in the clinic.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import { EXPORT_BUILD_JOB, exportBuildHandler } from '../../../../server/jobs/privacy-export.ts';
import { runDueJobs } from '../../../../server/jobs/queue.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

type Builder = (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>;

/** Builds every export queued so far. */
const settle = (t: TestApp) => runDueJobs(t.database.db, { [EXPORT_BUILD_JOB]: exportBuildHandler(t.runtime.mail) });

/** A ready export of `client`'s, asked for by ADMIN and built by the job. */
async function readyExport(t: TestApp, s: Shared, client: number): Promise<number> {
  await settle(t);
  const asked = await api(t, s.actors.ADMIN, 'POST', '/privacy/exports', { client });
  if (asked.status !== 201) throw new Error(`fixture export: ${asked.status} ${JSON.stringify(asked.body)}`);
  await settle(t);
  return asked.body.id;
}

/** The archive, read as the matrix reads answers (a refusal's JSON; a zip's status only). */
async function download(t: TestApp, a: Actor, id: number): Promise<ApiResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/privacy/exports/${id}/archive`, headers: { authorization: `Bearer ${a.accessToken}` } });
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: json ? JSON.parse(res.body) : undefined, headers: res.headers };
}

const ownOrClient = (s: Shared, a: Actor) => (a.role === 'CLIENT' ? a.id : s.client);
const naming = (s: Shared, a: Actor, client: number) => (a.role === 'CLIENT' && client === a.id ? {} : { client });

export const privacyMatrixRequests: Record<string, Builder> = {
  'privacy.exports.list.own': (t, s, a) => api(t, a, 'GET', `/privacy/exports?client=${ownOrClient(s, a)}`),
  'privacy.exports.list.client': (t, s, a) => api(t, a, 'GET', `/privacy/exports?client=${s.client}`),
  'privacy.exports.request.own': async (t, s, a) => (await settle(t), api(t, a, 'POST', '/privacy/exports', naming(s, a, ownOrClient(s, a)))),
  'privacy.exports.request.client': async (t, s, a) => (await settle(t), api(t, a, 'POST', '/privacy/exports', naming(s, a, s.client))),
  'privacy.exports.get.own': async (t, s, a) => api(t, a, 'GET', `/privacy/exports/${await readyExport(t, s, ownOrClient(s, a))}`),
  'privacy.exports.get.client': async (t, s, a) => api(t, a, 'GET', `/privacy/exports/${await readyExport(t, s, s.client)}`),
  'privacy.exports.download.own': async (t, s, a) => download(t, a, await readyExport(t, s, ownOrClient(s, a))),
  'privacy.exports.download.client': async (t, s, a) => download(t, a, await readyExport(t, s, s.client)),
};
