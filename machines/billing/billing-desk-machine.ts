// The billing desk (/billing, issue 34): the clinic's billing documents, newest first, with their
// number, client, date, status, total and what is still due, narrowed by status. The list loads
// (or fails, and is retried); a status filter reads it again. Who may open the desk is the route's
// rule (RECEPTION, ADMIN, SUPER_ADMIN reads); what a document allows is the document chart's.
import { assign, fromPromise, setup } from 'xstate';
import type { BillingDocumentKind } from './billing-document.ts';
import type { BillingDocumentStatus } from './invoice-lifecycle.ts';

/** A document as the desk lists it. */
export interface DeskDocument {
  id: number;
  client: number;
  client_name: string;
  kind: BillingDocumentKind;
  status: BillingDocumentStatus;
  number: string | null;
  issued_on: string | null;
  total_paise: number;
  balance_paise: number;
  created_at: string;
}

export interface DeskPage {
  count: number;
  results: DeskDocument[];
}

/** The statuses the desk filters by (deleted drafts only when asked for). */
export const DESK_FILTERS = ['open', 'draft', 'issued', 'partially_paid', 'paid', 'credited', 'deleted', 'all'] as const;
export type DeskFilter = (typeof DESK_FILTERS)[number];

/** What a filter asks the server for: "open" is what is still due; "all" everything but deleted drafts. */
export function filterStatuses(filter: DeskFilter): BillingDocumentStatus[] {
  if (filter === 'open') return ['issued', 'partially_paid'];
  if (filter === 'all') return ['draft', 'issued', 'partially_paid', 'paid', 'credited'];
  return [filter];
}

export interface BillingDeskContext {
  filter: DeskFilter;
  documents: DeskDocument[];
  count: number;
  error: string | null;
}

export type BillingDeskEvent = { type: 'desk.filter'; filter: DeskFilter } | { type: 'desk.retry' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const billingDeskMachine = setup({
  types: {
    context: {} as BillingDeskContext,
    events: {} as BillingDeskEvent,
    input: {} as { filter?: DeskFilter },
  },
  actors: {
    loadDocuments: fromPromise<DeskPage, { statuses: BillingDocumentStatus[] }>(async () => {
      throw new Error('loadDocuments not provided');
    }),
  },
  guards: {
    // Choosing the filter already shown reads nothing again.
    otherFilter: ({ context }, params: { filter: DeskFilter }) => params.filter !== context.filter && DESK_FILTERS.includes(params.filter),
  },
  actions: {
    setFilter: assign((_, params: { filter: DeskFilter }) => ({ filter: params.filter })),
    showDocuments: assign((_, page: DeskPage) => ({ documents: page.results, count: page.count, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
  },
}).createMachine({
  id: 'billingDesk',
  context: ({ input }) => ({ filter: input?.filter ?? 'open', documents: [], count: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        input: ({ context }) => ({ statuses: filterStatuses(context.filter) }),
        onDone: { target: 'ready', actions: { type: 'showDocuments', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'desk.retry': 'loading' },
    },
    ready: {
      on: {
        'desk.filter': {
          guard: { type: 'otherFilter', params: ({ event }) => ({ filter: event.filter }) },
          target: 'loading',
          actions: { type: 'setFilter', params: ({ event }) => ({ filter: event.filter }) },
        },
      },
    },
  },
});
