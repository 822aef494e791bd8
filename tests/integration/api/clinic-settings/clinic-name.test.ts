// The clinic's identity (issue 24): the name set on /backoffice, not a hard-coded one, reaches the
// browser through /config.json (top bar, page title, consent text, sign-in page) and every message
// the server sends, email or SMS, read back from the outbox; until one is set the product's name stands.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXTS } from '../../../../machines/labs/lab-texts.ts';
import { BACKOFFICE_TEXTS } from '../../../../server/api/appointments/backoffice.ts';
import { MESSAGES } from '../../../../server/api/appointments/texts.ts';
import { DISCOVERY_TEXTS } from '../../../../server/api/discovery/texts.ts';
import { runDueJobs } from '../../../../server/jobs/queue.ts';
import { REMINDER_JOB, reminderHandler } from '../../../../server/jobs/reminders.ts';
import { readOutbox } from '../../../../server/mail/transport.ts';
import { DEFAULT_CLINIC_NAME } from '../../../../server/mail/clinic-name.ts';
import { addDays } from '../../../../machines/appointments/scheduling-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { at, buildClinic } from '../appointments/fixtures.ts';
import { addCatalogue, addPincode, book as bookLab, CLIENT_PROFILE, hourOf, slotsFor } from '../labs/fixtures.ts';
import { openTicket } from '../support-tickets/fixtures.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';

