// A notice leaves only if the change that caused it commits (server/jobs/notices.ts): with the
// outbox transport its row is written in the change's transaction; with SMTP a job row is, and the
// worker sends it once after the commit. A rolled-back change leaves neither, and sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { deliverWith, NOTICE_JOB, noticeHandler } from '../../../server/jobs/notices.ts';
import { runDueJobs } from '../../../server/jobs/queue.ts';
import { createMailTransport, type MailTransport, type OutgoingMessage, readOutbox } from '../../../server/mail/transport.ts';
import { createTestDatabase, engines, type TestDatabase } from '../../support/engines.ts';

const MESSAGE: OutgoingMessage = {
  channel: 'email',
  to: 'notice.client@clinic.test',
  subject: 'Your appointment was cancelled',
  body: 'Cancelled by the clinic.',
};
const ROLLED_BACK = new Error('the change was rolled back');

/** An SMTP transport as the queue sees it: what it sends cannot be taken back. */
function smtpSpy(): MailTransport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return { kind: 'smtp', sent, send: async (message) => void sent.push(message) };
}

describe.each(engines)('notices sent with their change on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db as Db;
  }, 120_000);
  afterAll(() => database.close());

  const inChange = async (work: (trx: Db) => Promise<void>, commit: boolean) => {
    await db
      .transaction()
      .execute(async (trx) => {
        await work(trx);
        if (!commit) throw ROLLED_BACK;
      })
      .catch((error) => {
        if (error !== ROLLED_BACK) throw error;
      });
  };
  const jobs = async () => db.selectFrom('scheduled_jobs').select(['kind', 'dedupe_key', 'status']).where('kind', '=', NOTICE_JOB).execute();

  it('with SMTP: a job in the transaction, sent once after the commit, nothing for a rollback', async () => {
    const smtp = smtpSpy();
    await inChange((trx) => deliverWith(trx, smtp, 'rolled-back', MESSAGE), false);
    expect(await jobs()).toEqual([]);
    await inChange(async (trx) => {
      await deliverWith(trx, smtp, 'kept', MESSAGE);
      // The same change retried names the same notice: still one.
      await deliverWith(trx, smtp, 'kept', MESSAGE);
    }, true);
    expect(smtp.sent).toEqual([]);
    expect(await jobs()).toEqual([{ kind: NOTICE_JOB, dedupe_key: 'notice:kept', status: 'pending' }]);
    await runDueJobs(db, { [NOTICE_JOB]: noticeHandler(smtp) });
    await runDueJobs(db, { [NOTICE_JOB]: noticeHandler(smtp) });
    expect(smtp.sent).toEqual([MESSAGE]);
    expect((await jobs())[0].status).toBe('done');
  });

  it('with the outbox: the message row in the transaction, none for a rollback', async () => {
    const log = { info: () => {}, warn: () => {} } as unknown as Parameters<typeof createMailTransport>[0]['log'];
    const outbox = createMailTransport({ kind: 'outbox', smtpUrl: null, fromAddress: 'clinic@clinic.test', db, log });
    const to = 'outbox.notice@clinic.test';
    await inChange((trx) => deliverWith(trx, outbox, 'o-rolled-back', { ...MESSAGE, to }), false);
    expect(await readOutbox(db, to)).toEqual([]);
    await inChange((trx) => deliverWith(trx, outbox, 'o-kept', { ...MESSAGE, to }), true);
    expect((await readOutbox(db, to)).map((m) => m.body)).toEqual([MESSAGE.body]);
  });
});
