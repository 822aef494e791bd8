// "New invoice" on the billing desk (issue 34: invoices start from "... manual lines (products such
// as supplements)"): reception finds the client by name or phone, and a manual draft is made for
// them and opened, to take its lines on the document page. The search waits for a pause in the
// typing; one draft per client chosen, however often the press is repeated after a lost answer
// (the submission's Idempotency-Key). Who may: RECEPTION and ADMIN (the desk offers it to them).
import { assign, fromPromise, setup } from 'xstate';
import { keyFor } from '../rules/submission-key.ts';

/** A client as the search offers them: their id and what names them (name · phone). */
export interface ClientChoice {
  id: number;
  label: string;
}

export interface NewInvoiceContext {
  text: string;
  results: ClientChoice[];
  client: ClientChoice | null;
  submission: { key: string; draft: { client: number } } | null;
  draft: number | null;
  error: string | null;
}

export type NewInvoiceEvent =
  | { type: 'invoice.new' }
  | { type: 'invoice.search'; text: string }
  | { type: 'invoice.client'; client: ClientChoice }
  | { type: 'invoice.create' }
  | { type: 'invoice.cancel' };

/** How long the typing pauses before the clients are searched. */
export const SEARCH_PAUSE_MS = 300;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const newInvoiceMachine = setup({
  types: {
    context: {} as NewInvoiceContext,
    events: {} as NewInvoiceEvent,
    output: {} as { draft: number },
  },
  actors: {
    searchClients: fromPromise<ClientChoice[], { text: string }>(async () => {
      throw new Error('searchClients not provided');
    }),
    createDraft: fromPromise<{ id: number }, { client: number; key: string }>(async () => {
      throw new Error('createDraft not provided');
    }),
  },
  delays: { searchPause: SEARCH_PAUSE_MS },
  guards: {
    hasClient: ({ context }) => context.client !== null,
  },
  actions: {
    start: assign({ text: '', results: [], client: null, error: null }),
    setText: assign((_, params: { text: string }) => ({ text: params.text })),
    showResults: assign((_, results: ClientChoice[]) => ({ results })),
    setClient: assign((_, params: { client: ClientChoice }) => ({ client: params.client, error: null })),
    keySubmission: assign(({ context }) => ({ submission: keyFor(context.submission, { client: context.client!.id }), error: null })),
    keepDraft: assign((_, draft: { id: number }) => ({ draft: draft.id })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
  },
}).createMachine({
  id: 'newInvoice',
  context: { text: '', results: [], client: null, submission: null, draft: null, error: null },
  initial: 'closed',
  states: {
    closed: { on: { 'invoice.new': { target: 'choosing', actions: 'start' } } },
    choosing: {
      initial: 'idle',
      on: {
        'invoice.search': { target: '.typing', actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
        'invoice.client': { actions: { type: 'setClient', params: ({ event }) => ({ client: event.client }) } },
        'invoice.create': { guard: 'hasClient', target: 'creating', actions: 'keySubmission' },
        'invoice.cancel': 'closed',
      },
      states: {
        idle: {},
        typing: { after: { searchPause: 'searching' } },
        searching: {
          invoke: {
            id: 'searchClients',
            src: 'searchClients',
            input: ({ context }) => ({ text: context.text }),
            onDone: { target: 'idle', actions: { type: 'showResults', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    creating: {
      invoke: {
        id: 'createDraft',
        src: 'createDraft',
        input: ({ context }) => ({ client: context.submission!.draft.client, key: context.submission!.key }),
        onDone: { target: 'created', actions: { type: 'keepDraft', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => ({ draft: context.draft! }),
});
