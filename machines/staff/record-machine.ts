// One record a staff page shows (a client's details, their enrollments, the program catalogue,
// the clinic settings, the audit trail): loading -> ready, or failed with a retry;
// `record.reload` fetches again after a change while the last data stays on screen. A reload that
// arrives while a fetch is in flight is queued, not dropped: that fetch may have read the record
// before the change, so one more fetch follows it. The fetch is an actor provided by the
// feature's adapter.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';

export interface RecordContext {
  data: unknown;
  error: string | null;
  /** The HTTP status of the last failure (0: no answer), so a view can tell 404 from the rest. */
  status: number | null;
  /** A reload asked for while a fetch was in flight: fetch once more when it ends. */
  reloadQueued: boolean;
}

export type RecordEvent = { type: 'record.reload' } | { type: 'record.retry' };

export const recordMachine = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
  },
  actors: {
    load: fromPromise<unknown, void>(async () => {
      throw new Error('load is provided by the adapter');
    }),
  },
  actions: {
    setData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null, status: null })),
    queueReload: assign({ reloadQueued: true }),
    clearQueue: assign({ reloadQueued: false }),
    setError: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { error: failure.message, status: failure.status };
    }),
  },
  guards: {
    reloadQueued: ({ context }) => context.reloadQueued,
  },
}).createMachine({
  id: 'record',
  context: { data: null, error: null, status: null, reloadQueued: false },
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      entry: 'clearQueue',
      on: { 'record.reload': { actions: 'queueReload' } },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          { guard: 'reloadQueued', target: 'loading', reenter: true, actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
          { target: 'ready', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: [
          { guard: 'reloadQueued', target: 'loading', reenter: true },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {
      on: { 'record.reload': 'loading' },
    },
    failed: {
      on: { 'record.retry': 'loading', 'record.reload': 'loading' },
    },
  },
});
