// The portal home's data (issue 7): profile, enrollments with their programs, thrive checks,
// loaded together; a failure offers a retry. Beside it, the client's own opening of the home is
// counted as one visit (issue 24: "Welcome" on the first, "Welcome back" after): once per opening,
// so a retry after a failed load never counts the same opening again, and a reader's opening (a
// SUPER_ADMIN's, read-only) is no visit. The loader and the counter are actors the view provides.
import { assign, fromPromise, setup } from 'xstate';

export type HomeData = Record<string, unknown>;

export const homeMachine = setup({
  types: {
    context: {} as { clientId: string; countsVisit: boolean; data: HomeData | null; firstVisit: boolean | null },
    input: {} as { clientId: string; countsVisit: boolean },
    events: {} as { type: 'home.retry' },
  },
  actors: {
    loadHome: fromPromise<HomeData, { clientId: string }>(async () => {
      throw new Error('loadHome not provided');
    }),
    /** Counts this opening of the home; answers whether it was the client's first. */
    recordVisit: fromPromise<{ firstVisit: boolean }>(async () => {
      throw new Error('recordVisit not provided');
    }),
  },
  guards: {
    countsVisit: ({ context }) => context.countsVisit,
  },
  actions: {
    storeData: assign({ data: (_, params: { data: HomeData }) => params.data }),
    storeVisit: assign({ firstVisit: (_, params: { firstVisit: boolean }) => params.firstVisit }),
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ clientId: input.clientId, countsVisit: input.countsVisit, data: null, firstVisit: null }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'pending',
          invoke: {
            id: 'loadHome',
            src: 'loadHome',
            input: ({ context }) => ({ clientId: context.clientId }),
            onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
            onError: 'failed',
          },
        },
        failed: { on: { 'home.retry': 'loading' } },
        ready: {},
      },
    },
    // The visit is counted once: a retry counts it only if counting it failed.
    visit: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'countsVisit', target: 'counting' }, { target: 'notCounted' }] },
        counting: {
          tags: 'pending',
          invoke: {
            id: 'recordVisit',
            src: 'recordVisit',
            onDone: { target: 'counted', actions: { type: 'storeVisit', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        failed: { on: { 'home.retry': 'counting' } },
        counted: {},
        // A reader's opening is no visit.
        notCounted: {},
      },
    },
  },
});
