// The week's notice before a package's credits expire (server/jobs/package-expiry.ts): sent once
// per package and expiry date however many rounds run, at once or one after another; never for a
// package with nothing left, one already expired or one further than a week away; again when the
// expiry moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../machines/appointments/scheduling-rules.ts';
import { PACKAGE_EXPIRY_TEXTS as T } from '../../../server/api/appointments/package-portal-texts.ts';
import { clinicToday } from '../../../server/api/clinic/data.ts';
import { warnExpiringPackages } from '../../../server/jobs/package-expiry.ts';
import { NOTICE_JOB } from '../../../server/jobs/notices.ts';
import { readOutbox, type MailTransport, type OutgoingMessage } from '../../../server/mail/transport.ts';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Actor, addUser, api } from '../api/support.ts';

const DAY = 86_400_000;

describe.each(engines)('package expiry warnings on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let today: string;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    today = await clinicToday(t.database.db);
  }, 180_000);
  afterAll(() => t.close());

  const packageFor = async (client: Actor, sessions: number, expires: string) => {
    // A ₹0 plan is active at once (nothing to bill), so its credits can be warned about without paying an invoice.
    const plan = await api(t, admin, 'POST', '/appointments/package-plans', { name: `HBOT ${sessions}`, therapy: 'hbot', sessions, price_inr: 0 });
    const sold = await api(t, reception, 'POST', `/appointments/package-plans/${plan.body.id}/sell`, { client: client.id });
    expect(sold.status).toBe(201);
    await t.database.db.updateTable('packages').set({ expires_on: expires }).where('id', '=', sold.body.id).execute();
    return sold.body.id as number;
  };
  const warned = async (client: Actor) => (await readOutbox(t.database.db, client.email)).filter((m) => m.subject === T.subject);
  const round = (now?: number) => warnExpiringPackages(t.database.db, t.runtime.mail, now);

  it('tells the client once, a week before, with the exact words, however many rounds run', async () => {
    const client = await addUser(t, 'CLIENT');
    const id = await packageFor(client, 10, addDays(today, 7));
    await t.database.db.updateTable('packages').set({ sessions_used: 3 }).where('id', '=', id).execute();
    // Two servers' rounds at once, then two more: one message.
    await Promise.all([round(), round()]);
    await round();
    await round();
    const mails = await warned(client);
    expect(mails).toHaveLength(1);
    const expires = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(`${addDays(today, 7)}T00:00:00Z`),
    );
    expect(mails[0].body).toBe(T.body('Thrive Clinic', 7, 10, 'HBOT', 'HBOT 10', expires));
    expect(mails[0].body).toMatch(/^Thrive Clinic: 7 of your 10 HBOT sessions \(HBOT 10\) expire on \d{1,2} [A-Z][a-z]{2,3} \d{4}\./);
  });

  it('waits until the week begins, and never warns about a package used up or already expired', async () => {
    const client = await addUser(t, 'CLIENT');
    await packageFor(client, 5, addDays(today, 8));
    const usedUp = await packageFor(client, 4, addDays(today, 3));
    await t.database.db.updateTable('packages').set({ sessions_used: 4 }).where('id', '=', usedUp).execute();
    await packageFor(client, 6, addDays(today, -1));
    await round();
    expect(await warned(client)).toHaveLength(0);
    // A day later the first is a week away.
    await round(Date.now() + DAY);
    expect((await warned(client)).map((m) => m.body)).toEqual([expect.stringContaining('5 of your 5 HBOT sessions')]);
  });

  it('warns again when the expiry moves (a freeze), once for the new date', async () => {
    const client = await addUser(t, 'CLIENT');
    const id = await packageFor(client, 8, addDays(today, 2));
    await round();
    expect(await warned(client)).toHaveLength(1);
    await t.database.db
      .updateTable('packages')
      .set({ expires_on: addDays(today, 6) })
      .where('id', '=', id)
      .execute();
    await round();
    await round();
    expect(await warned(client)).toHaveLength(2);
  });

  it('with SMTP the message is a notice job written with its marker, sent after the commit', async () => {
    const client = await addUser(t, 'CLIENT');
    const id = await packageFor(client, 3, addDays(today, 5));
    const sent: OutgoingMessage[] = [];
    const smtp: MailTransport = { kind: 'smtp', send: async (message) => void sent.push(message) };
    expect(await warnExpiringPackages(t.database.db, smtp)).toBe(1);
    expect(await warnExpiringPackages(t.database.db, smtp)).toBe(0);
    expect(sent).toEqual([]);
    const jobs = await t.database.db
      .selectFrom('scheduled_jobs')
      .select(['dedupe_key'])
      .where('kind', '=', NOTICE_JOB)
      .where('dedupe_key', 'like', `notice:package-expiry:${id}:%`)
      .execute();
    expect(jobs).toEqual([{ dedupe_key: `notice:package-expiry:${id}:${addDays(today, 5)}` }]);
  });
});
