// The list machine's query in the API's words: one-based `page`, `page_size`, a trimmed `search`
// and the `ordering`; each list adds its own filters.
import type { ListQuery } from '../../../machines/staff/list-machine.ts';

export function pageParams(q: ListQuery) {
  return {
    page: q.page + 1,
    page_size: q.pageSize,
    search: q.search.trim() || undefined,
    ordering: (q.ordering ?? undefined) as never,
  };
}
