// /user/cognitive-assessment/{clientId}: the client's results load first (their runs, in-clinic
// results and the clinic's comments); the client starts a run, or resumes today's open one, and
// takes it as the invoked battery; when it ends the results load again, the new run's scores
// beside the earlier ones. Opened read-only (a SUPER_ADMIN in the client's portal), only the
// results show: the chart has no way to start a run there. Loading and starting are actors the
// adapter provides; so is the battery's saving and completing.
import { assign, fromPromise, setup } from 'xstate';
import { batteryMachine, type BatteryInput } from './battery-machine.ts';
import { type Failure, failureOf } from '../rules/failure.ts';

/** A run as the API answers it (the fields the page machine reads). */
export interface StoredRun {
  id: number;
  seed: number;
  status: 'in_progress' | 'paused' | 'completed' | 'incomplete';
  progress: BatteryInput['run']['progress'];
  [key: string]: unknown;
}

export interface Results {
  runs: StoredRun[];
  instruments: Array<Record<string, unknown>>;
}

const START_FAILED = 'Could not start the screening. Please try again.';

/** Today's open run, which the client resumes instead of starting again. */
export const openRunOf = (results: Results): StoredRun | null => results.runs.find((r) => r.status === 'in_progress' || r.status === 'paused') ?? null;

export const cognitivePageMachine = setup({
  types: {
    context: {} as { clientId: string; readOnly: boolean; results: Results; run: StoredRun | null; failure: Failure | null },
    input: {} as { clientId: string; readOnly?: boolean },
    events: {} as { type: 'page.start' } | { type: 'page.resume' } | { type: 'page.retry' },
  },
  actors: {
    loadResults: fromPromise<Results, { clientId: string }>(async () => {
      throw new Error('loadResults not provided');
    }),
    startRun: fromPromise<StoredRun, { clientId: string }>(async () => {
      throw new Error('startRun not provided');
    }),
    battery: batteryMachine,
  },
  guards: {
    readsOnly: ({ context }) => context.readOnly,
    hasOpenRun: ({ context }) => openRunOf(context.results) !== null,
  },
  actions: {
    storeResults: assign({ results: (_, params: { results: Results }) => params.results, failure: null }),
    takeOpenRun: assign({ run: ({ context }) => openRunOf(context.results) }),
    storeRun: assign({ run: (_, params: { run: StoredRun }) => params.run, failure: null }),
    storeFailure: assign({ failure: (_, params: { error: unknown }) => failureOf(params.error, START_FAILED) }),
    clearRun: assign({ run: null }),
  },
}).createMachine({
  id: 'cognitivePage',
  context: ({ input }) => ({ clientId: input.clientId, readOnly: input.readOnly === true, results: { runs: [], instruments: [] }, run: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadResults',
        src: 'loadResults',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: [
          { guard: 'readsOnly', target: 'reading', actions: { type: 'storeResults', params: ({ event }) => ({ results: event.output }) } },
          { target: 'ready', actions: { type: 'storeResults', params: ({ event }) => ({ results: event.output }) } },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'page.retry': 'loading' } },
    // The results only, with no way to take the screening.
    reading: {},
    ready: {
      on: {
        'page.start': 'starting',
        'page.resume': { guard: 'hasOpenRun', target: 'taking', actions: 'takeOpenRun' },
      },
    },
    starting: {
      tags: 'pending',
      invoke: {
        id: 'startRun',
        src: 'startRun',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'taking', actions: { type: 'storeRun', params: ({ event }) => ({ run: event.output }) } },
        onError: { target: 'ready', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    taking: {
      invoke: {
        id: 'battery',
        src: 'battery',
        input: ({ context }) => ({
          run: {
            id: context.run!.id,
            seed: context.run!.seed,
            status: context.run!.status === 'paused' ? ('paused' as const) : ('in_progress' as const),
            progress: context.run!.progress,
          },
        }),
        onDone: { target: 'loading', actions: 'clearRun' },
      },
    },
  },
});
