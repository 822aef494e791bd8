// The support desk, one chart for both sides: a client's own tickets on /user/support/{clientId}
// and the clinic's queue in the back office. It loads a page of tickets for a query (the staff
// queue filters, sorts and pages on the server), opens one ticket with its conversation, and
// sends the desk's writes: open a ticket, reply (staff may write an internal note), move a ticket
// along its chart, assign it. After a write the list is fetched again, so counts and statuses are
// the server's. Every call is an actor the feature's adapter provides; read-only (a SUPER_ADMIN
// looking at a client's portal) it only reads.
import { assign, fromPromise, setup } from 'xstate';
import { type FieldErrors, failureOf } from '../rules/failure.ts';
import type { TicketCategory } from './support-rules.ts';
import type { TicketStatus } from './ticket-lifecycle.ts';
import { keyFor } from '../rules/submission-key.ts';

export interface DeskQuery {
  status: TicketStatus[];
  category: TicketCategory | null;
  /** 0: unassigned only; null: anyone. */
  assignee: number | null;
  /** Opened at least this many days ago; null: any age. */
  minAgeDays: number | null;
  ordering: string;
  /** 0-based, as the DataGrid counts. */
  page: number;
  pageSize: number;
}

/** What the desk needs of a ticket; the adapter hands it the contract's full shape. */
export interface DeskTicket {
  id: number;
  status: TicketStatus;
  client: number;
  subject: string;
}

export interface DeskPage {
  count: number;
  results: DeskTicket[];
}

export interface TicketDraft {
  category: TicketCategory;
  subject: string;
  message: string;
  appointment: number | null;
  labOrder: number | null;
  files: readonly unknown[];
}

export interface ReplyDraft {
  body: string;
  internal: boolean;
  files: readonly unknown[];
}

interface Context {
  client: number | null;
  staff: boolean;
  readOnly: boolean;
  query: DeskQuery;
  count: number;
  tickets: DeskTicket[];
  selected: DeskTicket | null;
  message: string | null;
  fieldErrors: FieldErrors;
  notice: 'opened' | 'sent' | 'moved' | 'assigned' | null;
  /** The ticket being opened and its Idempotency-Key, kept until it is opened (a resend after a failure reuses the key). */
  submission: { key: string; draft: TicketDraft } | null;
}

type Event =
  | { type: 'desk.retry' }
  | { type: 'desk.query'; patch: Partial<DeskQuery> }
  | { type: 'desk.select'; id: number }
  | { type: 'desk.deselect' }
  | { type: 'desk.create'; draft: TicketDraft }
  | { type: 'desk.reply'; draft: ReplyDraft }
  | { type: 'desk.move'; to: TicketStatus }
  | { type: 'desk.assign'; assignee: number | null };

export const DEFAULT_QUERY: DeskQuery = { status: [], category: null, assignee: null, minAgeDays: null, ordering: '-updated_at', page: 0, pageSize: 25 };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

