// Non-client roles have the users list fetched as soon as they sign in (spec §6), so the pages
// that list or pick users start from it.
import type { ApiClient } from '../../lib/api-client';

let prefetched: ReturnType<ApiClient['GET']> | null = null;

export function prefetchUsers(api: ApiClient): void {
  prefetched = api.GET('/users/users', {});
}

/** The prefetched first page of users, if a staff session started one. */
export function prefetchedUsers(): ReturnType<ApiClient['GET']> | null {
  return prefetched;
}

export function clearPrefetchedUsers(): void {
  prefetched = null;
}
