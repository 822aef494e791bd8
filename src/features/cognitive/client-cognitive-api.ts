// The client record's cognitive adapter: a client's results, recording an in-clinic instrument's
// result and commenting on a result. The only module of this section that calls the API client.
import type { CommentDraft, InstrumentDraft } from '../../../machines/cognitive/review-machine';
import type { Results } from '../../../machines/cognitive/cognitive-page-machine';
import type { components } from '../../../openapi/generated/api';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';

type S = components['schemas'];

export async function cognitiveResults(api: ApiClient, clientId: number): Promise<Results> {
  return (await unwrap(api.GET('/assessments/cognitive/results', { params: { query: { client: clientId } } }))) as unknown as Results;
}

export function recordInstrument(api: ApiClient, clientId: number, draft: InstrumentDraft) {
  return unwrap(api.POST('/assessments/cognitive/instruments', { body: { ...(draft as Omit<S['CognitiveInstrumentCreate'], 'client'>), client: clientId } }));
}

export function addComment(api: ApiClient, draft: CommentDraft) {
  return unwrap(api.POST('/assessments/cognitive/reviews', { body: draft as S['CognitiveReviewCreate'] }));
}
