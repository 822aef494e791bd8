// A message that must leave only if the change that caused it commits (a clinic cancellation's
// notice to the client). With the outbox transport the message row is written in the change's own
// transaction; with SMTP, where sending cannot be undone, a job row is written there instead and
// the scheduling worker sends it after the commit (at least once: a crash between sending and
// marking the job done sends it again, never for a change that was rolled back).
import type { Db } from '../db/database.ts';
import type { MailTransport, OutgoingMessage } from '../mail/transport.ts';
import { enqueue, type JobHandler } from './queue.ts';

export const NOTICE_JOB = 'message.notice';

/** Sends `message` as part of the transaction `trx`; `key` names it once (a retried change sends one). */
export async function deliverWith(trx: Db, mail: MailTransport, key: string, message: OutgoingMessage): Promise<void> {
  if (mail.kind === 'outbox') return mail.send(message, trx);
  await enqueue(trx, { kind: NOTICE_JOB, dedupeKey: `notice:${key}`, runAt: new Date(), payload: { ...message } });
}

export function noticeHandler(mail: MailTransport): JobHandler {
  return async (trx, job) => {
    const { channel, to, subject, body } = job.payload as unknown as OutgoingMessage;
    await mail.send({ channel, to, ...(subject !== undefined ? { subject } : {}), body }, trx);
    return 'done';
  };
}
