// The cognitive assessment rows of the authorization matrix (tests/support/authorization-matrix.ts):
// one request per row, run for every role by tests/integration/api/authorization-matrix.test.ts.
// Each request works on a run of its own, put straight into the status it needs.
import { generateBattery } from '../../../../machines/cognitive/battery.ts';
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { answer, PERFECT } from '../../../unit/machines/cognitive/answers.ts';
import { type Actor, type ApiResponse, api } from '../support.ts';
import { MOCA, runIn } from './fixtures.ts';

interface Shared {
  actors: Record<ClinicRole, Actor>;
  client: number;
}

const SEED = 20261123;
const ANSWERS = answer(generateBattery(SEED), PERFECT);

/** The caller's own run when they are a client; staff have none, so they are given the client's. */
const ownRun = (t: TestApp, s: Shared, a: Actor) => runIn(t, a.role === 'CLIENT' ? a.id : s.client, 'in_progress', SEED);

export const cognitiveMatrixRequests: Record<string, (t: TestApp, s: Shared, a: Actor) => Promise<ApiResponse>> = {
  'cognitive.results.own': (t, _s, a) => api(t, a, 'GET', `/assessments/cognitive/results?client=${a.id}`),
  'cognitive.results.client': (t, s, a) => api(t, a, 'GET', `/assessments/cognitive/results?client=${s.client}`),
  'cognitive.runs.start.own': (t, _s, a) => api(t, a, 'POST', '/assessments/cognitive/runs', {}),
  'cognitive.runs.save.own': async (t, s, a) => api(t, a, 'PATCH', `/assessments/cognitive/runs/${await ownRun(t, s, a)}`, { status: 'paused' }),
  'cognitive.runs.save.client': async (t, s, a) =>
    api(t, a, 'PATCH', `/assessments/cognitive/runs/${await runIn(t, s.client, 'in_progress')}`, { status: 'paused' }),
  'cognitive.runs.complete.own': async (t, s, a) =>
    api(t, a, 'POST', `/assessments/cognitive/runs/${await ownRun(t, s, a)}/complete`, { progress: { tasks: ANSWERS } }),
  'cognitive.runs.complete.client': async (t, s, a) =>
    api(t, a, 'POST', `/assessments/cognitive/runs/${await runIn(t, s.client, 'in_progress', SEED)}/complete`, { progress: { tasks: ANSWERS } }),
  'cognitive.instruments.record.own': (t, _s, a) => api(t, a, 'POST', '/assessments/cognitive/instruments', { ...MOCA, client: a.id }),
  'cognitive.instruments.record.client': (t, s, a) => api(t, a, 'POST', '/assessments/cognitive/instruments', { ...MOCA, client: s.client }),
  'cognitive.reviews.create.client': async (t, s, a) =>
    api(t, a, 'POST', '/assessments/cognitive/reviews', { run: await runIn(t, s.client, 'completed'), comment: 'Reviewed with the doctor.' }),
};
