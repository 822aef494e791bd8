// One server-side list (the clients hub, the users list): the query (page, page size, search,
// ordering, filters) lives here and every change fetches exactly one page; search waits for
// typing to pause. The page fetch is an actor provided from outside (the API client), so this
// chart never touches the network and pastes as is into Stately's visualiser.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';

export interface ListQuery {
  /** Zero-based, as the grid counts. */
  page: number;
  pageSize: number;
  search: string;
  /** `last_name`, `-date_joined`, ... or null for the server's default. */
  ordering: string | null;
  filters: Record<string, string>;
}

export interface ListPage {
  count: number;
  rows: Array<Record<string, unknown> & { id: number }>;
}

export interface ListContext {
  query: ListQuery;
  rows: ListPage['rows'];
  count: number;
  error: string | null;
}

export type ListEvent =
  | { type: 'list.page'; page: number; pageSize: number }
  | { type: 'list.sort'; ordering: string | null }
  | { type: 'list.search'; search: string }
  | { type: 'list.filter'; name: string; value: string }
  | { type: 'list.reload' }
  | { type: 'list.retry' };

export const DEFAULT_LIST_QUERY: ListQuery = { page: 0, pageSize: 25, search: '', ordering: null, filters: {} };

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { query?: Partial<ListQuery> },
  },
  actors: {
    fetchPage: fromPromise<ListPage, ListQuery>(async () => {
      throw new Error('fetchPage is provided by the adapter');
    }),
  },
  delays: {
    searchPause: 300,
  },
  actions: {
    setPage: assign({
      query: ({ context, event }) =>
        event.type === 'list.page'
          ? { ...context.query, page: event.pageSize === context.query.pageSize ? event.page : 0, pageSize: event.pageSize }
          : context.query,
    }),
    setOrdering: assign({
      query: ({ context, event }) => (event.type === 'list.sort' ? { ...context.query, ordering: event.ordering, page: 0 } : context.query),
    }),
    setSearch: assign({
      query: ({ context, event }) => (event.type === 'list.search' ? { ...context.query, search: event.search, page: 0 } : context.query),
    }),
    setFilter: assign({
      query: ({ context, event }) => {
        if (event.type !== 'list.filter') return context.query;
        const filters = { ...context.query.filters };
        if (event.value === '') delete filters[event.name];
        else filters[event.name] = event.value;
        return { ...context.query, filters, page: 0 };
      },
    }),
    setPageResult: assign((_, params: { page: ListPage }) => ({ rows: params.page.rows, count: params.page.count, error: null })),
    setError: assign({ error: (_, params: { error: unknown }) => failureOf(params.error).message }),
  },
}).createMachine({
  id: 'list',
  context: ({ input }) => ({
    query: { ...DEFAULT_LIST_QUERY, ...input.query },
    rows: [],
    count: 0,
    error: null,
  }),
  initial: 'loading',
  on: {
    'list.page': { target: '.loading', actions: 'setPage' },
    'list.sort': { target: '.loading', actions: 'setOrdering' },
    'list.filter': { target: '.loading', actions: 'setFilter' },
    'list.search': { target: '.typing', actions: 'setSearch' },
    'list.reload': { target: '.loading' },
  },
  states: {
    typing: {
      tags: 'pending',
      after: { searchPause: 'loading' },
    },
    loading: {
      tags: 'pending',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'setPageResult', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {},
    failed: {
      on: { 'list.retry': 'loading' },
    },
  },
});
