// The cognitive assessment's adapter: the only module of the feature that calls the API client.
// Each function is an actor's work for the page or battery machine (and the staff section).
import type { RunProgress } from '../../../machines/cognitive/battery-machine';
import type { Results, StoredRun } from '../../../machines/cognitive/cognitive-page-machine';
import type { BatteryScores } from '../../../machines/cognitive/scoring';
import type { components } from '../../../openapi/generated/api';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';

export type CognitiveRun = components['schemas']['CognitiveRun'];
export type CognitiveInstrument = components['schemas']['CognitiveInstrument'];
export type CognitiveResults = components['schemas']['CognitiveResults'];

export async function loadResults(api: ApiClient, clientId: string): Promise<Results> {
  return (await unwrap(api.GET('/assessments/cognitive/results', { params: { query: { client: Number(clientId) } } }))) as unknown as Results;
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