describe.each(engines)('clinic name on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
  }, 120_000);
  afterAll(() => t.close());

  const config = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).body);

  it("is the product's until the clinic names itself, then the clinic's, in /config.json and in an invitation", async () => {
    expect((await config()).clinicName).toBe(DEFAULT_CLINIC_NAME);
    // The back office's field shows the name in use, not an empty box (issue 32).
    expect((await api(t, admin, 'GET', '/clinic/settings')).body.name).toBe(DEFAULT_CLINIC_NAME);
    expect((await api(t, admin, 'PATCH', '/clinic/settings', { name: 'Sunrise Wellness Kochi' })).status).toBe(200);
    expect((await api(t, admin, 'GET', '/clinic/settings')).body.name).toBe('Sunrise Wellness Kochi');
    expect((await config()).clinicName).toBe('Sunrise Wellness Kochi');

    const email = uniqueEmail('named');
    const created = await api(t, admin, 'POST', '/users/users', { email, first_name: 'Asha', last_name: 'Menon', role: 'NURSE' });
    expect(created.status).toBe(201);
    const [invitation] = await readOutbox(t.database.db, email);
    expect(invitation.subject).toBe('Your temporary password · Sunrise Wellness Kochi');
    expect(invitation.body).toContain('An account has been created for you at Sunrise Wellness Kochi.');
    expect(invitation.body).not.toContain(DEFAULT_CLINIC_NAME);
    // The link to sign in with (issue 32): the public origin's /login.
    expect(invitation.body).toContain(`Sign in at ${t.runtime.config.publicUrl}/login within 7 days`);

    // A blank name is no name: the product's stands again.
    expect((await api(t, admin, 'PATCH', '/clinic/settings', { name: '' })).status).toBe(200);
    expect((await config()).clinicName).toBe(DEFAULT_CLINIC_NAME);
    expect((await api(t, admin, 'GET', '/clinic/settings')).body.name).toBe(DEFAULT_CLINIC_NAME);
  });

  it('names the clinic in every message: reminders, cancellations, waitlist offers, enquiries, support replies and lab notices, by email and by SMS', async () => {
    const CLINIC = 'Sanjeevani Wellness Pune';
    expect((await api(t, admin, 'PATCH', '/clinic/settings', { name: CLINIC, email: uniqueEmail('desk') })).status).toBe(200);
    const db = t.database.db;
    const latest = async (subject: string | null, to?: string) => {
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['channel', 'recipient', 'subject', 'body'])
        .$if(subject !== null, (q) => q.where('subject', '=', subject!))
        .$if(to !== undefined, (q) => q.where('recipient', '=', to!))
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(rows, `a message ${subject ?? ''} to ${to ?? 'anyone'}`).toHaveLength(1);
      return rows[0];
    };
    const seen: string[] = [];
    const namesClinic = (what: string, message: { channel: string; subject: string | null; body: string }, channel: 'email' | 'sms') => {
      expect(message.channel, what).toBe(channel);
      expect(message.body, what).toContain(CLINIC);
      expect(`${message.subject ?? ''} ${message.body}`, what).not.toContain(DEFAULT_CLINIC_NAME);
      seen.push(`${what} (${channel})`);
    };

    // Scheduling: a reminder, the clinic's cancellation notice, a waitlist offer by email and by SMS,
    // and the "slot taken" notice.
    const c = await buildClinic(t);
    const day = addDays(c.monday, 7);
    const reminded = await api(t, c.reception, 'POST', '/appointments/appointments', { client: c.otherClient.id, service: c.consult, start: at(day, '11:00') });
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(201);
    await sql`update scheduled_jobs set run_at = now() where dedupe_key like ${`reminder:${reminded.body.id}:%`}`.execute(db);
    await runDueJobs(db, { [REMINDER_JOB]: reminderHandler(t.runtime.mail) });
    namesClinic('appointment reminder', await latest(MESSAGES.reminderSubject, c.otherClient.email), 'email');

    const cancelledByClinic = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.consult,
      start: at(day, '15:00'),
    });
    const cancel = await api(t, c.admin, 'POST', '/appointments/impacted/cancel', {
      appointments: [cancelledByClinic.body.id],
      reason: 'Closed for maintenance',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    namesClinic('clinic cancellation', await latest(BACKOFFICE_TEXTS.cancelledSubject, c.client.email), 'email');

    const emailed = await addUser(t, 'CLIENT');
    const phone = '+919800000077';
    const texted = await addUser(t, 'CLIENT', { phone_number: phone });
    for (const [who, channel] of [
      [emailed, 'email'],
      [texted, 'sms'],
    ] as const) {
      const entry = await api(t, who, 'POST', '/appointments/waitlist', { client: who.id, service: c.hbot, weekdays: [1], channel });
      expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    }
    const freed = await api(t, c.reception, 'POST', '/appointments/appointments', {
      client: c.client.id,
      service: c.hbot,
      staff: c.nurse.id,
      start: at(day, '10:00'),
    });
    expect(
      (await api(t, c.reception, 'POST', `/appointments/appointments/${freed.body.id}/transitions`, { to: 'cancelled', reason: 'Client unwell' })).status,
    ).toBe(200);
    namesClinic('waitlist offer', await latest(MESSAGES.offerSubject, emailed.email), 'email');
    namesClinic('waitlist offer', await latest(MESSAGES.offerSubject, phone), 'sms');
    const offer = await db
      .selectFrom('waitlist_offers as o')
      .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
      .select('o.id')
      .where('e.client_id', '=', emailed.id)
      .executeTakeFirstOrThrow();
    expect((await api(t, emailed, 'POST', `/appointments/waitlist/offers/${offer.id}/accept`)).status).toBe(201);
    namesClinic('waitlist slot taken', await latest(MESSAGES.goneSubject, phone), 'sms');

    // Discovery: the owner on duty told of a website enquiry.
    const enquiry = await api(
      t,
      null,
      'POST',
      '/discovery/enquiries',
      { name: 'Kiran Desai', email: uniqueEmail('web'), interest: 'HBOT', consent_to_contact: true },
      { 'x-forwarded-for': '198.51.100.77' },
    );
    expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(201);
    namesClinic('discovery enquiry', await latest(DISCOVERY_TEXTS.ownerNotice.subject), 'email');

    // Support: a staff reply told by email, and by SMS to a client who prefers it.
    const asker = await addUser(t, 'CLIENT');
    const asked = await openTicket(t, asker);
    expect((await api(t, admin, 'POST', `/support/tickets/${asked.id}/messages`, { body: 'We have refunded the second charge.' })).status).toBe(201);
    namesClinic('support reply', await latest(null, asker.email), 'email');
    const smsPhone = '+919800000078';
    const smsAsker = await addUser(t, 'CLIENT', { phone_number: smsPhone, profile: { preferred_contact_method: 'sms' } });
    const smsAsked = await openTicket(t, smsAsker);
    expect((await api(t, admin, 'POST', `/support/tickets/${smsAsked.id}/messages`, { body: 'Refunded.' })).status).toBe(201);
    namesClinic('support reply', await latest(null, smsPhone), 'sms');

    // Labs: a home collection confirmed by email and by SMS, and a critical value told to the doctor.
    const catalogue = await addCatalogue(t, admin);
    const pincode = await addPincode(t, admin, 5);
    const labClient = await addUser(t, 'CLIENT', { profile: CLIENT_PROFILE });
    const slot = (await slotsFor(t, labClient, pincode, [catalogue.haemoglobin.id])).find((s) => hourOf(s.start) >= 10)!;
    const order = await bookLab(t, labClient, pincode, slot.start, [catalogue.haemoglobin.id]);
    namesClinic('lab collection booked', await latest(LAB_TEXTS.mail.confirmedSubject, labClient.email), 'email');
    const labPhone = '+919800000079';
    const labTexter = await addUser(t, 'CLIENT', { phone_number: labPhone, profile: { ...CLIENT_PROFILE, preferred_contact_method: 'sms' } });
    await bookLab(t, labTexter, pincode, slot.start, [catalogue.haemoglobin.id]);
    namesClinic('lab collection booked', await latest(null, labPhone), 'sms');
    for (const to of ['collector_assigned', 'collected', 'processing']) {
      const moved = await api(t, c.nurse, 'POST', `/labs/orders/${order.id}/transitions`, { to, collector: c.nurse.id });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const critical = await api(t, c.nurse, 'POST', '/labs/results', {
      order: order.id,
      person: order.people[0].id,
      marker: catalogue.haemoglobin.marker,
      value: 25,
    });
    expect(critical.body.flag).toBe('critical');
    namesClinic('critical lab value', await latest(LAB_TEXTS.mail.criticalSubject), 'email');

    expect(seen).toHaveLength(11);
  }, 120_000);
});
