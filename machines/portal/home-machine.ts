// The portal home's data (issue 7): profile, enrollments with their programs, thrive checks,
// loaded together; a failure offers a retry. The loader is an actor the view provides.
import { assign, fromPromise, setup } from 'xstate';

export type HomeData = Record<string, unknown>;

export const homeMachine = setup({
  types: {
    context: {} as { clientId: string; data: HomeData | null },
    input: {} as { clientId: string },
    events: {} as { type: 'home.retry' },
  },
  actors: {
    loadHome: fromPromise<HomeData, { clientId: string }>(async () => {
      throw new Error('loadHome not provided');
    }),
  },
  actions: {
    storeData: assign({ data: (_, params: { data: HomeData }) => params.data }),
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ clientId: input.clientId, data: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        src: 'loadHome',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { 'home.retry': 'loading' } },
    ready: {},
  },
});
