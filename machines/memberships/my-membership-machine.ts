// The portal's membership card on My packages (/user/packages/{clientId}, issue 35): the client's
// memberships load (or fail and are tried again). The client stops the renewal of one of their own
// (`membership.stopRenewal`) only where the membership's lifecycle allows that step now (active or
// renewal due: membership-lifecycle.ts), and only after a confirm step (`confirming`: it runs to the
// end of its period and then ends; an unpaid renewal invoice is credited) that they may leave
// (`membership.keep`). The server stops it (`stopping`, the `stopRenewal` actor) and the card reads
// the memberships afresh, saying it is done or that it was refused (the desk may have stopped it
// meanwhile: the list read again shows where it is). A SUPER_ADMIN reading a client's portal
// (`readOnly`) stops nothing. The desk cannot resume a renewal, so neither can the client.
import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate';
import { type MembershipStatus, renewalCancellable } from './membership-lifecycle.ts';

/** What the chart needs of a membership; the card draws the rest of what the server gives. */
export interface MyMembershipRow {
  id: number;
  status: MembershipStatus;
}

export interface MyMembershipContext {
  clientId: number;
  readOnly: boolean;
  memberships: MyMembershipRow[];
  /** The membership whose renewal is being stopped (under the confirm step, or on its way). */
  stopping: number | null;
  message: 'renewalStopped' | 'stopFailed' | null;
}

export type MyMembershipEvent =
  { type: 'membership.retry' } | { type: 'membership.stopRenewal'; membership: number } | { type: 'membership.keep' } | { type: 'membership.confirmStop' };

/** Whether the reader may stop this membership's renewal now: the client, a membership of theirs the lifecycle lets stop. */
export const mayStopRenewal = (context: Pick<MyMembershipContext, 'readOnly' | 'memberships'>, membership: number): boolean =>
  !context.readOnly && context.memberships.some((m) => m.id === membership && renewalCancellable(m.status));

export const myMembershipMachine = setup({
  types: {
    context: {} as MyMembershipContext,
    events: {} as MyMembershipEvent,
    input: {} as { clientId: number; readOnly: boolean },
  },
  actors: {
    loadMemberships: fromPromise<MyMembershipRow[], { clientId: number }>(async () => {
      throw new Error('loadMemberships not provided');
    }),
    stopRenewal: fromPromise<unknown, { membership: number }>(async () => {
      throw new Error('stopRenewal not provided');
    }),
  },
  guards: {
    mayStop: ({ context }, params: { membership: number }) => mayStopRenewal(context, params.membership),
  },
  actions: {
    show: assign((_, params: { memberships: MyMembershipRow[] }) => ({ memberships: params.memberships })),
    choose: assign((_, params: { membership: number }) => ({ stopping: params.membership, message: null })),
    forget: assign({ stopping: null }),
    stopped: assign({ stopping: null, message: 'renewalStopped' as const }),
    stopFailed: assign({ stopping: null, message: 'stopFailed' as const }),
  },
}).createMachine({
  id: 'myMembership',
  context: ({ input }) => ({ clientId: input.clientId, readOnly: input.readOnly, memberships: [], stopping: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMemberships',
        src: 'loadMemberships',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ memberships: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { 'membership.retry': 'loading' } },
    shown: {
      on: {
        'membership.stopRenewal': {
          target: 'confirming',
          guard: { type: 'mayStop', params: ({ event }) => ({ membership: event.membership }) },
          actions: { type: 'choose', params: ({ event }) => ({ membership: event.membership }) },
        },
      },
    },
    // What stopping means: it runs to the end of its period, then ends; an unpaid renewal invoice is credited.
    confirming: {
      on: {
        'membership.keep': { target: 'shown', actions: 'forget' },
        'membership.confirmStop': 'stopping',
      },
    },
    stopping: {
      invoke: {
        id: 'stopRenewal',
        src: 'stopRenewal',
        input: ({ context }) => ({ membership: context.stopping! }),
        // Read afresh either way: the membership now ends with its period, or shows where it is.
        onDone: { target: 'loading', actions: 'stopped' },
        onError: { target: 'loading', actions: 'stopFailed' },
      },
    },
  },
});

type MyMembershipSnapshot = SnapshotFrom<typeof myMembershipMachine>;

/** What the portal card reads from the chart, by name: views never read its state names. */
export const myMembershipSelectors = {
  isLoading: (s: MyMembershipSnapshot) => s.matches('loading'),
  isFailed: (s: MyMembershipSnapshot) => s.matches('failed'),
  isStopping: (s: MyMembershipSnapshot) => s.matches('stopping'),
};
