// Support's data access: tickets, their conversation and attachments. Every function takes the
// caller's transaction (or the pool) so a write and its audit entry commit together. A client's
// view of a ticket is built here without internal notes, so no route can leak one by accident:
// nor by a side channel. A client's `updated_at` is the ticket's `client_updated_at`, which an
// internal note does not move, and a client's messages are numbered 1, 2, 3… among the messages
// they see, so no gap in the numbers tells of a note between them.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import type { TicketStatus } from '../../../machines/support/ticket-lifecycle.ts';
import type { AttachmentType } from '../../../machines/support/support-rules.ts';
import type { Db } from '../../db/database.ts';
import { isClientRole } from '../policy.ts';

type S = components['schemas'];
export type TicketOut = S['SupportTicket'];
export type TicketDetailOut = S['SupportTicketDetail'];
export type MessageOut = S['SupportMessage'];
export type AttachmentOut = S['SupportAttachment'];

const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

/** The ticket row with the names the queue shows. */
function ticketQuery(db: Db) {
  return db
    .selectFrom('support_tickets as t')
    .innerJoin('users as c', 'c.id', 't.client_id')
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .select([
      't.id',
      't.client_id',
      't.category',
      't.subject',
      't.status',
      't.appointment_id',
      't.lab_order_id',
      't.assignee_id',
      't.opened_by',
      't.created_at',
      't.updated_at',
      't.client_updated_at',
      't.solved_at',
      't.closed_at',
      sql<string>`c.first_name || ' ' || c.last_name`.as('client_name'),
      sql<string | null>`a.first_name || ' ' || a.last_name`.as('assignee_name'),
    ]);
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketQuery>['executeTakeFirstOrThrow']>>;

/** Who reads: a client sees only what is visible to them (module header). */
export interface Audience {
  forClient: boolean;
}

const STAFF: Audience = { forClient: false };

function ticketOut(r: TicketRow, audience: Audience): TicketOut {
  return {
    id: r.id,
    client: r.client_id,
    client_name: r.client_name,
    category: r.category,
    subject: r.subject,
    status: r.status,
    appointment: r.appointment_id,
    lab_order: r.lab_order_id,
    assignee: r.assignee_id,
    assignee_name: r.assignee_name,
    opened_by: r.opened_by,
    created_at: iso(r.created_at),
    updated_at: iso(audience.forClient ? r.client_updated_at : r.updated_at),
    solved_at: isoOrNull(r.solved_at),
    closed_at: isoOrNull(r.closed_at),
  };
}

export async function findTicket(db: Db, id: number, audience: Audience = STAFF): Promise<TicketOut | undefined> {
  const row = await ticketQuery(db).where('t.id', '=', id).executeTakeFirst();
  return row ? ticketOut(row, audience) : undefined;
}

/** The ticket's status row, locked for the rest of the caller's transaction (one change at a time). */
export async function lockTicket(trx: Db, id: number) {
  return trx.selectFrom('support_tickets').select(['id', 'client_id', 'status', 'solved_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The ticket and its conversation; `forClient` leaves the clinic's internal notes out. */
export async function ticketDetail(db: Db, id: number, audience: Audience): Promise<TicketDetailOut | undefined> {
  const ticket = await findTicket(db, id, audience);
  if (!ticket) return undefined;
  const messages = await db
    .selectFrom('support_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.author_id', 'm.internal', 'm.body', 'm.created_at', 'u.role', sql<string>`u.first_name || ' ' || u.last_name`.as('author_name')])
    .where('m.ticket_id', '=', id)
    .$if(audience.forClient, (q) => q.where('m.internal', '=', false))
    .orderBy('m.id')
    .execute();
  const ids = messages.map((m) => m.id);
  const files = ids.length
    ? await db
        .selectFrom('support_attachments')
        .select(['id', 'message_id', 'file_name', 'content_type', 'size_bytes', 'sha256', 'created_at'])
        .where('message_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  return {
    ...ticket,
    messages: messages.map((m, i) => ({
      id: audience.forClient ? i + 1 : m.id,
      author: m.author_id,
      author_name: m.author_name,
      from_clinic: !isClientRole(m.role),
      internal: m.internal,
      body: m.body,
      created_at: iso(m.created_at),
      attachments: files.filter((f) => f.message_id === m.id).map(attachmentOut),
    })),
  };
}

export interface TicketListQuery {
  client?: number;
  status?: TicketStatus[];
  category?: TicketOut['category'];
  /** Only these categories (undefined: every one). */
  categories?: TicketOut['category'][];
  /** 0: unassigned. */
  assignee?: number;
  /** Opened at least this many days ago. */
  minAgeDays?: number;
  ordering: string;
  page: number;
  pageSize: number;
  audience: Audience;
}

const ORDER_COLUMNS = { created_at: 't.created_at', updated_at: 't.updated_at', status: 't.status', category: 't.category' } as const;
const CLIENT_ORDER_COLUMNS = { ...ORDER_COLUMNS, updated_at: 't.client_updated_at' } as const;

export async function listTickets(db: Db, q: TicketListQuery): Promise<{ count: number; results: TicketOut[] }> {
  let base = ticketQuery(db);
  if (q.client !== undefined) base = base.where('t.client_id', '=', q.client);
  if (q.status?.length) base = base.where('t.status', 'in', q.status);
  if (q.category) base = base.where('t.category', '=', q.category);
  // The categories the caller answers (staff outside ADMIN): the queue is theirs, not the whole clinic's.
  if (q.categories) base = q.categories.length ? base.where('t.category', 'in', q.categories) : base.where(sql<boolean>`false`);
  if (q.assignee === 0) base = base.where('t.assignee_id', 'is', null);
  else if (q.assignee !== undefined) base = base.where('t.assignee_id', '=', q.assignee);
  if (q.minAgeDays !== undefined) base = base.where('t.created_at', '<=', sql<Date>`now() - make_interval(days => ${q.minAgeDays}::int)`);
  const { n } = await base
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const descending = q.ordering.startsWith('-');
  const column = (q.audience.forClient ? CLIENT_ORDER_COLUMNS : ORDER_COLUMNS)[q.ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const rows = await base
    .orderBy(column, descending ? 'desc' : 'asc')
    .orderBy('t.id', descending ? 'desc' : 'asc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(n), results: rows.map((r) => ticketOut(r, q.audience)) };
}

export async function insertTicket(
  trx: Db,
  fields: { client: number; category: TicketOut['category']; subject: string; appointment: number | null; labOrder: number | null; openedBy: number },
): Promise<number> {
  const row = await trx
    .insertInto('support_tickets')
    .values({
      client_id: fields.client,
      category: fields.category,
      subject: fields.subject,
      appointment_id: fields.appointment,
      lab_order_id: fields.labOrder,
      opened_by: fields.openedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMessage(trx: Db, fields: { ticket: number; author: number; internal: boolean; body: string }): Promise<number> {
  const row = await trx
    .insertInto('support_messages')
    .values({ ticket_id: fields.ticket, author_id: fields.author, internal: fields.internal, body: fields.body })
    .returning('id')
    .executeTakeFirstOrThrow();
  // An internal note is the clinic's change only: the client's view of the ticket stays as it was.
  const now = new Date();
  await trx
    .updateTable('support_tickets')
    .set(fields.internal ? { updated_at: now } : { updated_at: now, client_updated_at: now })
    .where('id', '=', fields.ticket)
    .execute();
  return row.id;
}

/**
 * Attaches the caller's own, not yet attached uploads to a message. Returns false (and attaches
 * nothing) when any id is someone else's, attached already or unknown.
 */
export async function attachUploads(trx: Db, ids: number[], uploader: number, message: number): Promise<boolean> {
  if (!ids.length) return true;
  const free = await trx
    .selectFrom('support_attachments')
    .select('id')
    .where('id', 'in', ids)
    .where('uploaded_by', '=', uploader)
    .where('message_id', 'is', null)
    .forUpdate()
    .execute();
  if (free.length !== ids.length) return false;
  await trx.updateTable('support_attachments').set({ message_id: message }).where('id', 'in', ids).execute();
  return true;
}

/** True when every id is an upload of `uploader` not attached yet (checked before writing). */
export async function uploadsAreFree(db: Db, ids: number[], uploader: number): Promise<boolean> {
  if (!ids.length) return true;
  const free = await db
    .selectFrom('support_attachments')
    .select('id')
    .where('id', 'in', ids)
    .where('uploaded_by', '=', uploader)
    .where('message_id', 'is', null)
    .execute();
  return free.length === ids.length;
}

export async function setTicketStatus(trx: Db, id: number, to: TicketStatus, now: Date): Promise<void> {
  await trx
    .updateTable('support_tickets')
    .set({
      status: to,
      updated_at: now,
      client_updated_at: now,
      ...(to === 'solved' ? { solved_at: now } : {}),
      ...(to === 'closed' ? { closed_at: now } : {}),
      ...(to === 'open' ? { solved_at: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function setAssignee(trx: Db, id: number, assignee: number | null): Promise<void> {
  const now = new Date();
  // The client's ticket shows who holds it, so a change of hands is theirs to see too.
  await trx.updateTable('support_tickets').set({ assignee_id: assignee, updated_at: now, client_updated_at: now }).where('id', '=', id).execute();
}

function attachmentOut(r: { id: number; file_name: string; content_type: string; size_bytes: number; sha256: string; created_at: unknown }): AttachmentOut {
  return {
    id: r.id,
    file_name: r.file_name,
    content_type: r.content_type as AttachmentType,
    size: r.size_bytes,
    sha256: r.sha256,
    created_at: iso(r.created_at),
  };
}

export async function insertAttachment(trx: Db, fields: { uploader: number; fileName: string; type: AttachmentType; content: Buffer }): Promise<AttachmentOut> {
  const row = await trx
    .insertInto('support_attachments')
    .values({
      uploaded_by: fields.uploader,
      file_name: fields.fileName,
      content_type: fields.type,
      size_bytes: fields.content.length,
      sha256: createHash('sha256').update(fields.content).digest('hex'),
      content: fields.content,
    })
    .returning(['id', 'file_name', 'content_type', 'size_bytes', 'sha256', 'created_at'])
    .executeTakeFirstOrThrow();
  return attachmentOut(row);
}

/** An attachment with what decides who may read it: its uploader, and the message and ticket it is on. */
export async function findAttachment(db: Db, id: number) {
  return db
    .selectFrom('support_attachments as f')
    .leftJoin('support_messages as m', 'm.id', 'f.message_id')
    .leftJoin('support_tickets as t', 't.id', 'm.ticket_id')
    .select(['f.id', 'f.uploaded_by', 'f.file_name', 'f.content_type', 'f.size_bytes', 'f.sha256', 'f.content', 'm.internal', 't.client_id'])
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** Staff who may hold a ticket. */
export async function isStaffMember(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('role').where('id', '=', id).where('is_active', '=', true).executeTakeFirst();
  return row !== undefined && !isClientRole(row.role);
}

export async function isClientsLabOrder(db: Db, order: number, client: number): Promise<boolean> {
  const row = await db.selectFrom('lab_orders').select('id').where('id', '=', order).where('client_id', '=', client).executeTakeFirst();
  return row !== undefined;
}

export async function isClientsAppointment(db: Db, appointment: number, client: number): Promise<boolean> {
  const row = await db.selectFrom('appointments').select('id').where('id', '=', appointment).where('client_id', '=', client).executeTakeFirst();
  return row !== undefined;
}

/** Where to tell a client the clinic replied: SMS when they prefer it and have a number, else email. */
export async function contactOf(db: Db, client: number): Promise<{ channel: 'email' | 'sms'; to: string } | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.email', 'u.phone_number', 'p.preferred_contact_method'])
    .where('u.id', '=', client)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.preferred_contact_method === 'sms' && row.phone_number) return { channel: 'sms', to: row.phone_number };
  return { channel: 'email', to: row.email };
}
