// Starting the app (spec §8): /config.json is loaded and the identity service configured before
// anything renders. A configuration without a user pool is the configuration error; no answer at
// all is a network error, which the user may retry.
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';

/** Why the configuration could not be used. */
export interface BootFailure {
  kind: 'network' | 'configuration';
}

export const bootMachine = setup({
  types: {
    /** The loaded configuration (its shape is the view's business). */
    context: {} as { config: unknown },
    events: {} as { type: 'boot.retry' },
  },
  actors: {
    // Provided by the view: fetch /config.json and configure aws-amplify; throws a BootFailure.
    loadConfiguration: fromPromise<unknown>(async () => {
      throw { kind: 'configuration' } satisfies BootFailure;
    }),
  },
  guards: {
    isNetworkFailure: (_, params: { error: unknown }) => (params.error as BootFailure | undefined)?.kind === 'network',
  },
  actions: {
    storeConfig: assign((_, params: { config: unknown }) => ({ config: params.config })),
  },
}).createMachine({
  id: 'boot',
  context: { config: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadConfiguration',
        src: 'loadConfiguration',
        onDone: { target: 'ready', actions: { type: 'storeConfig', params: ({ event }) => ({ config: event.output }) } },
        onError: [
          { guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) }, target: 'networkFailed' },
          { target: 'configurationFailed' },
        ],
      },
    },
    networkFailed: { on: { 'boot.retry': 'loading' } },
    configurationFailed: { type: 'final' },
    ready: { type: 'final' },
  },
});

export type BootActor = ActorRefFrom<typeof bootMachine>;
