// The client record's therapy visits adapter: the client's visit charts, newest first, with the
// therapies' names as the back office sets them.
import type { components } from '../../../openapi/generated/api';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';

export type VisitSummary = components['schemas']['TherapyVisitSummary'];

export async function loadClientVisits(api: ApiClient, clientId: number) {
  const [visits, settings] = await Promise.all([
    unwrap(api.GET('/visits/therapy-visits', { params: { query: { client: clientId } } })),
    unwrap(api.GET('/visits/therapy-settings')),
  ]);
  return { visits, names: settings.display_names as Record<string, string> };
}
