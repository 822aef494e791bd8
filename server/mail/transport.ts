// Where the server's messages go: invitations, confirmation codes, password-reset codes.
// `outbox` (the default) stores each message in the database so a clinic can run with no mail
// server and tests can read codes from /dev/outbox; `smtp` hands email to an SMTP server.
// Logs name the channel and the outbox row, never the address or the text (health data rules).
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { readClinicName } from './clinic-name.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  /** Files an email carries (a billing document's PDF). The outbox keeps their name, type, size and checksum. */
  attachments?: MailAttachment[];
}

/** What the outbox keeps of an attachment. */
export interface OutboxAttachment {
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
}

export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  /**
   * Sends (or records) one message. Pass the caller's transaction as `db` so a message and
   * the change that caused it are committed together.
   */
  send(message: OutgoingMessage, db?: Db): Promise<void>;
}

export interface OutboxRow {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
  attachments: OutboxAttachment[];
}

async function record(db: Db, message: OutgoingMessage): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const file of message.attachments ?? []) {
    await db
      .insertInto('mail_outbox_attachments')
      .values({
        outbox_id: row.id,
        filename: file.filename,
        content_type: file.contentType,
        size_bytes: file.content.length,
        sha256: createHash('sha256').update(file.content).digest('hex'),
      })
      .execute();
  }
  return Number(row.id);
}

export function createMailTransport(options: { kind: 'outbox' | 'smtp'; smtpUrl: string | null; fromAddress: string; db: Db; log: Logger }): MailTransport {
  if (options.kind === 'outbox') {
    return {
      kind: 'outbox',
      async send(message, db = options.db) {
        const id = await record(db, message);
        options.log.info({ outbox_id: id, channel: message.channel }, 'message recorded in outbox');
      },
    };
  }
  const smtp = nodemailer.createTransport(options.smtpUrl!);
  return {
    kind: 'smtp',
    async send(message, db = options.db) {
      if (message.channel === 'sms') {
        // No SMS gateway is configured for SMTP mode: keep the text where staff can find it.
        const id = await record(db, message);
        options.log.warn({ outbox_id: id }, 'no SMS gateway configured; SMS kept in the outbox');
        return;
      }
      await smtp.sendMail({
        // The clinic's own name as the sender every email shows, read with the message's transaction.
        from: { name: await readClinicName(db), address: options.fromAddress },
        to: message.to,
        subject: message.subject,
        text: message.body,
        attachments: (message.attachments ?? []).map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
      });
      options.log.info({ channel: 'email' }, 'message sent over SMTP');
    },
  };
}

/** Newest first, optionally only one recipient's (case-insensitive). */
export async function readOutbox(db: Db, to: string | null, limit = 100): Promise<OutboxRow[]> {
  let query = db.selectFrom('mail_outbox').select(['id', 'channel', 'recipient as to', 'subject', 'body', 'created_at']).orderBy('id', 'desc').limit(limit);
  if (to) query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', to.toLowerCase()));
  const rows = await query.execute();
  const files =
    rows.length === 0
      ? []
      : await db
          .selectFrom('mail_outbox_attachments')
          .select(['outbox_id', 'filename', 'content_type', 'size_bytes', 'sha256'])
          .where(
            'outbox_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('id')
          .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
    attachments: files
      .filter((f) => Number(f.outbox_id) === Number(r.id))
      .map((f) => ({ filename: f.filename, content_type: f.content_type, size: f.size_bytes, sha256: f.sha256 })),
  })) as OutboxRow[];
}
