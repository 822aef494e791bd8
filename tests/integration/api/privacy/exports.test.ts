// "Download my data" end to end on each engine (issue 38): a client asks, the privacy job builds
// the archive (requested → building → ready) and mails the client; the client downloads one zip
// with every section's JSON, their files and a PDF summary, never the sealed Aadhaar number nor the
// clinic's internal notes; each download is audited; another client gets 404 everywhere; staff ask
// for a client; a week later the archive expires and is deleted.
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_KEEP_DAYS } from '../../../../machines/privacy/export-lifecycle.ts';
import { EXPORT_SECTIONS, WITHHELD_CREDENTIAL } from '../../../../server/api/privacy/sections.ts';
import { PRIVACY_TEXTS } from '../../../../server/api/privacy/texts.ts';
import { EXPORT_BUILD_JOB, EXPORT_EXPIRE_JOB, exportBuildHandler, exportExpireHandler } from '../../../../server/jobs/privacy-export.ts';
import { runDueJobs } from '../../../../server/jobs/queue.ts';
import { engines } from '../../../support/engines.ts';
import { identityCall, latestCode } from '../../../support/identity.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api, verhoeffCheckDigit } from '../support.ts';

const AADHAAR = `34567890123${verhoeffCheckDigit('34567890123')}`;
const NOTE = 'Internal: client disputes the second charge';
const DAY = 86_400_000;

