// The back office's support adapter: the only module of the staff queue that calls the API client.
// (Features do not share modules, so the client portal's support adapter is not imported here.)
import type { DeskQuery, DeskTicket, ReplyDraft } from '../../../../machines/support/desk-machine';
import type { components } from '../../../../openapi/generated/api';
import { unwrap } from '../../../lib/api-failure';
import type { ApiClient } from '../../../lib/api-client';
import { base64Of, saveBlob } from '../../../lib/files';

export type QueueTicket = components['schemas']['SupportTicket'];
export type QueueTicketDetail = components['schemas']['SupportTicketDetail'];
export type QueueAttachment = components['schemas']['SupportAttachment'];

export async function loadQueue(api: ApiClient, q: DeskQuery): Promise<{ count: number; results: DeskTicket[] }> {
  return unwrap(
    api.GET('/support/tickets', {
      params: {
        query: {
          ...(q.status.length ? { status: q.status } : {}),
          ...(q.category ? { category: q.category } : {}),
          ...(q.assignee !== null ? { assignee: q.assignee } : {}),
          ...(q.minAgeDays !== null ? { min_age_days: q.minAgeDays } : {}),
          ordering: q.ordering as 'created_at',
          page: q.page + 1,
          page_size: q.pageSize,
        },
      },
    }),
  );
}

export const loadQueueTicket = (api: ApiClient, id: number) => unwrap(api.GET('/support/tickets/{id}', { params: { path: { id } } }));

/** A staff reply or internal note with its files: each is uploaded first (the server checks what it really is). */
export async function sendStaffMessage(api: ApiClient, id: number, draft: ReplyDraft) {
  const attachments: number[] = [];
  for (const file of draft.files as File[]) {
    attachments.push((await unwrap(api.POST('/support/attachments', { body: { file_name: file.name, content_base64: await base64Of(file) } }))).id);
  }
  return unwrap(api.POST('/support/tickets/{id}/messages', { params: { path: { id } }, body: { body: draft.body, internal: draft.internal, ...(attachments.length ? { attachments } : {}) } }));
}

/** Saves a ticket's file through the browser. */
export async function saveQueueAttachment(api: ApiClient, file: QueueAttachment): Promise<void> {
  const blob = await unwrap(api.GET('/support/attachments/{id}', { params: { path: { id: file.id } }, parseAs: 'blob' }) as Promise<{ data?: Blob; error?: unknown; response: Response }>);
  saveBlob(blob, file.file_name);
}

export const moveQueueTicket = (api: ApiClient, id: number, to: QueueTicket['status']) => unwrap(api.POST('/support/tickets/{id}/transitions', { params: { path: { id } }, body: { to } }));

export const assignQueueTicket = (api: ApiClient, id: number, assignee: number | null) => unwrap(api.PATCH('/support/tickets/{id}', { params: { path: { id } }, body: { assignee } }));

/** The signed-in staff member's clinic id ("assign to me"). */
export const loadMe = async (api: ApiClient) => (await unwrap(api.GET('/users/users/me', {}))).id;
