// The number on the back office's nav item: support tickets waiting on the clinic (new or open),
// counted at start and again whenever the staff member moves to another page, so the queue is
// noticed without opening it. Only a move to a different path counts again (the same path
// announced twice, e.g. a replaceState of the query, does not). A failed count keeps the last one.
// Both the count and the navigation watch are actors the view provides.
import { assign, fromCallback, fromPromise, setup } from 'xstate';

export type QueueCountEvent = { type: 'queue.navigated'; place: string };

export const queueCountMachine = setup({
  types: {
    context: {} as { count: number; place: string },
    input: {} as { place: string },
    events: {} as QueueCountEvent,
  },
  actors: {
    countTickets: fromPromise<number>(async () => {
      throw new Error('countTickets not provided');
    }),
    // Provided by the view: sends `queue.navigated` with the path after every navigation.
    watchNavigation: fromCallback<QueueCountEvent>(() => {}),
  },
  guards: {
    isNewPlace: ({ context, event }) => event.place !== context.place,
  },
  actions: {
    rememberPlace: assign({ place: ({ event }) => event.place }),
    setCount: assign((_, params: { count: number }) => ({ count: params.count })),
  },
}).createMachine({
  id: 'queueCount',
  context: ({ input }) => ({ count: 0, place: input.place }),
  invoke: { id: 'watchNavigation', src: 'watchNavigation' },
  initial: 'counting',
  on: {
    // A move while a count is in flight starts it again: the earlier answer may predate the change.
    'queue.navigated': { guard: 'isNewPlace', target: '.counting', reenter: true, actions: 'rememberPlace' },
  },
  states: {
    counting: {
      invoke: {
        id: 'countTickets',
        src: 'countTickets',
        onDone: { target: 'counted', actions: { type: 'setCount', params: ({ event }) => ({ count: event.output }) } },
        onError: 'counted',
      },
    },
    counted: {},
  },
});
