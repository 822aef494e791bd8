// The thrive dashboard's rows of the authorization matrix (tests/support/authorization-matrix.ts):
// one request per row, run for every role by tests/integration/api/authorization-matrix.test.ts.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

const weight = { metric: 'weight', value: 72.4, unit: 'kg' };

/** A reading of `client` to correct, entered by a SUPER_ADMIN. */
async function readingOf(t: TestApp, s: Shared, client: number, asClient = false): Promise<number> {
  const res = await api(t, asClient ? s.actors.CLIENT : s.actors.SUPER_ADMIN, 'POST', '/thrive/measurements', asClient ? weight : { ...weight, client });
  if (res.status !== 201) throw new Error(`measurement: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

type Builder = (t: TestApp, s: Shared, actor: Actor) => Promise<ApiResponse>;

export const thriveMatrixRequests: Record<string, Builder> = {
  'thrive.summary': (t, _s, a) => api(t, a, 'GET', '/thrive/summary'),
  'thrive.attention': (t, _s, a) => api(t, a, 'GET', '/thrive/attention'),
  'thrive.tile': (t, _s, a) => api(t, a, 'GET', '/thrive/tiles/without_visit'),
  'thrive.client.own': (t, _s, a) => api(t, a, 'GET', `/thrive/clients/${a.id}`),
  'thrive.client.client': (t, s, a) => api(t, a, 'GET', `/thrive/clients/${s.client}`),
  'thrive.measurements.list.own': (t, _s, a) => api(t, a, 'GET', `/thrive/measurements?client=${a.id}`),
  'thrive.measurements.list.client': (t, s, a) => api(t, a, 'GET', `/thrive/measurements?client=${s.client}`),
  'thrive.measurements.create.own': (t, _s, a) => api(t, a, 'POST', '/thrive/measurements', weight),
  'thrive.measurements.create.client': (t, s, a) => api(t, a, 'POST', '/thrive/measurements', { ...weight, client: s.client }),
  'thrive.measurements.correct.own': async (t, s, a) =>
    api(t, a, 'POST', `/thrive/measurements/${await readingOf(t, s, s.actors.CLIENT.id, true)}/corrections`, {
      value: 72.1,
      unit: 'kg',
      reason: 'Scale re-zeroed',
    }),
  'thrive.measurements.correct.client': async (t, s, a) =>
    api(t, a, 'POST', `/thrive/measurements/${await readingOf(t, s, s.client)}/corrections`, { value: 72.1, unit: 'kg', reason: 'Scale re-zeroed' }),
};
