// Support in Chromium against the real server: a client opens a ticket with an attachment on
// /user/support/{clientId}; the clinic replies (a staff member, through the API) and the client is
// told through the outbox; the client reads the reply and answers; the clinic solves the ticket,
// and a week later it closes itself: the server is stopped, the auto-close job is run on its data
// with a clock set a week ahead, and after the restart the client's page shows it closed.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_STATUS_LABELS, STATUS_LABELS, SUPPORT_TEXTS as T } from '../../machines/support/support-texts.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { DEFAULT_CLINIC_NAME } from '../../server/mail/clinic-name.ts';
import { autoCloseHandler, SUPPORT_AUTO_CLOSE_JOB } from '../../server/jobs/support-auto-close.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import { getHref } from '../../src/app/paths.ts';
import { SECTION_SUPPORT } from '../../src/features/support/client-support-texts.ts';
import { launchBrowser, newContext, watchConsole } from '../support/browser.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { completeFirstSignIn, createAccount, E2E_PASSWORD, type E2eAccount } from '../support/e2e-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'support-admin@clinic.test';
const ADMIN_TEMP = 'Temp#Support1234';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const DAY = 86_400_000;

let server: ServerProcess;
let browser: Browser;
let client: E2eAccount;
let nurse: E2eAccount;
let desk: E2eAccount;
let nurseToken: string;
let page: Page;
let errors: string[];
let ticket: number;
let dataDir: string;
const ENV = { ADMIN_EMAIL, ADMIN_TEMP_PASSWORD: ADMIN_TEMP, MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn', DATABASE_URL: '', SUPPORT_JOBS_POLL_MS: '0' };

async function asNurse(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${nurseToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A staff member's access token (the account's first sign-in is done already). */
async function passwordSignIn(account: E2eAccount): Promise<string> {
  const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const res = await fetch(`${server.baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.amplify.auth.user_pool_client_id,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  });
  return ((await res.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
}

async function signIn() {
  const context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  errors = watchConsole(page);
  await page.goto('/login');
  await page.getByPlaceholder('Enter Your Email Here').fill(client.email);
  await page.getByPlaceholder('Enter Your Password Here').fill(client.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/user/home/${client.id}`, { timeout: 20_000 });
}

beforeAll(async () => {
  dataDir = await migratedDataDir('clinic-support-e2e-');
  server = await startServer({ env: ENV, dataDir, timeoutMs: 240_000 });
  browser = await launchBrowser();
  const admin = await completeFirstSignIn(server.baseUrl, ADMIN_EMAIL, ADMIN_TEMP);
  client = await createAccount(server.baseUrl, admin.AccessToken, 'CLIENT', 'support');
  // Billing is the front desk's category (machines/staff/work-routing.ts): the API helper is RECEPTION.
  desk = await createAccount(server.baseUrl, admin.AccessToken, 'RECEPTION', 'support');
  nurseToken = await passwordSignIn(desk);
  nurse = await createAccount(server.baseUrl, admin.AccessToken, 'NURSE', 'support');
  await signIn();
  await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
  await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
  // Recorded before the next page: leaving at once can cut the consent's request off.
  await page.getByLabel(CONSENT_ACCEPT_LABEL).waitFor({ state: 'detached' });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

describe('support (Chromium)', () => {
  it('a client opens a ticket with an attachment', async () => {
    await page.goto(`/user/support/${client.id}`);
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    await page.getByText(T.noTickets).waitFor();
    await page.getByRole('combobox', { name: T.category }).click();
    await page.getByRole('option', { name: 'Billing', exact: true }).click();
    await page.getByRole('textbox', { name: T.subject }).fill('Charged twice');
    await page.getByRole('textbox', { name: T.message }).fill('My card shows two charges for one session.');
    await page.locator('input[data-field="attachments"]').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: T.send }).click();
    const row = page.locator('[data-ticket]').first();
    await row.waitFor({ timeout: 15_000 });
    ticket = Number(await row.getAttribute('data-ticket'));
    await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('new');
    await page.getByRole('button', { name: 'statement.png' }).waitFor();
    const stored = await asNurse('GET', `/support/tickets/${ticket}`);
    expect(stored.body.messages[0].attachments[0]).toMatchObject({ file_name: 'statement.png', content_type: 'image/png', size: PNG.length });
  });

  it('staff reply; the client is told through the outbox, reads it and replies', async () => {
    const note = await asNurse('POST', `/support/tickets/${ticket}/messages`, { body: 'Accounts confirmed the double charge.', internal: true });
    expect(note.status).toBe(201);
    const reply = await asNurse('POST', `/support/tickets/${ticket}/messages`, { body: 'We have refunded the second charge.' });
    expect(reply.status).toBe(201);
    expect((await asNurse('POST', `/support/tickets/${ticket}/transitions`, { to: 'pending' })).status).toBe(200);
    const outbox = (await (await fetch(`${server.baseUrl}/dev/outbox?to=${encodeURIComponent(client.email)}`)).json()) as {
      messages: Array<{ subject: string; body: string }>;
    };
    expect(outbox.messages[0]).toMatchObject({
      subject: T.notify.subject(DEFAULT_CLINIC_NAME),
      body: T.notify.body(DEFAULT_CLINIC_NAME, ticket, 'Charged twice'),
    });

    await page.reload();
    await page.locator(`[data-ticket="${ticket}"]`).click();
    const conversation = page.locator(`[data-conversation="${ticket}"]`);
    await conversation.getByText('We have refunded the second charge.').waitFor();
    await expect.poll(() => conversation.locator('[data-field="status"]').textContent()).toBe(STATUS_LABELS.pending);
    expect(await conversation.textContent()).not.toContain('Accounts confirmed');
    await conversation.getByRole('textbox', { name: T.reply }).fill('Thank you, I can see the refund.');
    await conversation.getByRole('button', { name: T.send }).click();
    await conversation.getByText('Thank you, I can see the refund.').waitFor();
    await expect.poll(() => conversation.locator('[data-field="status"]').textContent()).toBe(STATUS_LABELS.open);
  });

  it('the staff queue (/support) lists the open ticket; staff see the internal note and take the ticket', async () => {
    const context = await newContext(browser, server.baseUrl);
    const staffPage = await context.newPage();
    const staffErrors = watchConsole(staffPage);
    await staffPage.goto('/login');
    await staffPage.getByPlaceholder('Enter Your Email Here').fill(ADMIN_EMAIL);
    await staffPage.getByPlaceholder('Enter Your Password Here').fill(E2E_PASSWORD);
    await staffPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await staffPage.waitForURL((u) => u.pathname !== '/login', { timeout: 20_000 });
    // The client's ticket is open (the client replied last): the Support nav item counts it.
    await expect.poll(() => staffPage.getByTestId('support-queue-count').locator('.MuiBadge-badge').textContent(), { timeout: 15_000 }).toBe('1');
    // The client's record lists the ticket in the same queue, narrowed to the client.
    await staffPage.goto(`/client/${client.id}/details?tab=support`);
    const onRecord = staffPage.getByRole('region', { name: SECTION_SUPPORT }).locator('[data-section="support-queue"]');
    await onRecord.getByRole('gridcell', { name: 'Charged twice' }).waitFor({ timeout: 20_000 });
    await staffPage.goto(getHref('support'));
    await staffPage.getByRole('heading', { name: T.staffTitle, level: 1 }).waitFor();
    const queue = staffPage.locator('[data-section="support-queue"]');
    await queue.getByRole('gridcell', { name: 'Charged twice' }).click({ timeout: 20_000 });
    const panel = staffPage.locator(`[data-queue-ticket="${ticket}"]`);
    await panel.getByText('Accounts confirmed the double charge.').waitFor();
    await panel.getByRole('button', { name: 'Assign to me' }).click();
    await expect.poll(async () => (await asNurse('GET', `/support/tickets/${ticket}`)).body.assignee, { timeout: 15_000 }).not.toBeNull();
    // A reply from the queue with a PDF attached (a canned reply to start from).
    await panel.getByRole('combobox', { name: T.cannedReply }).click();
    await staffPage.getByRole('option').first().click();
    await panel.getByRole('textbox', { name: T.reply }).fill('The refund letter is attached.');
    await panel.locator('input[data-field="staff-attachments"]').setInputFiles({ name: 'refund-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await panel.getByRole('button', { name: T.send }).click();
    await panel.getByRole('button', { name: 'refund-letter.pdf' }).waitFor({ timeout: 15_000 });
    await queue.getByTestId('support-done').getByText(T.done.sent).waitFor();
    const sent = (await asNurse('GET', `/support/tickets/${ticket}`)).body.messages.at(-1);
    expect(sent).toMatchObject({ body: 'The refund letter is attached.', internal: false, from_clinic: true });
    expect(sent.attachments).toEqual([expect.objectContaining({ file_name: 'refund-letter.pdf', content_type: 'application/pdf', size: PDF.length })]);
    // At a phone's width the queue still lists the ticket and the page does not scroll sideways.
    await staffPage.setViewportSize({ width: 360, height: 740 });
    await staffPage.reload();
    await queue.getByRole('gridcell', { name: 'Charged twice' }).waitFor({ timeout: 20_000 });
    expect(await staffPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(staffErrors).toEqual([]);
    await context.close();
  });

  it('a NURSE opens, answers and moves the tickets their role answers, from the client record and from /support, and not billing', async () => {
    const context = await newContext(browser, server.baseUrl);
    const staffPage = await context.newPage();
    const staffErrors = watchConsole(staffPage);
    await staffPage.goto('/login');
    await staffPage.getByPlaceholder('Enter Your Email Here').fill(nurse.email);
    await staffPage.getByPlaceholder('Enter Your Password Here').fill(nurse.password);
    await staffPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await staffPage.waitForURL((u) => u.pathname !== '/login', { timeout: 20_000 });
    // From the client's record: a ticket opened for the client, in a category a nurse answers.
    await staffPage.goto(`/client/${client.id}/details?tab=support`);
    const onRecord = staffPage.getByRole('region', { name: SECTION_SUPPORT }).locator('[data-section="support-queue"]');
    await onRecord
      .getByTestId('support-categories')
      .getByText(T.yourCategories(['Appointments', 'Reports', 'Other']))
      .waitFor({ timeout: 20_000 });
    const form = onRecord.getByTestId('new-client-ticket');
    await form.getByRole('combobox', { name: T.category }).click();
    // Billing is not a nurse's: it is not offered.
    expect(await staffPage.getByRole('option').allTextContents()).toEqual(['Appointments', 'Reports', 'Other']);
    await staffPage.getByRole('option', { name: 'Reports', exact: true }).click();
    await form.getByRole('textbox', { name: T.subject }).fill('Report explained by phone');
    await form.getByRole('textbox', { name: T.message }).fill('Called the client about her haemoglobin.');
    await form.getByRole('button', { name: T.send }).click();
    await onRecord.getByTestId('support-done').getByText(T.done.opened).waitFor({ timeout: 15_000 });
    await onRecord.getByRole('gridcell', { name: 'Report explained by phone' }).waitFor();
    // The billing ticket is the front desk's: the nurse's list of this client does not show it.
    expect(await onRecord.getByRole('gridcell', { name: 'Charged twice' }).count()).toBe(0);
    // From the nurse's own queue: the new ticket, answered and moved along its chart.
    await staffPage.goto(getHref('support'));
    const queue = staffPage.locator('[data-section="support-queue"]');
    await queue.getByRole('gridcell', { name: 'Report explained by phone' }).click({ timeout: 20_000 });
    const opened = (await asNurse('GET', `/support/tickets?client=${client.id}&page_size=100`)).body;
    expect(opened.results.map((r: { subject: string }) => r.subject)).not.toContain('Report explained by phone');
    const panel = queue.locator('[data-queue-ticket]');
    await panel.getByRole('textbox', { name: T.reply }).fill('Your haemoglobin is normal.');
    await panel.getByRole('button', { name: T.send }).click();
    await panel.getByText('Your haemoglobin is normal.').waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: STAFF_STATUS_LABELS.pending }).click();
    await expect.poll(() => panel.locator('[data-status]').getAttribute('data-status'), { timeout: 15_000 }).toBe('pending');
    expect(await queue.getByRole('gridcell', { name: 'Charged twice' }).count()).toBe(0);
    expect(staffErrors).toEqual([]);
    await context.close();
  });

  it('the clinic solves it and a week later it closes itself', async () => {
    const solved = await asNurse('POST', `/support/tickets/${ticket}/transitions`, { to: 'solved' });
    expect(solved.body.status).toBe('solved');
    // The auto-close job, run on the server's own data with a clock set a week ahead.
    await server.stop('SIGTERM');
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await migrateToLatest(database.db);
      await database.db
        .updateTable('scheduled_jobs')
        .set({ run_at: new Date(Date.now() - 1000) })
        .where('kind', '=', SUPPORT_AUTO_CLOSE_JOB)
        .execute();
      const weekLater = new Date(Date.parse(solved.body.solved_at) + 7 * DAY + 60_000);
      expect(await runDueJobs(database.db, { [SUPPORT_AUTO_CLOSE_JOB]: autoCloseHandler(() => weekLater) })).toBe(1);
    } finally {
      await database.close();
    }
    server = await startServer({ env: ENV, dataDir, timeoutMs: 240_000 });
    await signIn();
    await page.goto(`/user/support/${client.id}`);
    await page.locator(`[data-ticket="${ticket}"]`).click();
    await page.getByText(T.closedNoReply).waitFor();
    // The clinic's file downloads in the client's browser, byte for byte.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'refund-letter.pdf' }).click()]);
    expect(file.suggestedFilename()).toBe('refund-letter.pdf');
    expect(Buffer.compare(fs.readFileSync((await file.path())!), PDF)).toBe(0);
    // At a phone's width the page, its list and the conversation fit without scrolling sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByText(T.closedNoReply).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.locator(`[data-ticket="${ticket}"] [data-status]`).getAttribute('data-status')).toBe('closed');
    expect(errors).toEqual([]);
  }, 300_000);
});
