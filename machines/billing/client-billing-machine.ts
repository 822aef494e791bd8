// Billing where staff meet a client outside the desk (issue 34): the client's balance (unpaid
// invoices, unused advances) on the appointment panel and the record's banner, and "Bill this
// visit" on a checked-in or completed appointment, which starts a draft from it and opens it.
// Who may: billing-roles.ts.
import { assign, fromPromise, setup } from 'xstate';
import { newSubmissionKey } from '../rules/submission-key.ts';

/** The appointment statuses a visit is billed from: the client came. */
export const BILLABLE_APPOINTMENT_STATUSES = ['checked_in', 'completed'] as const;

export const billableAppointment = (status: string): boolean => (BILLABLE_APPOINTMENT_STATUSES as readonly string[]).includes(status);

export interface ClientBalance {
  client: number;
  unpaid_paise: number;
  unused_advance_paise: number;
  net_due_paise: number;
  open_documents: { id: number; number: string | null; balance_paise: number }[];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The balance: loads, or fails and is retried. */
export const clientBalanceMachine = setup({
  types: {
    context: {} as { client: number; balance: ClientBalance | null; error: string | null },
    events: {} as { type: 'balance.retry' },
    input: {} as { client: number },
  },
  actors: {
    loadBalance: fromPromise<ClientBalance, { client: number }>(async () => {
      throw new Error('loadBalance not provided');
    }),
  },
  actions: {
    showBalance: assign((_, balance: ClientBalance) => ({ balance, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
  },
}).createMachine({
  id: 'clientBalance',
  context: ({ input }) => ({ client: input.client, balance: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'ready', actions: { type: 'showBalance', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'balance.retry': 'loading' } },
    ready: {},
  },
});

/** "Bill this visit": one press starts the draft (the server refuses an appointment already billed, with its reason); done, the draft opens. */
export const billVisitMachine = setup({
  types: {
    /** `key`: one per appointment billed from this panel, so a press repeated after a lost answer starts one draft. */
    context: {} as { appointment: number; key: string; draft: number | null; error: string | null },
    events: {} as { type: 'bill.start' },
    input: {} as { appointment: number },
    output: {} as { draft: number },
  },
  actors: {
    createDraft: fromPromise<{ id: number }, { appointment: number; key: string }>(async () => {
      throw new Error('createDraft not provided');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    keepDraft: assign((_, draft: { id: number }) => ({ draft: draft.id })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
  },
}).createMachine({
  id: 'billVisit',
  context: ({ input }) => ({ appointment: input.appointment, key: newSubmissionKey(), draft: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'bill.start': { target: 'creating', actions: 'clearError' } } },
    creating: {
      invoke: {
        id: 'createDraft',
        src: 'createDraft',
        input: ({ context }) => ({ appointment: context.appointment, key: context.key }),
        onDone: { target: 'created', actions: { type: 'keepDraft', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => ({ draft: context.draft! }),
});