describe.each(engines)('data exports on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  let client: Actor;
  let other: Actor;
  let exportId: number;
  let resetCode: string;

  const build = () => runDueJobs(t.database.db, { [EXPORT_BUILD_JOB]: exportBuildHandler(t.runtime.mail) });
  const download = (actor: Actor, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/v1/privacy/exports/${id}/archive`, headers: { authorization: `Bearer ${actor.accessToken}` } });
  const audits = (action: string, outcome = 'success') =>
    t.database.db
      .selectFrom('audit_events')
      .select(['actor_id', 'client_id'])
      .where('action', '=', action as never)
      .where('outcome', '=', outcome as never)
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { PRIVACY_JOBS_POLL_MS: '0' } });
    admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT', { first_name: 'Meera', phone_number: '+919812345678' });
    other = await addUser(t, 'CLIENT');
    expect((await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { aadhar_number: AADHAAR, city: 'Kochi' })).status).toBe(200);
    const ticket = await api(t, client, 'POST', '/support/tickets', { category: 'billing', subject: 'Charged twice', message: 'Please check my invoice' });
    expect(ticket.status).toBe(201);
    expect((await api(t, admin, 'POST', `/support/tickets/${ticket.body.id}/messages`, { body: NOTE, internal: true })).status).toBe(201);
    // A password reset code sent to the client: the archive says it was sent, never the code.
    expect((await identityCall(t, 'ForgotPassword', { ClientId: t.runtime.identity.clientId, Username: client.email })).status).toBe(200);
    resetCode = await latestCode(t, client.email);
    // A staff member reads the record: the archive's record views name them.
    expect((await api(t, nurse, 'GET', `/users/user-profiles/${client.id}`)).status).toBe(200);
  }, 180_000);
  afterAll(() => t.close());

  it('a client asks once; a second ask while it is under way is refused', async () => {
    const asked = await api(t, client, 'POST', '/privacy/exports', {});
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ client: client.id, status: 'requested', ready_at: null, expires_at: null, size_bytes: null });
    exportId = asked.body.id;
    const again = await api(t, client, 'POST', '/privacy/exports', {});
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(PRIVACY_TEXTS.underWay);
    expect(await t.database.db.selectFrom('data_exports').select('id').where('client_id', '=', client.id).execute()).toHaveLength(1);
    expect((await audits('privacy.export.request')).filter((a) => a.client_id === client.id)).toHaveLength(1);
  });

  it('another client sees none of it: 404 to read, download or ask for it, and the refusals are audited', async () => {
    expect((await api(t, other, 'GET', `/privacy/exports/${exportId}`)).status).toBe(404);
    expect((await download(other, exportId)).statusCode).toBe(404);
    expect((await api(t, other, 'POST', '/privacy/exports', { client: client.id })).status).toBe(404);
    expect((await api(t, other, 'GET', `/privacy/exports?client=${client.id}`)).status).toBe(404);
    expect((await api(t, other, 'GET', '/privacy/exports')).body).toEqual([]);
    const denied = await t.database.db.selectFrom('audit_events').select('action').where('actor_id', '=', other.id).where('outcome', '=', 'denied').execute();
    expect(denied.map((d) => d.action).sort()).toEqual(['privacy.export.download', 'privacy.export.list', 'privacy.export.read', 'privacy.export.request']);
  });

  it('staff name the client (400 naming the field otherwise)', async () => {
    const unnamed = await api(t, nurse, 'POST', '/privacy/exports', {});
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors.client).toEqual([PRIVACY_TEXTS.clientRequired]);
    const notAClient = await api(t, nurse, 'POST', '/privacy/exports', { client: admin.id });
    expect(notAClient.status).toBe(400);
    expect(notAClient.body.errors.client).toEqual([PRIVACY_TEXTS.noClient]);
    expect((await api(t, nurse, 'GET', `/privacy/exports?client=${client.id}`)).body.map((e: { id: number }) => e.id)).toEqual([exportId]);
  });

  it('is not downloadable before it is ready', async () => {
    const early = await download(client, exportId);
    expect(early.statusCode).toBe(409);
    expect(JSON.parse(early.body).detail).toBe(PRIVACY_TEXTS.notReady);
  });

  it('the job builds it (requested → building → ready) and mails the client', async () => {
    await build();
    const ready = await api(t, client, 'GET', `/privacy/exports/${exportId}`);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.size_bytes).toBeGreaterThan(0);
    expect(Date.parse(ready.body.expires_at) - Date.parse(ready.body.ready_at)).toBe(EXPORT_KEEP_DAYS * DAY);
    const mail = await t.database.db.selectFrom('mail_outbox').select(['subject', 'body']).where('recipient', '=', client.email).execute();
    expect(mail.filter((m) => m.subject?.includes('your data is ready to download'))).toHaveLength(1);
    // Run again: nothing more happens (idempotent), and the client may now ask anew.
    await build();
    expect((await t.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', client.email).execute()).length).toBe(mail.length);
    expect(await audits('privacy.export.ready')).toEqual([{ actor_id: null, client_id: client.id }]);
  });

  it('downloads one zip with every section, the files and a PDF summary; never the sealed Aadhaar or internal notes', async () => {
    const res = await download(client, exportId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    for (const section of EXPORT_SECTIONS) expect(Object.keys(files)).toContain(`${section.key}.json`);
    expect(strFromU8(files['summary.pdf'].subarray(0, 5))).toBe('%PDF-');
    expect(Object.keys(files)).toContain('README.txt');
    const json = (key: string) => JSON.parse(strFromU8(files[`${key}.json`])).tables;
    const profile = json('profile');
    expect(profile.users[0]).toMatchObject({ id: client.id, first_name: 'Meera', phone_number: '+919812345678' });
    expect(profile.users[0]).not.toHaveProperty('sub');
    expect(profile.user_profiles[0]).toMatchObject({ city: 'Kochi', aadhar_last4: AADHAAR.slice(-4) });
    expect(profile.user_profiles[0]).not.toHaveProperty('aadhar_sealed');
    const sealed = (await t.database.db.selectFrom('user_profiles').select('aadhar_sealed').where('user_id', '=', client.id).executeTakeFirstOrThrow())
      .aadhar_sealed!;
    const everything = Object.values(files)
      .map((f) => Buffer.from(f).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain(AADHAAR);
    expect(everything).not.toContain(String(sealed));
    expect(everything).not.toContain(NOTE);
    expect(everything).not.toContain(resetCode);
    const sent = json('messages').mail_outbox as { subject: string; body: string }[];
    expect(sent.find((m) => m.subject.startsWith('Your password reset code'))?.body).toBe(WITHHELD_CREDENTIAL);
    const support = json('support');
    expect(support.support_tickets).toHaveLength(1);
    expect(support.support_messages.map((m: { body: string }) => m.body)).toEqual(['Please check my invoice']);
    const views = json('record-views').audit_events as { actor_id: number | null; actor_name: string; actor_role: string }[];
    expect(views.some((v) => v.actor_id === nurse.id && v.actor_role === 'NURSE' && v.actor_name.startsWith('Nurse'))).toBe(true);
    // Nothing of another client's.
    expect(JSON.stringify(json('profile'))).not.toContain(other.email);
  });

  it('each download is on the client’s audit trail; staff may download it too', async () => {
    const before = (await audits('privacy.export.download')).length;
    expect((await download(nurse, exportId)).statusCode).toBe(200);
    expect((await download(client, exportId)).statusCode).toBe(200);
    const after = await audits('privacy.export.download');
    expect(after.length - before).toBe(2);
    expect(after.slice(-2)).toEqual([
      { actor_id: nurse.id, client_id: client.id },
      { actor_id: client.id, client_id: client.id },
    ]);
  });

  it('staff ask for a client; the client may ask again once the last one is ready', async () => {
    const asked = await api(t, nurse, 'POST', '/privacy/exports', { client: client.id });
    expect(asked.status).toBe(201);
    expect(asked.body.status).toBe('requested');
    await build();
    expect((await api(t, client, 'GET', '/privacy/exports')).body.map((e: { status: string }) => e.status)).toEqual(['ready', 'ready']);
  });

  it(`expires ${EXPORT_KEEP_DAYS} days after it was ready: the archive is deleted and a download is refused`, async () => {
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('kind', '=', EXPORT_EXPIRE_JOB)
      .execute();
    // Not yet by the job's clock: nothing expires (the queue retries later).
    await runDueJobs(t.database.db, { [EXPORT_EXPIRE_JOB]: exportExpireHandler(() => new Date()) });
    expect((await api(t, client, 'GET', `/privacy/exports/${exportId}`)).body.status).toBe('ready');
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('kind', '=', EXPORT_EXPIRE_JOB)
      .execute();
    const later = new Date(Date.now() + (EXPORT_KEEP_DAYS + 1) * DAY);
    await runDueJobs(t.database.db, { [EXPORT_EXPIRE_JOB]: exportExpireHandler(() => later) });
    expect((await api(t, client, 'GET', `/privacy/exports/${exportId}`)).body.status).toBe('expired');
    const row = await t.database.db.selectFrom('data_exports').select('archive').where('id', '=', exportId).executeTakeFirstOrThrow();
    expect(row.archive).toBeNull();
    const refused = await download(client, exportId);
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).detail).toBe(PRIVACY_TEXTS.expired);
  });
});
