// The cognitive domain's adapter: the only cognitive module that calls the API client. Each
// function is an actor's work for the page or battery machine, or for the client record's
// section (a client's results, recording an in-clinic instrument's result, commenting on one).
import type { RunProgress } from '../../../machines/cognitive/battery-machine.ts';
import type { CommentDraft, InstrumentDraft } from '../../../machines/cognitive/review-machine.ts';
import type { Results, StoredRun } from '../../../machines/cognitive/cognitive-page-machine.ts';
import type { BatteryScores } from '../../../machines/cognitive/scoring.ts';
import type { components } from '../../../openapi/generated/api.ts';
import { unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';

type S = components['schemas'];
export type CognitiveRun = components['schemas']['CognitiveRun'];
export type CognitiveInstrument = components['schemas']['CognitiveInstrument'];
export type CognitiveResults = components['schemas']['CognitiveResults'];

/** A client's cognitive results as the contract gives them (other domains read them through index.ts). */
export const cognitiveResults = (api: ApiClient, clientId: string | number): Promise<CognitiveResults> =>
  unwrap(api.GET('/assessments/cognitive/results', { params: { query: { client: Number(clientId) } } }));

export async function loadResults(api: ApiClient, clientId: string | number): Promise<Results> {
  return (await cognitiveResults(api, clientId)) as unknown as Results;
}

export async function startRun(api: ApiClient, clientId: string): Promise<StoredRun> {
  return (await unwrap(api.POST('/assessments/cognitive/runs', { body: { client: Number(clientId) } }))) as unknown as StoredRun;
}

export async function saveProgress(api: ApiClient, runId: number, status: 'in_progress' | 'paused', progress: RunProgress): Promise<void> {
  await unwrap(api.PATCH('/assessments/cognitive/runs/{id}', { params: { path: { id: runId } }, body: { status, progress } }));
}

export async function completeRun(api: ApiClient, runId: number, progress: RunProgress): Promise<BatteryScores> {
  const run = await unwrap(api.POST('/assessments/cognitive/runs/{id}/complete', { params: { path: { id: runId } }, body: { progress } }));
  return { domains: run.domains!, total: run.total!, measures: run.measures as unknown as BatteryScores['measures'] };
}

export function recordInstrument(api: ApiClient, clientId: number, draft: InstrumentDraft) {
  return unwrap(api.POST('/assessments/cognitive/instruments', { body: { ...(draft as Omit<S['CognitiveInstrumentCreate'], 'client'>), client: clientId } }));
}

export function addComment(api: ApiClient, draft: CommentDraft) {
  return unwrap(api.POST('/assessments/cognitive/reviews', { body: draft as S['CognitiveReviewCreate'] }));
}