export const supportDeskMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { client?: number | null; staff?: boolean; readOnly?: boolean; query?: Partial<DeskQuery> },
    events: {} as Event,
  },
  actors: {
    loadTickets: fromPromise<DeskPage, { client: number | null; query: DeskQuery }>(notProvided('loadTickets')),
    loadTicket: fromPromise<DeskTicket, { id: number }>(notProvided('loadTicket')),
    createTicket: fromPromise<DeskTicket, { client: number | null; draft: TicketDraft; key: string }>(notProvided('createTicket')),
    sendMessage: fromPromise<DeskTicket, { id: number; draft: ReplyDraft }>(notProvided('sendMessage')),
    moveTicket: fromPromise<DeskTicket, { id: number; to: TicketStatus }>(notProvided('moveTicket')),
    assignTicket: fromPromise<DeskTicket, { id: number; assignee: number | null }>(notProvided('assignTicket')),
  },
  actions: {
    showFailure: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { message: failure.message, fieldErrors: failure.fieldErrors, notice: null };
    }),
    // One key per ticket asked for: a retry of the same ticket is recognised by the server.
    keySubmission: assign(({ context }, params: { draft: TicketDraft }) => ({ submission: keyFor(context.submission, params.draft) })),
    forgetSubmission: assign({ submission: null }),
    // The ticket as the server answered it, and what the view tells about the write (null: nothing).
    showTicket: assign((_, params: { ticket: DeskTicket; notice: Context['notice'] }) => ({
      selected: params.ticket,
      message: null,
      fieldErrors: {},
      notice: params.notice,
    })),
    deselect: assign({ selected: null, message: null, fieldErrors: {}, notice: null }),
    // A new filter or sort starts again at the first page; paging keeps the rest.
    setQuery: assign(({ context }, params: { patch: Partial<DeskQuery> }) => ({ query: { ...context.query, page: 0, ...params.patch } })),
    showPage: assign((_, page: DeskPage) => ({ count: page.count, tickets: page.results })),
  },
  guards: {
    mayWrite: ({ context }) => !context.readOnly,
    // Internal notes are the clinic's: a client's reply is always public.
    mayReply: ({ context, event }) => !context.readOnly && context.selected !== null && (event.type !== 'desk.reply' || context.staff || !event.draft.internal),
    staffOnSelected: ({ context }) => context.staff && !context.readOnly && context.selected !== null,
  },
}).createMachine({
  id: 'supportDesk',
  initial: 'loading',
  context: ({ input }) => ({
    client: input.client ?? null,
    staff: input.staff ?? false,
    readOnly: input.readOnly ?? false,
    query: { ...DEFAULT_QUERY, ...input.query },
    count: 0,
    tickets: [],
    selected: null,
    message: null,
    fieldErrors: {},
    notice: null,
    submission: null,
  }),
  on: {
    'desk.query': {
      target: '.loading',
      actions: { type: 'setQuery', params: ({ event }) => ({ patch: event.patch }) },
    },
  },
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadTickets',
        src: 'loadTickets',
        input: ({ context }) => ({ client: context.client, query: context.query }),
        onDone: { target: 'ready', actions: { type: 'showPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'desk.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'desk.select': 'opening',
            'desk.deselect': { actions: 'deselect' },
            'desk.create': { guard: 'mayWrite', target: 'creating', actions: { type: 'keySubmission', params: ({ event }) => ({ draft: event.draft }) } },
            'desk.reply': { guard: 'mayReply', target: 'replying' },
            'desk.move': { guard: 'staffOnSelected', target: 'moving' },
            'desk.assign': { guard: 'staffOnSelected', target: 'assigning' },
          },
        },
        opening: {
          tags: ['pending'],
          invoke: {
            id: 'loadTicket',
            src: 'loadTicket',
            input: ({ event }) => ({ id: (event as { id: number }).id }),
            onDone: { target: 'idle', actions: { type: 'showTicket', params: ({ event }) => ({ ticket: event.output, notice: null }) } },
            onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        creating: {
          tags: ['pending'],
          invoke: {
            id: 'createTicket',
            src: 'createTicket',
            input: ({ context }) => ({ client: context.client, draft: context.submission!.draft, key: context.submission!.key }),
            onDone: {
              target: '#supportDesk.loading',
              actions: [{ type: 'showTicket', params: ({ event }) => ({ ticket: event.output, notice: 'opened' }) }, 'forgetSubmission'],
            },
            onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        replying: {
          tags: ['pending'],
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context, event }) => ({ id: context.selected!.id, draft: (event as { draft: ReplyDraft }).draft }),
            onDone: { target: '#supportDesk.loading', actions: { type: 'showTicket', params: ({ event }) => ({ ticket: event.output, notice: 'sent' }) } },
            onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        moving: {
          tags: ['pending'],
          invoke: {
            id: 'moveTicket',
            src: 'moveTicket',
            input: ({ context, event }) => ({ id: context.selected!.id, to: (event as { to: TicketStatus }).to }),
            onDone: { target: '#supportDesk.loading', actions: { type: 'showTicket', params: ({ event }) => ({ ticket: event.output, notice: 'moved' }) } },
            onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        assigning: {
          tags: ['pending'],
          invoke: {
            id: 'assignTicket',
            src: 'assignTicket',
            input: ({ context, event }) => ({ id: context.selected!.id, assignee: (event as { assignee: number | null }).assignee }),
            onDone: { target: '#supportDesk.loading', actions: { type: 'showTicket', params: ({ event }) => ({ ticket: event.output, notice: 'assigned' }) } },
            onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
