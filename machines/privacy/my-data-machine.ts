// "Download my data" in the portal's profile (issue 38): the client's exports load (or fail and are
// tried again). The client asks for a new one (`data.request`) only when none is under way (the
// export chart's `underWay`: one at a time, as the server holds), and not when a SUPER_ADMIN reads
// the portal (`readOnly`). The server records the ask (`requesting`, the `requestExport` actor) and
// the card reads the exports afresh, saying it was asked for or refused. While one is being built
// the client reads the list again (`data.refresh`) to see it ready; a ready one is downloaded by the
// card's link (the adapter fetches it with the session's token), which changes nothing here.
import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate';
import { type ExportStatus, underWay } from './export-lifecycle.ts';

/** What the chart needs of an export; the card draws the rest of what the server gives. */
export interface MyDataRow {
  id: number;
  status: ExportStatus;
}

export interface MyDataContext {
  clientId: number;
  readOnly: boolean;
  exports: MyDataRow[];
  message: 'requested' | 'requestFailed' | null;
}

export type MyDataEvent = { type: 'data.retry' } | { type: 'data.request' } | { type: 'data.refresh' };

/** Whether the reader may ask for a new export now: the client, with none of theirs under way. */
export const mayRequestExport = (context: Pick<MyDataContext, 'readOnly' | 'exports'>): boolean =>
  !context.readOnly && !context.exports.some((e) => underWay(e.status));

export const myDataMachine = setup({
  types: {
    context: {} as MyDataContext,
    events: {} as MyDataEvent,
    input: {} as { clientId: number; readOnly: boolean },
  },
  actors: {
    loadExports: fromPromise<MyDataRow[], { clientId: number }>(async () => {
      throw new Error('loadExports not provided');
    }),
    requestExport: fromPromise<unknown, { clientId: number }>(async () => {
      throw new Error('requestExport not provided');
    }),
  },
  guards: {
    mayRequest: ({ context }) => mayRequestExport(context),
  },
  actions: {
    show: assign((_, params: { exports: MyDataRow[] }) => ({ exports: params.exports })),
    quiet: assign({ message: null }),
    requested: assign({ message: 'requested' as const }),
    requestFailed: assign({ message: 'requestFailed' as const }),
  },
}).createMachine({
  id: 'myData',
  context: ({ input }) => ({ clientId: input.clientId, readOnly: input.readOnly, exports: [], message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadExports',
        src: 'loadExports',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ exports: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { 'data.retry': 'loading' } },
    shown: {
      on: {
        'data.request': { target: 'requesting', guard: 'mayRequest', actions: 'quiet' },
        'data.refresh': { target: 'loading', actions: 'quiet' },
      },
    },
    requesting: {
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        input: ({ context }) => ({ clientId: context.clientId }),
        // Read afresh either way: the new export, or the one already under way (asked for elsewhere).
        onDone: { target: 'loading', actions: 'requested' },
        onError: { target: 'loading', actions: 'requestFailed' },
      },
    },
  },
});

type MyDataSnapshot = SnapshotFrom<typeof myDataMachine>;

/** What the portal card reads from the chart, by name: views never read its state names. */
export const myDataSelectors = {
  isLoading: (s: MyDataSnapshot) => s.matches('loading'),
  isFailed: (s: MyDataSnapshot) => s.matches('failed'),
  isRequesting: (s: MyDataSnapshot) => s.matches('requesting'),
  mayRequest: (s: MyDataSnapshot) => s.can({ type: 'data.request' }),
  mayRefresh: (s: MyDataSnapshot) => s.can({ type: 'data.refresh' }),
};
