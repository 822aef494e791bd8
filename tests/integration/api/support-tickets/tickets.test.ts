// Support tickets over HTTP on each engine: a client opens one with an attachment, staff work it
// (assign, reply, internal note, move it along the chart), the client is told by the outbox and
// replies (reopening it), and a solved ticket closes itself through the durable job queue a week
// later. Internal notes never reach a client's answer; another client's ticket is 404; every
// read and write leaves an audit entry.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_TEXTS } from '../../../../machines/support/support-texts.ts';
import { runDueJobs } from '../../../../server/jobs/queue.ts';
import { DEFAULT_CLINIC_NAME } from '../../../../server/mail/clinic-name.ts';
import { autoCloseHandler, SUPPORT_AUTO_CLOSE_JOB } from '../../../../server/jobs/support-auto-close.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { auditCount, download, openTicket, outboxFor, PDF, PNG, upload } from './fixtures.ts';

const DAY = 86_400_000;
const NOTE = 'Refund approved by accounts; do not mention the card issue.';

describe.each(engines)('support tickets on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let other: Actor;
  let reception: Actor;
  let nurse: Actor;
  /** The front desk's second pair of hands: billing is the front desk's category (machines/staff/work-routing.ts). */
  let accounts: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT', { first_name: 'Meera', last_name: 'Iyer' });
    other = await addUser(t, 'CLIENT');
    reception = await addUser(t, 'RECEPTION', { first_name: 'Asha', last_name: 'Rao' });
    nurse = await addUser(t, 'NURSE');
    accounts = await addUser(t, 'RECEPTION', { first_name: 'Kavya', last_name: 'Nair' });
  }, 180_000);
  afterAll(() => t.close());

  it('a client opens a ticket with an attachment; staff reply and note; the client is told, replies, and the solved ticket closes a week later', async () => {
    const file = await upload(t, client, 'statement.png', PNG);
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({
      file_name: 'statement.png',
      content_type: 'image/png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });

    const created = await api(t, client, 'POST', '/support/tickets', {
      category: 'billing',
      subject: 'Charged twice',
      message: 'Two charges on my card.',
      attachments: [file.body.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(created.body).toMatchObject({ client: client.id, client_name: 'Meera Iyer', status: 'new', category: 'billing', assignee: null });
    expect(created.body.messages).toHaveLength(1);
    expect(created.body.messages[0].attachments.map((a: { id: number }) => a.id)).toEqual([file.body.id]);
    expect(await auditCount(t, 'support.ticket.create', client.id)).toBe(1);

    // The queue: staff see it, filtered and paged on the server.
    const queue = await api(t, reception, 'GET', '/support/tickets?status=new&status=open&category=billing&ordering=created_at');
    expect(queue.status).toBe(200);
    expect(queue.body.results.map((r: { id: number }) => r.id)).toContain(id);

    // Assignment, an internal note and a reply.
    const assigned = await api(t, reception, 'PATCH', `/support/tickets/${id}`, { assignee: accounts.id });
    expect(assigned.body).toMatchObject({ assignee: accounts.id });
    const note = await api(t, accounts, 'POST', `/support/tickets/${id}/messages`, { body: NOTE, internal: true });
    expect(note.status).toBe(201);
    expect(note.body.status).toBe('new');
    expect(await outboxFor(t, client.email)).toHaveLength(0);
    const replied = await api(t, accounts, 'POST', `/support/tickets/${id}/messages`, { body: 'We have refunded the second charge.' });
    expect(replied.status).toBe(201);
    expect(replied.body.status).toBe('open');
    const told = await outboxFor(t, client.email);
    expect(told).toEqual([
      {
        channel: 'email',
        recipient: client.email,
        subject: SUPPORT_TEXTS.notify.subject(DEFAULT_CLINIC_NAME),
        body: SUPPORT_TEXTS.notify.body(DEFAULT_CLINIC_NAME, id, 'Charged twice'),
      },
    ]);

    // The client's answers never carry the note.
    const seen = await api(t, client, 'GET', `/support/tickets/${id}`);
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain(NOTE);
    expect(seen.body.messages.map((m: { internal: boolean }) => m.internal)).toEqual([false, false]);
    const staffSees = await api(t, accounts, 'GET', `/support/tickets/${id}`);
    expect(staffSees.body.messages).toHaveLength(3);

    // Waiting on the client; their reply reopens it (and its answer has no note either).
    expect((await api(t, accounts, 'POST', `/support/tickets/${id}/transitions`, { to: 'pending' })).body.status).toBe('pending');
    const clientReply = await api(t, client, 'POST', `/support/tickets/${id}/messages`, { body: 'Thank you, I see the refund.' });
    expect(clientReply.status).toBe(201);
    expect(clientReply.body.status).toBe('open');
    expect(JSON.stringify(clientReply.body)).not.toContain(NOTE);

    // Solved: the job waits a week; run early it leaves the ticket alone, a week later it closes it.
    const solved = await api(t, accounts, 'POST', `/support/tickets/${id}/transitions`, { to: 'solved' });
    expect(solved.body.status).toBe('solved');
    const job = await t.database.db
      .selectFrom('scheduled_jobs')
      .select(['id', 'run_at', 'status'])
      .where('kind', '=', SUPPORT_AUTO_CLOSE_JOB)
      .where('dedupe_key', 'like', `support-close:${id}:%`)
      .executeTakeFirstOrThrow();
    expect(new Date(job.run_at).getTime()).toBe(Date.parse(solved.body.solved_at) + 7 * DAY);
    // Staff cannot close it themselves: closing is the clock's step.
    expect((await api(t, accounts, 'POST', `/support/tickets/${id}/transitions`, { to: 'closed' })).status).toBe(409);
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('id', '=', job.id)
      .execute();
    const weekLater = () => new Date(Date.parse(solved.body.solved_at) + 7 * DAY + 60_000);
    await runDueJobs(t.database.db, { [SUPPORT_AUTO_CLOSE_JOB]: autoCloseHandler(weekLater) });
    const closed = await api(t, client, 'GET', `/support/tickets/${id}`);
    expect(closed.body.status).toBe('closed');
    expect(closed.body.closed_at).toBe(weekLater().toISOString());
    // Closed for good: no more messages.
    const late = await api(t, client, 'POST', `/support/tickets/${id}/messages`, { body: 'One more thing' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(SUPPORT_TEXTS.errors.closed);
  });

  it('a client reply reopens a solved ticket, and its close job is then skipped', async () => {
    const { id } = await openTicket(t, client);
    await api(t, reception, 'POST', `/support/tickets/${id}/transitions`, { to: 'solved' });
    const reopened = await api(t, client, 'POST', `/support/tickets/${id}/messages`, { body: 'It happened again.' });
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.solved_at).toBeNull();
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('dedupe_key', 'like', `support-close:${id}:%`)
      .execute();
    await runDueJobs(t.database.db, { [SUPPORT_AUTO_CLOSE_JOB]: autoCloseHandler(() => new Date(Date.now() + 8 * DAY)) });
    const job = await t.database.db
      .selectFrom('scheduled_jobs')
      .select('status')
      .where('dedupe_key', 'like', `support-close:${id}:%`)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('skipped');
    expect((await api(t, client, 'GET', `/support/tickets/${id}`)).body.status).toBe('open');
  });

  it('a client sees only their own tickets; another client’s answers 404 and is audited as refused', async () => {
    const { id } = await openTicket(t, client);
    const mine = await api(t, other, 'GET', '/support/tickets');
    expect(mine.body.results.every((r: { client: number }) => r.client === other.id)).toBe(true);
    expect((await api(t, other, 'GET', `/support/tickets?client=${client.id}`)).status).toBe(404);
    const before = await auditCount(t, 'support.ticket.read', client.id, 'denied');
    expect(await api(t, other, 'GET', `/support/tickets/${id}`)).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await auditCount(t, 'support.ticket.read', client.id, 'denied')).toBe(before + 1);
    expect((await api(t, other, 'POST', `/support/tickets/${id}/messages`, { body: 'hi' })).status).toBe(404);
    expect((await api(t, client, 'POST', `/support/tickets/${id}/transitions`, { to: 'solved' })).status).toBe(403);
    expect((await api(t, client, 'PATCH', `/support/tickets/${id}`, { assignee: accounts.id })).status).toBe(403);
    expect((await api(t, client, 'POST', `/support/tickets/${id}/messages`, { body: 'psst', internal: true })).status).toBe(403);
    // A client cannot open a ticket for someone else.
    expect((await api(t, other, 'POST', '/support/tickets', { client: client.id, category: 'other', subject: 'x', message: 'y' })).status).toBe(404);
  });

  it('attachments: the type comes from the bytes, 10 MB each, stored with their checksum, downloaded with the right headers, audited', async () => {
    // A text file named .png is refused; a PDF named .txt is a PDF.
    const fake = await upload(t, client, 'scan.png', Buffer.from('just some text, not an image'));
    expect(fake).toMatchObject({ status: 400, body: { errors: { content_base64: [SUPPORT_TEXTS.errors.notAType] } } });
    const pdf = await upload(t, client, 'results.txt', PDF);
    expect(pdf.body.content_type).toBe('application/pdf');
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    PDF.copy(tooBig);
    expect((await upload(t, client, 'big.pdf', tooBig)).body.errors).toEqual({ content_base64: [SUPPORT_TEXTS.errors.tooBig] });
    const limit = Buffer.alloc(10 * 1024 * 1024, 0);
    PDF.copy(limit);
    const atLimit = await upload(t, client, 'report "final".pdf', limit);
    expect(atLimit.status).toBe(201);
    const stored = await t.database.db
      .selectFrom('support_attachments')
      .select(['sha256', 'size_bytes'])
      .where('id', '=', atLimit.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ sha256: createHash('sha256').update(limit).digest('hex'), size_bytes: limit.length });

    const { id } = await openTicket(t, client, { attachments: [pdf.body.id, atLimit.body.id] });
    const before = await auditCount(t, 'support.attachment.download', client.id);
    const res = await download(t, client, atLimit.body.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(limit.length));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report final.pdf"; filename*=UTF-8''report%20final.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.digest).toBe(`sha-256=${createHash('sha256').update(limit).digest('base64')}`);
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(atLimit.body.sha256);
    expect(await auditCount(t, 'support.attachment.download', client.id)).toBe(before + 1);
    // Staff download it too; another client gets 404, and an attachment already used cannot be reused.
    expect((await download(t, accounts, pdf.body.id)).statusCode).toBe(200);
    expect((await download(t, other, pdf.body.id)).statusCode).toBe(404);
    expect((await api(t, client, 'POST', `/support/tickets/${id}/messages`, { body: 'again', attachments: [pdf.body.id] })).status).toBe(400);
    // An upload of someone else cannot be attached.
    const others = await upload(t, other, 'x.png', PNG);
    expect((await api(t, client, 'POST', `/support/tickets/${id}/messages`, { body: 'mine?', attachments: [others.body.id] })).status).toBe(400);

    // A file on an internal note never reaches the client.
    const staffFile = await upload(t, accounts, 'card-statement.png', PNG);
    await api(t, accounts, 'POST', `/support/tickets/${id}/messages`, { body: 'Statement from accounts', internal: true, attachments: [staffFile.body.id] });
    expect((await download(t, client, staffFile.body.id)).statusCode).toBe(404);
    expect(JSON.stringify((await api(t, client, 'GET', `/support/tickets/${id}`)).body)).not.toContain('card-statement.png');
  }, 180_000);

  it('staff replies carry attachments too: checked by their bytes, downloaded by the ticket’s client (audited), never by another', async () => {
    const { id } = await openTicket(t, client);
    // Staff uploads are checked like a client's: a text file named .pdf is refused.
    expect((await upload(t, accounts, 'letter.pdf', Buffer.from('not a pdf at all'))).body.errors).toEqual({ content_base64: [SUPPORT_TEXTS.errors.notAType] });
    const letter = await upload(t, accounts, 'refund-letter.pdf', PDF);
    expect(letter.body).toMatchObject({ content_type: 'application/pdf', size: PDF.length });
    expect(await auditCount(t, 'support.attachment.upload', null)).toBeGreaterThan(0);
    // Before it is sent the client cannot fetch it (it is nobody's ticket's yet).
    expect((await download(t, client, letter.body.id)).statusCode).toBe(404);
    const replied = await api(t, accounts, 'POST', `/support/tickets/${id}/messages`, {
      body: 'The refund letter is attached.',
      attachments: [letter.body.id],
    });
    expect(replied.status).toBe(201);
    const seen = await api(t, client, 'GET', `/support/tickets/${id}`);
    const fromClinic = seen.body.messages.find((m: { from_clinic: boolean }) => m.from_clinic);
    expect(fromClinic.attachments).toEqual([
      expect.objectContaining({ id: letter.body.id, file_name: 'refund-letter.pdf', content_type: 'application/pdf', size: PDF.length }),
    ]);
    const before = await auditCount(t, 'support.attachment.download', client.id);
    const res = await download(t, client, letter.body.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(res.rawPayload, PDF)).toBe(0);
    expect(await auditCount(t, 'support.attachment.download', client.id)).toBe(before + 1);
    // Another client gets 404, audited as refused against the ticket's client.
    const refused = await auditCount(t, 'support.attachment.download', client.id, 'denied');
    expect((await download(t, other, letter.body.id)).statusCode).toBe(404);
    expect(await auditCount(t, 'support.attachment.download', client.id, 'denied')).toBe(refused + 1);
    // One staff member's upload cannot be sent by another (an upload belongs to its uploader until sent).
    const scan = await upload(t, accounts, 'scan.png', PNG);
    expect((await api(t, reception, 'POST', `/support/tickets/${id}/messages`, { body: 'Attached', attachments: [scan.body.id] })).body.errors).toEqual({
      attachments: [SUPPORT_TEXTS.errors.unknownAttachment],
    });
  });

  it('a client who prefers SMS is told of a staff reply by SMS; an internal note tells nobody', async () => {
    const texter = await addUser(t, 'CLIENT', { first_name: 'Ravi', last_name: 'Menon' });
    const phone = '+919812345678';
    await t.database.db.updateTable('users').set({ phone_number: phone }).where('id', '=', texter.id).execute();
    const profile = await t.database.db
      .updateTable('user_profiles')
      .set({ preferred_contact_method: 'sms' })
      .where('user_id', '=', texter.id)
      .executeTakeFirst();
    if (Number(profile.numUpdatedRows) === 0)
      await t.database.db
        .insertInto('user_profiles')
        .values({ user_id: texter.id, preferred_contact_method: 'sms', health_goals: {}, client_story: {}, lifestyle_history: {}, family_history: {} } as never)
        .execute();
    const { id } = await openTicket(t, texter);
    await api(t, accounts, 'POST', `/support/tickets/${id}/messages`, { body: 'Checking with accounts.', internal: true });
    expect(await outboxFor(t, phone)).toEqual([]);
    await api(t, accounts, 'POST', `/support/tickets/${id}/messages`, { body: 'Refunded.' });
    expect(await outboxFor(t, phone)).toEqual([{ channel: 'sms', recipient: phone, subject: null, body: SUPPORT_TEXTS.notify.sms(DEFAULT_CLINIC_NAME, id) }]);
    expect(await outboxFor(t, texter.email)).toEqual([]);
  });

  it('internal notes leave the client\u2019s view untouched: its updated_at, its place in their list, and message numbers without gaps', async () => {
    const writer = await addUser(t, 'CLIENT', { first_name: 'Lata', last_name: 'Bose' });
    // Tickets of a category both the front desk and nurses answer (the clinic's routing).
    const older = await openTicket(t, writer, { category: 'appointments' });
    await new Promise((r) => setTimeout(r, 15));
    const newer = await openTicket(t, writer, { category: 'appointments' });
    const clientView = async (id: number) => (await api(t, writer, 'GET', `/support/tickets/${id}`)).body;
    const clientList = async () => (await api(t, writer, 'GET', '/support/tickets?ordering=-updated_at&page_size=100')).body.results;
    const staffView = async (id: number) => (await api(t, reception, 'GET', `/support/tickets/${id}`)).body;
    const before = await clientView(older.id);
    const listBefore = await clientList();
    expect(listBefore.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
    const staffBefore = await staffView(older.id);

    // Notes of every kind (with a file too), on both tickets, spread over time.
    const scan = await upload(t, nurse, 'accounts.pdf', PDF);
    for (const [i, note] of [
      { body: 'Checking with accounts.' },
      { body: 'Accounts: refund due.', attachments: [scan.body.id] },
      { body: 'Ping.' },
    ].entries()) {
      await new Promise((r) => setTimeout(r, 15));
      expect((await api(t, i % 2 ? nurse : reception, 'POST', `/support/tickets/${older.id}/messages`, { ...note, internal: true })).status).toBe(201);
    }
    await api(t, nurse, 'POST', `/support/tickets/${newer.id}/messages`, { body: 'Duplicate of the other?', internal: true });
    // The clinic sees its notes move the ticket; the client sees nothing at all change.
    expect(new Date((await staffView(older.id)).updated_at).getTime()).toBeGreaterThan(new Date(staffBefore.updated_at).getTime());
    expect(await clientView(older.id)).toEqual(before);
    expect(await clientList()).toEqual(listBefore);

    // A reply the client can see does move their view; their messages count 1, 2, 3 with no gap
    // where the notes are, while the clinic's numbering is its own.
    await new Promise((r) => setTimeout(r, 15));
    await api(t, writer, 'POST', `/support/tickets/${older.id}/messages`, { body: 'Any news?' });
    await api(t, nurse, 'POST', `/support/tickets/${older.id}/messages`, { body: 'Your refund is on its way.' });
    const after = await clientView(older.id);
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    expect(after.messages.map((m: { id: number }) => m.id)).toEqual([1, 2, 3]);
    expect(after.messages.map((m: { body: string }) => m.body)).toEqual([
      'My card shows two charges for the 12 March session.',
      'Any news?',
      'Your refund is on its way.',
    ]);
    expect((await clientList()).map((r: { id: number }) => r.id)).toEqual([older.id, newer.id]);
    const staffIds = (await staffView(older.id)).messages.map((m: { id: number }) => m.id);
    expect(staffIds).toHaveLength(6);
    expect(staffIds).toEqual([...staffIds].sort((a, b) => a - b));
    // A status change is the client's to see too.
    const moved = await api(t, nurse, 'POST', `/support/tickets/${newer.id}/transitions`, { to: 'pending' });
    expect(moved.status).toBe(200);
    expect((await clientList()).map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
  });

  it('the queue filters by age on the server: only tickets opened at least that many days ago', async () => {
    const fresh = await openTicket(t, other);
    const old = await openTicket(t, other);
    await t.database.db
      .updateTable('support_tickets')
      .set({ created_at: new Date(Date.now() - 4 * DAY) })
      .where('id', '=', old.id)
      .execute();
    const ids = async (query: string) =>
      (await api(t, reception, 'GET', `/support/tickets?client=${other.id}&page_size=100${query}`)).body.results.map((r: { id: number }) => r.id);
    expect(await ids('&min_age_days=3')).toEqual([old.id]);
    expect(await ids('&min_age_days=5')).toEqual([]);
    expect(await ids('')).toEqual(expect.arrayContaining([old.id, fresh.id]));
    const count = (await api(t, reception, 'GET', `/support/tickets?client=${other.id}&min_age_days=3&page_size=1`)).body.count;
    expect(count).toBe(1);
    expect((await api(t, reception, 'GET', '/support/tickets?min_age_days=0')).body.errors).toHaveProperty('min_age_days');
  });

  it('links one of the client’s own lab orders only', async () => {
    // Orders written straight into the lab tables: how one is booked is the labs tests' business.
    await t.database.db
      .insertInto('lab_pincodes')
      .values({ pincode: '560001', area: 'MG Road', slot_capacity: 5 })
      .onConflict((c) => c.doNothing())
      .execute();
    const orderOf = async (owner: Actor) =>
      (
        await t.database.db
          .insertInto('lab_orders')
          .values({
            client_id: owner.id,
            booked_by: owner.id,
            pincode: '560001',
            address: '12 MG Road',
            slot_start: new Date(Date.now() + 86_400_000),
            total_inr: 1200,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const mine = await orderOf(client);
    const theirs = await orderOf(other);
    const linked = await api(t, client, 'POST', '/support/tickets', {
      category: 'reports',
      subject: 'Report not ready',
      message: 'My blood test report is late.',
      lab_order: mine,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(linked.body).toMatchObject({ lab_order: mine, appointment: null });
    expect((await api(t, client, 'GET', `/support/tickets/${linked.body.id}`)).body.lab_order).toBe(mine);
    const before = await t.database.db
      .selectFrom('support_tickets')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const refused = await api(t, client, 'POST', '/support/tickets', { category: 'reports', subject: 'x', message: 'y', lab_order: theirs });
    expect(refused).toMatchObject({ status: 400, body: { errors: { lab_order: [SUPPORT_TEXTS.errors.notYourLabOrder] } } });
    expect((await api(t, client, 'POST', '/support/tickets', { category: 'reports', subject: 'x', message: 'y', lab_order: 999999 })).body.errors).toEqual({
      lab_order: [SUPPORT_TEXTS.errors.notYourLabOrder],
    });
    // Refused, nothing written.
    expect(
      await t.database.db
        .selectFrom('support_tickets')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    // Staff opening a ticket for a client may link that client's order, not another's (reports are the nurses').
    expect(
      (
        await api(t, nurse, 'POST', '/support/tickets', {
          client: client.id,
          category: 'reports',
          subject: 'Called about a report',
          message: 'Late report.',
          lab_order: theirs,
        })
      ).status,
    ).toBe(400);
  });

  it('links one of the client’s own appointments only, and staff open tickets for a client', async () => {
    const none = await api(t, client, 'POST', '/support/tickets', {
      category: 'appointments',
      subject: 'Reschedule',
      message: 'Please move it.',
      appointment: 999999,
    });
    expect(none.body.errors).toEqual({ appointment: [SUPPORT_TEXTS.errors.notYourAppointment] });
    const forClient = await api(t, reception, 'POST', '/support/tickets', {
      client: client.id,
      category: 'the_app',
      subject: 'Called the desk',
      message: 'Could not sign in from her phone.',
    });
    expect(forClient.status).toBe(201);
    expect(forClient.body).toMatchObject({ client: client.id, opened_by: reception.id });
    expect((await api(t, reception, 'POST', '/support/tickets', { category: 'other', subject: 'x', message: 'y' })).body.errors).toEqual({
      client: ['This field is required.'],
    });
    expect((await api(t, reception, 'PATCH', `/support/tickets/${forClient.body.id}`, { assignee: client.id })).body.errors).toEqual({
      assignee: [SUPPORT_TEXTS.errors.noAssignee],
    });
  });

  it('staff see, open and work the categories their role answers; the back office changes who (issue 32)', async () => {
    const admin = await addUser(t, 'ADMIN');
    const doctor = await addUser(t, 'DOCTOR');
    const coach = await addUser(t, 'HEALTH_COACH');
    const reports = await api(t, client, 'POST', '/support/tickets', { category: 'reports', subject: 'Routing reports', message: 'Is my report in?' });
    const billing = await api(t, client, 'POST', '/support/tickets', { category: 'billing', subject: 'Routing billing', message: 'Invoice please.' });
    expect([reports.status, billing.status]).toEqual([201, 201]);
    const subjects = async (a: Actor) =>
      (await api(t, a, 'GET', `/support/tickets?client=${client.id}&page_size=100`)).body.results
        .map((r: { subject: string }) => r.subject)
        .filter((x: string) => x.startsWith('Routing'));
    // The defaults (machines/staff/work-routing.ts): reports are the nurses' and doctors', billing the front desk's.
    expect(await subjects(nurse)).toEqual(['Routing reports']);
    expect(await subjects(doctor)).toEqual(['Routing reports']);
    expect(await subjects(reception)).toEqual(['Routing billing']);
    expect((await subjects(admin)).sort()).toEqual(['Routing billing', 'Routing reports']);
    expect(await subjects(coach)).toEqual([]);
    // Answering and moving: the nurse works the report ticket, and is refused the billing one (audited, nothing written).
    expect((await api(t, nurse, 'POST', `/support/tickets/${reports.body.id}/messages`, { body: 'Your report is in.' })).status).toBe(201);
    expect((await api(t, doctor, 'POST', `/support/tickets/${reports.body.id}/transitions`, { to: 'solved' })).status).toBe(200);
    const deniedBefore = await auditCount(t, 'support.message.create', client.id, 'denied');
    const refused = await api(t, nurse, 'POST', `/support/tickets/${billing.body.id}/messages`, { body: 'Not mine.' });
    expect(refused).toMatchObject({ status: 403, body: { detail: 'Your role does not answer Billing tickets (back office: clinic settings).' } });
    expect(await auditCount(t, 'support.message.create', client.id, 'denied')).toBe(deniedBefore + 1);
    expect((await api(t, admin, 'GET', `/support/tickets/${billing.body.id}`)).body.messages).toHaveLength(1);
    expect((await api(t, nurse, 'POST', `/support/tickets/${billing.body.id}/transitions`, { to: 'open' })).status).toBe(403);
    // Opening from the client's record: a category the role answers, not another.
    expect(
      (await api(t, nurse, 'POST', '/support/tickets', { client: client.id, category: 'reports', subject: 'Routing nurse', message: 'Called about results.' }))
        .status,
    ).toBe(201);
    expect((await api(t, nurse, 'POST', '/support/tickets', { client: client.id, category: 'billing', subject: 'x', message: 'y' })).status).toBe(403);
    // The back office gives billing to nurses too: the same nurse now works it.
    const routing = (await api(t, admin, 'GET', '/clinic/settings')).body.ticket_routing;
    expect(routing.billing).toEqual(['RECEPTION']);
    const changed = await api(t, admin, 'PATCH', '/clinic/settings', { ticket_routing: { ...routing, billing: ['RECEPTION', 'NURSE'] } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.ticket_routing.billing).toEqual(['NURSE', 'RECEPTION']);
    expect((await api(t, nurse, 'POST', `/support/tickets/${billing.body.id}/messages`, { body: 'Sent again.' })).status).toBe(201);
    expect((await subjects(nurse)).sort()).toEqual(['Routing billing', 'Routing nurse', 'Routing reports']);
    // Bad routing is a 400 naming the field, and changes nothing; only an administrator changes it.
    const bad = await api(t, admin, 'PATCH', '/clinic/settings', { ticket_routing: { ...routing, billing: ['CLIENT'] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).join(' ')).toMatch(/ticket_routing/);
    expect((await api(t, nurse, 'PATCH', '/clinic/settings', { ticket_routing: routing })).status).toBe(403);
    expect((await api(t, admin, 'GET', '/clinic/settings')).body.ticket_routing.billing).toEqual(['NURSE', 'RECEPTION']);
    await api(t, admin, 'PATCH', '/clinic/settings', { ticket_routing: routing });
  });
});
