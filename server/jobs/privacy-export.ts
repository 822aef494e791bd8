// "Download my data" in the background (issue 38): asking for an export queues one job on the
// durable queue (queue.ts). Its first run marks the export building and queues the build; the
// build reads every section of the client's data in one transaction, writes the archive into the
// export's row, marks it ready, queues its expiry and tells the client, all committed together:
// killed part-way, the job is still pending and runs again from where the chart says it is. The
// expiry job drops the archive once the export's days are over. A build that fails on every
// attempt the queue gives it ends the export `failed` (the queue's `gaveUp`, in the transaction
// that gives the job up): nothing kept, the client told to ask again, and a new ask no longer
// refused. Clocks are parameters so tests can run the expiry "a week later".
import { createHash } from 'node:crypto';
import { stepTo } from '../../machines/lifecycle/lifecycle.ts';
import { expiresAt, exportLifecycle } from '../../machines/privacy/export-lifecycle.ts';
import { recordSystemAudit } from '../api/audit/data.ts';
import { buildArchive } from '../api/privacy/archive.ts';
import { lockExport, stepExport } from '../api/privacy/data.ts';
import { PRIVACY_TEXTS } from '../api/privacy/texts.ts';
import type { Db } from '../db/database.ts';
import { readClinicName } from '../mail/clinic-name.ts';
import type { MailTransport } from '../mail/transport.ts';
import { deliverWith } from './notices.ts';
import { enqueue, type Job, type JobHandler } from './queue.ts';

export const EXPORT_BUILD_JOB = 'privacy.export.build';
export const EXPORT_EXPIRE_JOB = 'privacy.export.expire';

/** Queues the export's first step (in the request's transaction: no job for a request rolled back). */
export async function enqueueExport(db: Db, id: number, now = new Date()): Promise<void> {
  await enqueue(db, { kind: EXPORT_BUILD_JOB, dedupeKey: `privacy-export:${id}:start`, runAt: now, payload: { export: id } });
}

class NotYetDue extends Error {
  override name = 'NotYetDue';
}

/** Emails the client about their export (a client without an email address asks at the desk). */
async function tellClient(trx: Db, mail: MailTransport, client: number, key: string, subject: string, body: (name: string) => string): Promise<void> {
  const to = await trx.selectFrom('users').select(['email', 'first_name']).where('id', '=', client).executeTakeFirstOrThrow();
  if (to.email) await deliverWith(trx, mail, key, { channel: 'email', to: to.email, subject, body: body(to.first_name) });
}

export function exportBuildHandler(mail: MailTransport, clock: () => Date = () => new Date()): JobHandler {
  const build: JobHandler = async (trx, job) => {
    const row = await lockExport(trx, Number(job.payload.export));
    if (!row) return 'skipped';
    const now = clock();
    if (row.status === 'requested') {
      await stepExport(trx, row, 'building', now);
      await enqueue(trx, { kind: EXPORT_BUILD_JOB, dedupeKey: `privacy-export:${row.id}:build`, runAt: now, payload: { export: row.id } });
      return 'done';
    }
    if (row.status !== 'building') return 'skipped';
    const clinic = await readClinicName(trx);
    const { zip } = await buildArchive(trx, row.client_id, now, clinic);
    const until = expiresAt(now);
    await stepExport(trx, row, 'ready', now, { archive: { bytes: zip, sha256: createHash('sha256').update(zip).digest('hex'), expiresAt: until } });
    await enqueue(trx, { kind: EXPORT_EXPIRE_JOB, dedupeKey: `privacy-export:${row.id}:expire`, runAt: until, payload: { export: row.id } });
    await recordSystemAudit(trx, { action: 'privacy.export.ready', client: row.client_id, requestId: `privacy-export:${row.id}` });
    await tellClient(trx, mail, row.client_id, `privacy-export-ready:${row.id}`, PRIVACY_TEXTS.readySubject(clinic), (name) =>
      PRIVACY_TEXTS.readyBody(name, clinic, until.toISOString().slice(0, 10)),
    );
    return 'done';
  };
  return Object.assign(build, {
    // The build failed on its last attempt: the export ends failed so the client may ask again.
    async gaveUp(trx: Db, job: Job) {
      const row = await lockExport(trx, Number(job.payload.export));
      if (row?.status !== 'building') return;
      await stepExport(trx, row, 'failed', clock());
      await recordSystemAudit(trx, { action: 'privacy.export.fail', client: row.client_id, requestId: `privacy-export:${row.id}` });
      const clinic = await readClinicName(trx);
      await tellClient(trx, mail, row.client_id, `privacy-export-failed:${row.id}`, PRIVACY_TEXTS.failedSubject(clinic), (name) =>
        PRIVACY_TEXTS.failedBody(name, clinic),
      );
    },
  });
}

export function exportExpireHandler(clock: () => Date = () => new Date()): JobHandler {
  return async (trx, job) => {
    const row = await lockExport(trx, Number(job.payload.export));
    if (!row || row.status !== 'ready') return 'skipped';
    const now = clock();
    const context = { readyAt: new Date(row.ready_at!).toISOString(), now: now.toISOString() };
    // Due by the database's clock but not yet by this one (clocks drift): the queue retries later.
    if (!stepTo(exportLifecycle, 'ready', 'expired', { context })) throw new NotYetDue();
    await stepExport(trx, row, 'expired', now);
    await recordSystemAudit(trx, { action: 'privacy.export.expire', client: row.client_id, requestId: `privacy-export:${row.id}` });
    return 'done';
  };
}
