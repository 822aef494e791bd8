// The client record's overview and timeline: the client's tickets, newest activity first (the
// Support section itself is the staff queue narrowed to the client).
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { unwrap } from '../../lib/api-failure';

export type ClientTicket = components['schemas']['SupportTicket'];

export const clientTickets = (api: ApiClient, client: number) =>
  unwrap(api.GET('/support/tickets', { params: { query: { client, ordering: '-updated_at', page_size: 100 } } }));
