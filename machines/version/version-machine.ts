// Version check (spec §4, §7, §9): fetch /version.json at start and every 5 minutes, paused
// while the tab is hidden and checked again on return. The first answer is recorded; a later,
// different one means a new build is deployed, so the banner offers a reload.
import { assign, fromPromise, setup } from 'xstate';

export const VERSION_POLL_INTERVAL_MS = 5 * 60 * 1000;

export const versionMachine = setup({
  types: {
    context: {} as { knownVersion: string | null },
    events: {} as { type: 'visibility.hidden' } | { type: 'visibility.visible' } | { type: 'version.refresh' },
  },
  actors: {
    // Provided by the view: GET /version.json with no-cache, resolving to the version string. The
    // first check of a page load (`first`) may take the answer index.html preloaded; later ones
    // ask again (?t=<timestamp>).
    fetchVersion: fromPromise<string, { first: boolean }>(async () => {
      throw new Error('fetchVersion not provided');
    }),
  },
  delays: { versionPollInterval: VERSION_POLL_INTERVAL_MS },
  guards: {
    isFirstAnswer: ({ context }) => context.knownVersion === null,
    differsFromKnown: ({ context }, params: { version: string }) => params.version !== context.knownVersion,
  },
  actions: {
    recordVersion: assign({ knownVersion: (_, params: { version: string }) => params.version }),
    reloadPage: () => {},
  },
}).createMachine({
  id: 'version',
  context: { knownVersion: null },
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetchVersion',
        src: 'fetchVersion',
        input: ({ context }) => ({ first: context.knownVersion === null }),
        onDone: [
          {
            guard: 'isFirstAnswer',
            target: 'waiting',
            actions: { type: 'recordVersion', params: ({ event }) => ({ version: event.output }) },
          },
          {
            guard: { type: 'differsFromKnown', params: ({ event }) => ({ version: event.output }) },
            target: 'updateAvailable',
          },
          { target: 'waiting' },
        ],
        // A failed check (offline, server restarting) just waits for the next one.
        onError: 'waiting',
      },
      on: { 'visibility.hidden': 'paused' },
    },
    waiting: {
      after: { versionPollInterval: 'fetching' },
      on: { 'visibility.hidden': 'paused' },
    },
    paused: {
      on: { 'visibility.visible': 'fetching' },
    },
    updateAvailable: {
      on: { 'version.refresh': { actions: 'reloadPage' } },
    },
  },
});
