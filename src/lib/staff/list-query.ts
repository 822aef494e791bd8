// The list machine's query in the API's words: one-based `page`, `page_size`, a trimmed `search`
// and the `ordering`; each list adds its own filters. And the server's page (`count`, `results`)
// in the machine's words.
import type { ListPage, ListQuery } from '../../../machines/staff/list-machine.ts';
import { unwrap } from '../api-failure.ts';

export function pageParams(q: ListQuery) {
  return {
    page: q.page + 1,
    page_size: q.pageSize,
    search: q.search.trim() || undefined,
    ordering: (q.ordering ?? undefined) as never,
  };
}

/**
 * One page of a server-side list: the call's answer (an ApiFailure for a refusal) as the list
 * machine's page, each row as `row` makes it (the row as it came, by default).
 */
export async function serverPage<R>(call: Parameters<typeof unwrap<{ count: number; results: R[] }>>[0], row: (r: R) => unknown = (r) => r): Promise<ListPage> {
  const data = await unwrap(call);
  return { count: data.count, rows: data.results.map(row) as ListPage['rows'] };
}
