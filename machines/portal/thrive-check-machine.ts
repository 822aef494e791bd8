// The thrive check (issue 7): the client's past checks load first; the form sends the §3
// heart-risk input; the server scores and stores it; the result shows with the history. Loading
// and submitting are actors the view provides (GET / POST users/thrive-checks).
import { assign, fromPromise, setup } from 'xstate';

/** One stored check, as the API answers it (kept opaque here). */
export type StoredCheck = { id: number; taken_at: string } & Record<string, unknown>;
export type HeartRiskForm = Record<string, string>;

export interface SubmitFailure {
  fieldErrors?: Record<string, string[]>;
  message?: string;
}

export const thriveCheckMachine = setup({
  types: {
    context: {} as { clientId: string; history: StoredCheck[]; latest: StoredCheck | null; fieldErrors: Record<string, string[]>; message: string | null },
    input: {} as { clientId: string },
    events: {} as { type: 'check.submit'; input: HeartRiskForm } | { type: 'check.again' } | { type: 'check.retry' },
  },
  actors: {
    loadHistory: fromPromise<StoredCheck[], { clientId: string }>(async () => {
      throw new Error('loadHistory not provided');
    }),
    submitCheck: fromPromise<StoredCheck, { clientId: string; input: HeartRiskForm }>(async () => {
      throw { message: 'submitCheck not provided' } satisfies SubmitFailure;
    }),
  },
  actions: {
    storeHistory: assign({ history: (_, params: { history: StoredCheck[] }) => params.history }),
    storeResult: assign({
      latest: (_, params: { check: StoredCheck }) => params.check,
      // Newest first; a check already listed (same id) is not listed twice.
      history: ({ context }, params: { check: StoredCheck }) => [params.check, ...context.history.filter((c) => c.id !== params.check.id)],
      fieldErrors: {},
      message: null,
    }),
    storeFailure: assign({
      fieldErrors: (_, params: { failure: SubmitFailure }) => params.failure?.fieldErrors ?? {},
      message: (_, params: { failure: SubmitFailure }) => (params.failure?.fieldErrors ? null : (params.failure?.message ?? 'Could not save the check. Please try again.')),
    }),
    clearResult: assign({ latest: null }),
  },
}).createMachine({
  id: 'thriveCheck',
  context: ({ input }) => ({ clientId: input.clientId, history: [], latest: null, fieldErrors: {}, message: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'editing', actions: { type: 'storeHistory', params: ({ event }) => ({ history: event.output }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'check.retry': 'loading' } },
    editing: { on: { 'check.submit': 'submitting' } },
    submitting: {
      tags: 'pending',
      invoke: {
        src: 'submitCheck',
        input: ({ context, event }) => ({ clientId: context.clientId, input: (event as { input: HeartRiskForm }).input }),
        onDone: { target: 'result', actions: { type: 'storeResult', params: ({ event }) => ({ check: event.output }) } },
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: event.error as SubmitFailure }) } },
      },
    },
    result: { on: { 'check.again': { target: 'editing', actions: 'clearResult' } } },
  },
});
