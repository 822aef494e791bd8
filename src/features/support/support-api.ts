// Support's adapter: the only support module that calls the API client (openapi-fetch), for the
// client's own desk (/support on the portal), the staff queue (/support) and a client's record
// (its Support tab, overview and timeline). Each function is an actor's work for the support desk
// machine (machines/support/desk-machine.ts); failures are ApiFailures carrying the §8 message and
// the fields the server refused. What a ticket may be about (appointments, lab orders), who is
// signed in and the ticket routing are read through their own domains' adapters.
import type { DeskQuery, ReplyDraft, TicketDraft } from '../../../machines/support/desk-machine.ts';
import type { components } from '../../../openapi/generated/api.ts';
import { unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { base64Of, saveBlob } from '../../lib/files.ts';
import { listAppointments } from '../appointments/index.ts';
import { myUserId } from '../clients/index.ts';
import { getSettings } from '../clinic-settings/index.ts';
import { clientLabOrders } from '../labs/index.ts';

export type Ticket = components['schemas']['SupportTicket'];
export type TicketDetail = components['schemas']['SupportTicketDetail'];
export type Attachment = components['schemas']['SupportAttachment'];
export type Appointment = components['schemas']['Appointment'];
export type LabOrder = components['schemas']['LabOrder'];

/** Uploads each file (the server checks what it really is) and answers their ids. */
// A file already uploaded for a submission that is sent again (its Idempotency-Key reused) keeps
// its upload: the resent request is then the same request, and the server answers it as the first.
const uploaded = new WeakMap<File, number>();

async function uploadAll(api: ApiClient, files: readonly unknown[]): Promise<number[]> {
  const ids: number[] = [];
  for (const file of files as File[]) {
    let id = uploaded.get(file);
    if (id === undefined) {
      id = (await unwrap(api.POST('/support/attachments', { body: { file_name: file.name, content_base64: await base64Of(file) } }))).id;
      uploaded.set(file, id);
    }
    ids.push(id);
  }
  return ids;
}

export async function loadTickets(api: ApiClient, client: number | null, q: DeskQuery) {
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

export const loadTicket = (api: ApiClient, id: number) => unwrap(api.GET('/support/tickets/{id}', { params: { path: { id } } }));

/** A ticket staff open for a client (from the client's record), with its files uploaded first. */
export async function openClientTicket(api: ApiClient, client: number, draft: TicketDraft) {
  const attachments = await uploadAll(api, draft.files);
  return unwrap(
    api.POST('/support/tickets', {
      body: { client, category: draft.category, subject: draft.subject, message: draft.message, ...(attachments.length ? { attachments } : {}) },
    }),
  );
}

/** Opens a ticket; `key` is the submission's Idempotency-Key (the same for a resend of it). */
export async function createTicket(api: ApiClient, client: number | null, draft: TicketDraft, key: string) {
  const attachments = await uploadAll(api, draft.files);
  return unwrap(
    api.POST('/support/tickets', {
      params: { header: { 'Idempotency-Key': key } },
      body: {
        ...(client !== null ? { client } : {}),
        category: draft.category,
        subject: draft.subject,
        message: draft.message,
        ...(draft.appointment !== null ? { appointment: draft.appointment } : {}),
        ...(draft.labOrder !== null ? { lab_order: draft.labOrder } : {}),
        ...(attachments.length ? { attachments } : {}),
      },
    }),
  );
}

export async function sendMessage(api: ApiClient, id: number, draft: ReplyDraft) {
  const attachments = await uploadAll(api, draft.files);
  return unwrap(
    api.POST('/support/tickets/{id}/messages', {
      params: { path: { id } },
      body: { body: draft.body, internal: draft.internal, ...(attachments.length ? { attachments } : {}) },
    }),
  );
}

export const moveTicket = (api: ApiClient, id: number, to: Ticket['status']) =>
  unwrap(api.POST('/support/tickets/{id}/transitions', { params: { path: { id } }, body: { to } }));

export const assignTicket = (api: ApiClient, id: number, assignee: number | null) =>
  unwrap(api.PATCH('/support/tickets/{id}', { params: { path: { id } }, body: { assignee } }));

/** The client's appointments a ticket may be about. */
export const loadAppointments = (api: ApiClient, client: number) => listAppointments(api, { client });

/** The client's lab orders a ticket may be about. */
export const loadLabOrders = (api: ApiClient, client: number) => clientLabOrders(api, client);

/** Saves an attachment through the browser (the download carries the session's token, so it is fetched, not linked). */
export async function saveAttachment(api: ApiClient, file: Attachment): Promise<void> {
  const blob = await unwrap(
    api.GET('/support/attachments/{id}', { params: { path: { id: file.id } }, parseAs: 'blob' }) as Promise<{
      data?: Blob;
      error?: unknown;
      response: Response;
    }>,
  );
  saveBlob(blob, file.file_name);
}

/** The signed-in staff member's clinic id ("assign to me"). */
export const loadMe = myUserId;

/** Who answers which tickets (clinic settings): the categories the signed-in role is offered. */
export const loadTicketRouting = async (api: ApiClient) => (await getSettings(api)).ticket_routing;

/** The back office's badge (through shell.ts): tickets waiting on the clinic (new or open), the queue's own list filtered, one row asked, its total read. */
export async function countTicketsNeedingStaff(api: ApiClient): Promise<number> {
  const { data, error } = await api.GET('/support/tickets', { params: { query: { status: ['new', 'open'], page_size: 1 } } });
  if (error || !data) throw error ?? new Error('the support queue could not be counted');
  return data.count;
}

/** The client record's overview and timeline: the client's tickets, newest activity first. */
export const clientTickets = (api: ApiClient, client: number) =>
  unwrap(api.GET('/support/tickets', { params: { query: { client, ordering: '-updated_at', page_size: 100 } } }));
