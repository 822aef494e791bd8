// The staff cognitive section's machine bound to its adapter; the view reads it through the
// named selectors and sends the events returned here.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { fromPromise } from 'xstate';
import { type CommentDraft, cognitiveReviewMachine, type InstrumentDraft } from '../../../machines/cognitive/review-machine.ts';
import { cognitiveReviewSelectors } from '../../../machines/cognitive/selectors.ts';
import { useShell } from '../../app/port.ts';
import { addComment, loadResults, recordInstrument } from './cognitive-api.ts';

export function useCognitiveReview(clientId: number) {
  const { api } = useShell();
  const ref = usePageActor(
    cognitiveReviewMachine.provide({
      actors: {
        loadResults: fromPromise(({ input }) => loadResults(api, input.clientId)),
        recordInstrument: fromPromise(({ input }) => recordInstrument(api, input.clientId, input.draft)),
        addComment: fromPromise(({ input }) => addComment(api, input.draft)),
      },
    }),
    { input: { clientId } },
  );
  return {
    view: useSelector(ref, cognitiveReviewSelectors.view),
    results: useSelector(ref, cognitiveReviewSelectors.results),
    pending: useSelector(ref, cognitiveReviewSelectors.pending),
    failure: useSelector(ref, cognitiveReviewSelectors.failure),
    fieldErrors: useSelector(ref, cognitiveReviewSelectors.fieldErrors),
    record: (draft: InstrumentDraft) => ref.send({ type: 'review.record', draft }),
    comment: (draft: CommentDraft) => ref.send({ type: 'review.comment', draft }),
    retry: () => ref.send({ type: 'review.retry' }),
  };
}
