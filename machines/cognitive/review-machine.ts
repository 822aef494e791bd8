// The cognitive section of a client's record (staff): the client's runs and in-clinic results
// load; staff record an in-clinic instrument's result (scores only) and comment on a result, and
// the section loads again to show it. Loading, recording and commenting are actors the staff
// adapter provides.
import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf } from '../rules/failure.ts';
import type { Results } from './cognitive-page-machine.ts';

export type InstrumentDraft = Record<string, unknown>;
export interface CommentDraft {
  run?: number;
  instrument?: number;
  comment: string;
}

const SAVE_FAILED = 'Could not save. Please try again.';

export const cognitiveReviewMachine = setup({
  types: {
    context: {} as { clientId: number; results: Results; failure: Failure | null },
    input: {} as { clientId: number },
    events: {} as { type: 'review.record'; draft: InstrumentDraft } | { type: 'review.comment'; draft: CommentDraft } | { type: 'review.retry' },
  },
  actors: {
    loadResults: fromPromise<Results, { clientId: number }>(async () => {
      throw new Error('loadResults not provided');
    }),
    recordInstrument: fromPromise<unknown, { clientId: number; draft: InstrumentDraft }>(async () => {
      throw new Error('recordInstrument not provided');
    }),
    addComment: fromPromise<unknown, { draft: CommentDraft }>(async () => {
      throw new Error('addComment not provided');
    }),
  },
  actions: {
    storeResults: assign({ results: (_, params: { results: Results }) => params.results }),
    storeFailure: assign({ failure: (_, params: { error: unknown }) => failureOf(params.error, SAVE_FAILED) }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'cognitiveReview',
  context: ({ input }) => ({ clientId: input.clientId, results: { runs: [], instruments: [] }, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadResults',
        src: 'loadResults',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'ready', actions: { type: 'storeResults', params: ({ event }) => ({ results: event.output }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'review.retry': 'loading' } },
    ready: {
      on: {
        'review.record': 'recording',
        'review.comment': 'commenting',
      },
    },
    recording: {
      tags: 'pending',
      invoke: {
        id: 'recordInstrument',
        src: 'recordInstrument',
        input: ({ context, event }) => ({ clientId: context.clientId, draft: event.type === 'review.record' ? event.draft : {} }),
        onDone: { target: 'loading', actions: 'clearFailure' },
        onError: { target: 'ready', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    commenting: {
      tags: 'pending',
      invoke: {
        id: 'addComment',
        src: 'addComment',
        input: ({ event }) => ({ draft: event.type === 'review.comment' ? event.draft : { comment: '' } }),
        onDone: { target: 'loading', actions: 'clearFailure' },
        onError: { target: 'ready', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
