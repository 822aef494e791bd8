// The staff support adapter (/support and a client's record): the only module of the staff queue that calls the API client.
// (Features do not share modules, so the client portal's support adapter is not imported here.)
import type { DeskQuery, DeskTicket, ReplyDraft, TicketDraft } from '../../../machines/support/desk-machine';
import type { components } from '../../../openapi/generated/api';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';
import { base64Of, saveBlob } from '../../lib/files';

export type QueueTicket = components['schemas']['SupportTicket'];
export type QueueTicketDetail = components['schemas']['SupportTicketDetail'];
export type QueueAttachment = components['schemas']['SupportAttachment'];

export async function loadQueue(api: ApiClient, q: DeskQuery, client: number | null = null): Promise<{ count: number; results: DeskTicket[] }> {
  return unwrap(
    api.GET('/support/tickets', {
      params: {
        query: {
          ...(client !== null ? { client } : {}),
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

/** A ticket staff open for a client (from the client's record), with its files uploaded first. */
export async function openClientTicket(api: ApiClient, client: number, draft: TicketDraft) {
  const attachments: number[] = [];
  for (const file of draft.files as File[]) {
    attachments.push((await unwrap(api.POST('/support/attachments', { body: { file_name: file.name, content_base64: await base64Of(file) } }))).id);
  }
  return unwrap(
    api.POST('/support/tickets', {
      body: { client, category: draft.category, subject: draft.subject, message: draft.message, ...(attachments.length ? { attachments } : {}) },
    }),
  );
}

/** Who answers which tickets (clinic settings): the categories the signed-in role is offered. */
export const loadTicketRouting = async (api: ApiClient) => (await unwrap(api.GET('/clinic/settings', {}))).ticket_routing;
