// One record a staff page shows (a client's details, their enrollments, the clinic settings):
// loading -> ready, or failed with a retry; `record.reload` fetches again after a change while the
// last data stays on screen. The fetch is an actor provided from outside.
import { assign, fromPromise, setup } from 'xstate';

export interface RecordContext {
  data: unknown;
  error: string | null;
  /** The HTTP status of the last failure (0: network), so a view can tell 404 from the rest. */
  status: number | null;
}

export type RecordEvent = { type: 'record.reload' } | { type: 'record.retry' };

export const recordMachine = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
  },
  actors: {
    load: fromPromise<unknown, void>(async () => {
      throw new Error('load is provided by the view');
    }),
  },
  actions: {
    setData: assign({ data: ({ event }) => (event as unknown as { output: unknown }).output, error: null, status: null }),
    setError: assign({
      error: ({ event }) => {
        const e = (event as unknown as { error: unknown }).error;
        return e instanceof Error ? e.message : String(e);
      },
      status: ({ event }) => {
        const e = (event as unknown as { error: { status?: unknown } }).error;
        return typeof e?.status === 'number' ? e.status : null;
      },
    }),
  },
}).createMachine({
  id: 'record',
  context: { data: null, error: null, status: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: { src: 'load', onDone: { target: 'ready', actions: 'setData' }, onError: { target: 'failed', actions: 'setError' } },
    },
    ready: {
      on: { 'record.reload': 'loading' },
    },
    failed: {
      on: { 'record.retry': 'loading', 'record.reload': 'loading' },
    },
  },
});
