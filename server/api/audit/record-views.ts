// One page view of a client's record is one audit event (issue 24). The record page names its
// view with the `X-Record-View` header (a UUID it makes when the page opens); every read the
// view makes is folded into that view's one event (`reads`), so the trail says what was read
// without growing by one row per section. A request without the header — a direct API call to a
// sub-resource — is audited on its own, as before. Refusals and writes always get their own rows.
import type { FastifyInstance } from 'fastify';

export const RECORD_VIEW_HEADER = 'x-record-view';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The view of each request in flight that named one, by request id (gone when it answers). */
const views = new Map<string, string>();

export function registerRecordViews(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers[RECORD_VIEW_HEADER];
    if (typeof header === 'string' && UUID.test(header)) views.set(request.id, header.toLowerCase());
  });
  const forget = async (request: { id: string }) => {
    views.delete(request.id);
  };
  app.addHook('onResponse', forget);
  app.addHook('onRequestAbort', forget);
}

/** The record view a request belongs to, or null when it was made alone. */
export function viewOf(requestId: string): string | null {
  return views.get(requestId) ?? null;
}

/** Reads fold into a view's event; anything else (a write, a refusal) stands alone. */
export function isRead(action: string): boolean {
  return action.endsWith('.read') || action.endsWith('.list');
}
