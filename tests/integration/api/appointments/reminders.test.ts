// Reminders from the durable job queue: due once, sent once, skipped when the appointment moved
// or was cancelled, retried after a failure, shared between workers with SKIP LOCKED, and a
// kill -9 of the real server in the middle of sending neither loses nor duplicates one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { book } from '../../../../server/api/appointments/booking.ts';
import { findService, getSettings } from '../../../../server/api/appointments/data.ts';
import { MESSAGES } from '../../../../server/api/appointments/texts.ts';
import { readClinicFormat } from '../../../../server/api/clinic/data.ts';
import { insertUserWithProfile } from '../../../../server/api/people/provision.ts';
import { type Db, openDatabase } from '../../../../server/db/database.ts';
import { runDueJobs } from '../../../../server/jobs/queue.ts';
import { enqueueReminders, REMINDER_JOB, reminderHandler } from '../../../../server/jobs/reminders.ts';
import { formatClinicWhen } from '../../../../server/mail/clinic-when.ts';
import type { MailTransport } from '../../../../server/mail/transport.ts';
import { createFromPostgresTemplate, migratedDataDir } from '../../../support/db-template.ts';
import { engines } from '../../../support/engines.ts';
import { startServer } from '../../../support/server-process.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { api } from '../support.ts';
import { at, buildClinic, type Clinic, setHours } from './fixtures.ts';

const H = 3_600_000;

const reminders = async (db: Db, to?: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['recipient', 'body'])
    .where('subject', '=', MESSAGES.reminderSubject)
    .$if(to !== undefined, (q) => q.where('recipient', '=', to!))
    .execute();

