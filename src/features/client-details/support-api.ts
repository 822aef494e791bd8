// The client record's Support section: the client's tickets, newest activity first (the only call
// this section makes; staff answer tickets in the back office's queue, not here).
import type { components } from '../../../openapi/generated/api';
import type { ApiClient } from '../../lib/api-client';
import { unwrap } from '../../lib/api-failure';

export type ClientTicket = components['schemas']['SupportTicket'];

export const clientTickets = (api: ApiClient, client: number) =>
  unwrap(api.GET('/support/tickets', { params: { query: { client, ordering: '-updated_at', page_size: 100 } } }));
