// Billing where staff meet a client outside the desk (issue 34): the client's balance (unpaid
// invoices, unused advances, and for reception each advance receipt with an advance taken there)
// on the appointment panel and the record's banner, and "Bill this
// visit" on a checked-in or completed appointment, which starts a draft from it and opens it.
// Who may: billing-roles.ts.
import { assign, fromPromise, setup } from 'xstate';
import { keyFor, newSubmissionKey } from '../rules/submission-key.ts';
import {
  type AdvanceForm,
  type AdvanceGst,
  type AdvanceInput,
  advanceInput,
  type AdvanceMethod,
  advanceProblem,
  type BillingAdvance,
  EMPTY_ADVANCE,
} from './advance-form.ts';

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

/** What the balance area reads: the balance, and for those who read advances each receipt with what is left, and the GST rates an advance may carry. */
export interface BalanceData {
  balance: ClientBalance;
  advances: BillingAdvance[];
  rates: number[];
}

export interface ClientBalanceContext {
  client: number;
  /** The caller reads the client's advance receipts (RECEPTION, ADMIN, SUPER_ADMIN). */
  readsAdvances: boolean;
  /** The caller takes advances (RECEPTION, ADMIN). */
  takesAdvances: boolean;
  balance: ClientBalance | null;
  advances: BillingAdvance[];
  rates: number[];
  form: AdvanceForm;
  /** The last advance sent: sent again unchanged (after a failure), it keeps its key, so one receipt is issued. */
  submission: { key: string; draft: AdvanceInput } | null;
  /** The receipt voucher the last advance issued, until another form opens. */
  issued: BillingAdvance | null;
  error: string | null;
  formError: string | null;
}

export type ClientBalanceEvent =
  | { type: 'balance.retry' }
  | { type: 'advance.open' }
  | { type: 'advance.set'; field: 'amount' | 'tendered' | 'reference'; value: string }
  | { type: 'advance.method'; method: AdvanceMethod }
  | { type: 'advance.gst'; gst: AdvanceGst }
  | { type: 'advance.submit' }
  | { type: 'advance.close' };

/**
 * The balance (loads, or fails and is retried) and, for those who take them, an advance: the form,
 * the receipt voucher issued at once (its number shown, the balance read again), or the server's
 * refusal kept on the form with what was typed.
 */
export const clientBalanceMachine = setup({
  types: {
    context: {} as ClientBalanceContext,
    events: {} as ClientBalanceEvent,
    input: {} as { client: number; readsAdvances?: boolean; takesAdvances?: boolean },
  },
  actors: {
    loadBalance: fromPromise<BalanceData, { client: number; advances: boolean; rates: boolean }>(async () => {
      throw new Error('loadBalance not provided');
    }),
    takeAdvance: fromPromise<BillingAdvance, { key: string; advance: AdvanceInput }>(async () => {
      throw new Error('takeAdvance not provided');
    }),
  },
  guards: {
    takesAdvances: ({ context }) => context.takesAdvances,
    advanceReady: ({ context }) => advanceProblem(context.form, context.rates) === null,
  },
  actions: {
    showBalance: assign((_, data: BalanceData) => ({ balance: data.balance, advances: data.advances, rates: data.rates, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    openForm: assign({ form: EMPTY_ADVANCE, issued: null, formError: null }),
    setField: assign(({ context }, params: { field: 'amount' | 'tendered' | 'reference'; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
    })),
    setMethod: assign(({ context }, params: { method: AdvanceMethod }) => ({ form: { ...context.form, method: params.method, tendered: '', reference: '' } })),
    setGst: assign(({ context }, params: { gst: AdvanceGst }) => ({ form: { ...context.form, gst: params.gst } })),
    keySubmission: assign(({ context }) => ({ submission: keyFor(context.submission, advanceInput(context.client, context.form)), formError: null })),
    showIssued: assign((_, issued: BillingAdvance) => ({ issued, submission: null })),
    showFormError: assign((_, params: { error: unknown }) => ({ formError: errorText(params.error) })),
  },
}).createMachine({
  id: 'clientBalance',
  context: ({ input }) => ({
    client: input.client,
    readsAdvances: input.readsAdvances ?? false,
    takesAdvances: input.takesAdvances ?? false,
    balance: null,
    advances: [],
    rates: [],
    form: EMPTY_ADVANCE,
    submission: null,
    issued: null,
    error: null,
    formError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        input: ({ context }) => ({ client: context.client, advances: context.readsAdvances, rates: context.takesAdvances }),
        onDone: { target: 'ready', actions: { type: 'showBalance', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'balance.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'advance.open': { guard: 'takesAdvances', target: 'advancing', actions: 'openForm' } } },
        advancing: {
          on: {
            'advance.set': { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'advance.method': { actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) } },
            'advance.gst': { actions: { type: 'setGst', params: ({ event }) => ({ gst: event.gst }) } },
            'advance.submit': { guard: 'advanceReady', target: 'taking', actions: 'keySubmission' },
            'advance.close': 'idle',
          },
        },
        taking: {
          invoke: {
            id: 'takeAdvance',
            src: 'takeAdvance',
            input: ({ context }) => ({ key: context.submission!.key, advance: context.submission!.draft }),
            // The receipt is issued: the balance and the advances are read again, with it among them.
            onDone: { target: '#clientBalance.loading', actions: { type: 'showIssued', params: ({ event }) => event.output } },
            onError: { target: 'advancing', actions: { type: 'showFormError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
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
