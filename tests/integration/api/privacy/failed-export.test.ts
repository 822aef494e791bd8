// A data export whose build fails on every attempt ends "failed" instead of blocking the client
// (issue 38), on each engine. The cause is a real one made in the database: a table the build
// reads is renamed away (as a migration out of step with the code would leave it), so every
// attempt's read throws PostgreSQL's own "relation does not exist". The real job queue retries the
// build until its attempt limit and gives it up; the export is then failed, keeps nothing, the
// client is mailed to ask again and is audited, and a new ask is taken and built once the table is back.
// A give-up step that itself fails (the mail outbox renamed away as well) gives nothing up: the job
// stays pending and is given up on a later attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS } from '../../../../server/api/privacy/texts.ts';
import { EXPORT_BUILD_JOB, exportBuildHandler } from '../../../../server/jobs/privacy-export.ts';
import { MAX_ATTEMPTS, runDueJobs } from '../../../../server/jobs/queue.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

/** A table the profile section reads (sections.ts). */
const READ_BY_THE_BUILD = 'portal_home_views';

describe.each(engines)('a data export that cannot be built, on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let failedId: number;

  const runBuild = () => runDueJobs(t.database.db, { [EXPORT_BUILD_JOB]: exportBuildHandler(t.runtime.mail) });
  /** The queue backs off after a failure; the next attempt is made due now rather than waited for. */
  const dueNow = () =>
    t.database.db
      .updateTable('scheduled_jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('kind', '=', EXPORT_BUILD_JOB)
      .where('status', '=', 'pending')
      .execute();
  const rename = (from: string, to: string) => t.database.db.schema.alterTable(from).renameTo(to).execute();
  const mailed = (subject: string) =>
    t.database.db.selectFrom('mail_outbox').select(['subject', 'body']).where('recipient', '=', client.email).where('subject', '=', subject).execute();
  const exportRow = (id: number) =>
    t.database.db
      .selectFrom('data_exports')
      .select(['status', 'archive', 'ready_at', 'expires_at', 'size_bytes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PRIVACY_JOBS_POLL_MS: '0' } });
    client = await addUser(t, 'CLIENT', { first_name: 'Anil' });
  }, 180_000);
  afterAll(() => t.close());

  it('stays building, blocking a new ask, while the queue still retries it', async () => {
    await rename(READ_BY_THE_BUILD, `${READ_BY_THE_BUILD}_away`);
    const asked = await api(t, client, 'POST', '/privacy/exports', {});
    expect(asked.status).toBe(201);
    failedId = asked.body.id;
    await runBuild(); // requested → building, then the build's first attempt fails
    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt++) {
      await dueNow();
      await runBuild();
    }
    const job = await t.database.db
      .selectFrom('scheduled_jobs')
      .select(['status', 'attempts'])
      .where('dedupe_key', '=', `privacy-export:${failedId}:build`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'pending', attempts: MAX_ATTEMPTS - 1 });
    expect((await exportRow(failedId)).status).toBe('building');
    expect((await api(t, client, 'POST', '/privacy/exports', {})).status).toBe(409);
  });

  it('a give-up that cannot be written (the mail outbox away too) gives nothing up: the job is tried again later', async () => {
    await rename('mail_outbox', 'mail_outbox_away');
    try {
      await dueNow();
      await runBuild();
    } finally {
      await rename('mail_outbox_away', 'mail_outbox');
    }
    const job = await t.database.db
      .selectFrom('scheduled_jobs')
      .select(['status', 'attempts'])
      .where('dedupe_key', '=', `privacy-export:${failedId}:build`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'pending', attempts: MAX_ATTEMPTS });
    expect((await exportRow(failedId)).status).toBe('building');
    expect(await t.database.db.selectFrom('audit_events').select('id').where('action', '=', 'privacy.export.fail').execute()).toEqual([]);
  });

  it('its last attempt failing ends the export failed: nothing kept, the client mailed once and the step audited', async () => {
    await dueNow();
    await runBuild();
    const job = await t.database.db
      .selectFrom('scheduled_jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('dedupe_key', '=', `privacy-export:${failedId}:build`)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(MAX_ATTEMPTS + 1);
    // The error's class only: a message could quote personal data.
    expect(job.last_error).not.toMatch(/portal_home_views/);
    expect(await exportRow(failedId)).toEqual({ status: 'failed', archive: null, ready_at: null, expires_at: null, size_bytes: null });
    const read = await api(t, client, 'GET', `/privacy/exports/${failedId}`);
    expect(read.body).toMatchObject({ id: failedId, status: 'failed', ready_at: null, expires_at: null, size_bytes: null });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/privacy/exports/${failedId}/archive`,
      headers: { authorization: `Bearer ${client.accessToken}` },
    });
    expect(download.statusCode).toBe(409);
    expect(JSON.parse(download.body).detail).toBe(PRIVACY_TEXTS.notReady);
    const clinic = 'Thrive Clinic';
    const told = await mailed(PRIVACY_TEXTS.failedSubject(clinic));
    expect(told).toEqual([{ subject: PRIVACY_TEXTS.failedSubject(clinic), body: PRIVACY_TEXTS.failedBody('Anil', clinic) }]);
    expect(await mailed(PRIVACY_TEXTS.readySubject(clinic))).toEqual([]);
    const audited = await t.database.db
      .selectFrom('audit_events')
      .select(['actor_id', 'client_id', 'outcome'])
      .where('action', '=', 'privacy.export.fail')
      .execute();
    expect(audited).toEqual([{ actor_id: null, client_id: client.id, outcome: 'success' }]);
    // Nothing more happens however often the queue runs.
    await runBuild();
    expect(await mailed(PRIVACY_TEXTS.failedSubject(clinic))).toHaveLength(1);
  });

  it('no longer blocks: the client asks again and, the table back, gets a ready archive', async () => {
    await rename(`${READ_BY_THE_BUILD}_away`, READ_BY_THE_BUILD);
    const again = await api(t, client, 'POST', '/privacy/exports', {});
    expect(again.status).toBe(201);
    await runBuild();
    const list = await api(t, client, 'GET', '/privacy/exports');
    expect(list.body.map((e: { id: number; status: string }) => [e.id, e.status])).toEqual([
      [again.body.id, 'ready'],
      [failedId, 'failed'],
    ]);
    expect((await exportRow(failedId)).status).toBe('failed');
  });

  it('the database refuses a failed export that keeps an archive', async () => {
    const kept = t.database.db
      .updateTable('data_exports')
      .set({ archive: new Uint8Array([1, 2, 3]) })
      .where('id', '=', failedId)
      .execute();
    await expect(kept).rejects.toThrow();
  });
});