describe.each(engines)('reminders on %s', (engine) => {
  let t: TestApp;
  let c: Clinic;
  let handlers: Record<string, ReturnType<typeof reminderHandler>>;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    c = await buildClinic(t);
    handlers = { [REMINDER_JOB]: reminderHandler(t.runtime.mail) };
  }, 180_000);
  afterAll(() => t.close());

  it('queues 24 h and 2 h reminders; a booking inside 24 h gets one at once, then the 2 h one', async () => {
    const db = t.database.db;
    // Round the clock open for this test, so "ten hours from now" is bookable whatever the time.
    await setHours(t, c.admin, [c.doctor.id], '00:00', '24:00');
    const start = new Date(Math.ceil((Date.now() + 10 * H) / (15 * 60_000)) * 15 * 60_000).toISOString();
    const created = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.otherClient.id, service: c.consult, start });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const jobs = await db
      .selectFrom('scheduled_jobs')
      .select(['dedupe_key', 'run_at', 'status'])
      .where('dedupe_key', 'like', `reminder:${id}:%`)
      .orderBy('run_at')
      .execute();
    expect(jobs.map((j) => j.dedupe_key)).toEqual([`reminder:${id}:24`, `reminder:${id}:2`]);
    expect(new Date(jobs[0].run_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(jobs[1].run_at).getTime()).toBe(Date.parse(start) - 2 * H);
    await runDueJobs(db, handlers);
    await runDueJobs(db, handlers);
    const sent = await reminders(db, c.otherClient.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain('Doctor consultation');
    // Written on the clinic's clock the clinic's way (en-IN by default): "Mon, 2 Mar, 2026, 10:00 am".
    expect(sent[0].body).toContain(formatClinicWhen(start, await readClinicFormat(db)));
    expect(sent[0].body).toMatch(/\b\d{1,2} [A-Z][a-z]{2},? \d{4}, \d{1,2}:\d{2}\s[ap]m\b/);
    // Enqueueing again (a retried request) adds nothing.
    await enqueueReminders(db, created.body, [24, 2]);
    await runDueJobs(db, handlers);
    expect(await reminders(db, c.otherClient.email)).toHaveLength(1);
    await setHours(t, c.admin, [c.doctor.id]);
  });

  it("writes the appointment's time in the clinic's locale from /backoffice, not a fixed one", async () => {
    const db = t.database.db;
    expect((await api(t, c.admin, 'PATCH', '/clinic/settings', { locale: 'en-US' })).status).toBe(200);
    try {
      const day = addDays(c.monday, 14);
      const booked = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.client.id, service: c.consult, start: at(day, '15:30') });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      await db
        .updateTable('scheduled_jobs')
        .set({ run_at: new Date(Date.now() - 1000) })
        .where('dedupe_key', 'like', `reminder:${booked.body.id}:%`)
        .execute();
      await runDueJobs(db, handlers);
      const [sent] = await reminders(db, c.client.email);
      const { timeZone } = await readClinicFormat(db);
      expect(sent.body).toContain(formatClinicWhen(booked.body.start, { locale: 'en-US', timeZone }));
      // The US way: month before day, "3:30 PM".
      expect(sent.body).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, 3:30\sPM/);
    } finally {
      expect((await api(t, c.admin, 'PATCH', '/clinic/settings', { locale: 'en-IN' })).status).toBe(200);
    }
  });

  it('a worker leaves other kinds of job for the worker that handles them', async () => {
    const db = t.database.db;
    await db
      .insertInto('scheduled_jobs')
      .values({ kind: 'someone-else', dedupe_key: 'someone-else:1', run_at: new Date(Date.now() - H), payload: '{}' })
      .execute();
    await runDueJobs(db, handlers);
    const other = await db.selectFrom('scheduled_jobs').select(['status', 'attempts']).where('dedupe_key', '=', 'someone-else:1').executeTakeFirstOrThrow();
    expect(other).toEqual({ status: 'pending', attempts: 0 });
    expect(await runDueJobs(db, { 'someone-else': async () => 'done' })).toBe(1);
  });

  it('a cancelled or moved appointment’s reminder is skipped, not sent', async () => {
    const booked = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.consult,
      start: `${c.monday}T11:00:00+05:30`,
    });
    expect(booked.status).toBe(201);
    await api(t, c.reception, 'POST', `/appointments/appointments/${booked.body.id}/transitions`, { to: 'cancelled', reason: 'Travel' });
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('dedupe_key', 'like', `reminder:${booked.body.id}:%`)
      .execute();
    const before = (await reminders(t.database.db, c.client.email)).length;
    await runDueJobs(t.database.db, handlers);
    expect((await reminders(t.database.db, c.client.email)).length).toBe(before);
    const statuses = await t.database.db.selectFrom('scheduled_jobs').select('status').where('dedupe_key', 'like', `reminder:${booked.body.id}:%`).execute();
    expect(statuses.map((s) => s.status)).toEqual(['skipped', 'skipped']);
  });

  it('a failing send is retried later, not lost; its error class is kept, not its message', async () => {
    await enqueueReminders(t.database.db, { id: 999_999, start: new Date(Date.now() + 3 * H).toISOString() }, [24]);
    const failing: MailTransport = { kind: 'outbox', send: async () => Promise.reject(new TypeError('smtp down for client@x')) };
    const handler = reminderHandler(failing);
    await runDueJobs(t.database.db, {
      [REMINDER_JOB]: async (trx, job) =>
        job.payload.appointment === 999_999 ? (await failing.send({ channel: 'email', to: 'x', body: 'x' }), 'done') : handler(trx, job),
    });
    const job = await t.database.db.selectFrom('scheduled_jobs').selectAll().where('dedupe_key', '=', 'reminder:999999:24').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'TypeError' });
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('workers running at once share the due jobs: each sent exactly once', async () => {
    const db = t.database.db;
    for (let i = 0; i < 40; i++) {
      await db
        .insertInto('scheduled_jobs')
        .values({ kind: 'test.note', dedupe_key: `note:${engine}:${i}`, run_at: new Date(Date.now() - 1000), payload: JSON.stringify({ i }) })
        .execute();
    }
    const seen: number[] = [];
    const note = {
      'test.note': async (trx: Db, job: { payload: Record<string, unknown> }) => {
        seen.push(Number(job.payload.i));
        await t.runtime.mail.send({ channel: 'email', to: `note-${engine}@test.clinic`, subject: 'note', body: String(job.payload.i) }, trx);
        return 'done' as const;
      },
    };
    await Promise.all([runDueJobs(db, note), runDueJobs(db, note), runDueJobs(db, note), runDueJobs(db, note)]);
    const sent = await db.selectFrom('mail_outbox').select('body').where('recipient', '=', `note-${engine}@test.clinic`).execute();
    expect(sent.map((m) => Number(m.body)).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});

// kill -9 of the real server while it sends: the reminder and its job's "done" commit together.
describe.each(engines)('reminders across a kill -9 on %s', (engine) => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  }, 120_000);

  it('neither loses nor duplicates a reminder', async () => {
    // A store already migrated (the test template): what is under test is the sending across a
    // kill, not a first start, which tests/integration/foundation/lifecycle.test.ts covers. A first
    // start only to migrate cost about twice a start on a migrated store.
    const dataDir = engine === 'pglite' ? await migratedDataDir('clinic-reminders-') : fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-reminders-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (engine === 'postgres') {
      const name = `clinic_reminders_${Math.random().toString(36).slice(2, 10)}`;
      await createFromPostgresTemplate(process.env.DATABASE_URL!, name);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      cleanups.push(async () => {
        const d = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`);
        await d.end();
      });
    }
    const env = {
      SERVE_SPA: 'false',
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl,
      IDENTITY_SECRET: 'reminders-suite-secret-0123456789abcdef',
      SCHEDULING_JOBS_POLL_MS: '3600000',
    };
    // With no server running, book the appointments directly.
    const seeded = await openDatabase({ databaseUrl: databaseUrl || null, dataDir });
    let booked = 0;
    try {
      const db = seeded.db;
      await db.updateTable('scheduling_settings').set({ time_zone: 'UTC' }).execute();
      await db
        .insertInto('clinic_hours')
        .values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '23:59' })))
        .execute();
      const staff: number[] = [];
      for (let i = 0; i < 8; i++) {
        const id = await insertUserWithProfile(db, {
          sub: `nurse-${i}`,
          username: `nurse-${i}`,
          email: `nurse${i}@r.test`,
          first_name: 'Nurse',
          last_name: `N${i}`,
          role: 'NURSE',
        });
        staff.push(id);
        await db
          .insertInto('staff_hours')
          .values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ staff_id: id, weekday, starts: '00:00', ends: '23:59' })))
          .execute();
      }
      const { id: serviceId } = await db
        .insertInto('services')
        .values({ name: 'Check-up', therapy: 'consultation', duration_minutes: 10, delivered_by: sql`array['NURSE']::text[]` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const service = (await findService(db, serviceId))!;
      const settings = await getSettings(db);
      const base = Math.ceil((Date.now() + 3 * H) / (10 * 60_000)) * 10 * 60_000;
      for (let i = 0; i < 600; i++) {
        const client = await insertUserWithProfile(db, {
          sub: `client-${i}`,
          username: `client-${i}`,
          email: `client${i}@r.test`,
          first_name: 'Client',
          last_name: `C${i}`,
          role: 'CLIENT',
        });
        const start = new Date(base + Math.floor(i / staff.length) * 10 * 60_000).toISOString();
        try {
          await db.transaction().execute((trx) =>
            book(trx, settings, {
              client,
              service,
              staff: staff[i % staff.length],
              start,
              channel: 'in_clinic',
              notes: '',
              status: 'booked',
              bookedBy: staff[0],
              online: false,
            }),
          );
          booked += 1;
        } catch {
          // 23:59-00:00 is closed: a slot across midnight is refused, and that is fine here.
        }
      }
    } finally {
      await seeded.close();
    }
    expect(booked).toBeGreaterThan(500);

    const sentSoFar = async (s: typeof server) => {
      const res = await fetch(`${s.baseUrl}/dev/outbox?limit=1000`);
      const { messages } = (await res.json()) as { messages: Array<{ subject: string | null }> };
      return messages.filter((m) => m.subject === MESSAGES.reminderSubject).length;
    };
    // Start sending, and kill -9 once some (not all) reminders are out.
    // Small batches, so the sending takes seconds and the kill lands in the middle of it.
    const sending = { ...env, SCHEDULING_JOBS_POLL_MS: '50', SCHEDULING_JOBS_BATCH: '5' };
    let server = await startServer({ env: sending, dataDir });
    cleanups.push(() => (server.child.exitCode === null && server.child.signalCode === null ? server.stop('SIGKILL') : undefined));
    let atKill = 0;
    while (server.child.exitCode === null) {
      atKill = await sentSoFar(server);
      if (atKill >= booked / 4) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await server.stop('SIGKILL');
    expect(atKill).toBeLessThan(booked);

    // Restart: the rest goes out; then stop cleanly and count.
    expect(atKill).toBeGreaterThan(0);
    server = await startServer({ env: sending, dataDir });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && (await sentSoFar(server)) < booked) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    await server.stop('SIGTERM');

    const check = await openDatabase({ databaseUrl: databaseUrl || null, dataDir });
    try {
      const sent = await reminders(check.db);
      const perClient = new Map<string, number>();
      for (const m of sent) perClient.set(m.recipient, (perClient.get(m.recipient) ?? 0) + 1);
      expect([...perClient.values()].filter((n) => n !== 1)).toEqual([]);
      expect(perClient.size).toBe(booked);
      const jobs = await check.db
        .selectFrom('scheduled_jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      const byStatus = Object.fromEntries(jobs.map((j) => [j.status, Number(j.n)]));
      // The late 24 h reminders are done; the 2 h ones wait for their time.
      expect(byStatus).toEqual({ done: booked, pending: booked });
      console.log(`[reminders ${engine}] ${booked} due reminders, ${atKill} sent before kill -9, ${sent.length} sent in all, none twice`);
    } finally {
      await check.close();
    }
  }, 400_000);
});
