// Issue 22, 12 in Chromium: the front desk records the consent form a client signed on paper,
// then the withdrawal, from the client's record: each with its reason, shown in the consent
// history and the status at once, stored on the server and in the audit trail. A blank reason
// keeps the dialog's Record button disabled and sends nothing.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_DECISION_WITHDRAWN,
  CONSENT_FORM_RECORDED,
  CONSENT_FORM_SUBMIT,
  CONSENT_FORM_TITLE,
  CONSENT_MISSING,
  CONSENT_REASON,
  CONSENT_RECORD_FORM,
  CONSENT_SIGNED_ON,
  CONSENT_WITHDRAWAL_RECORDED,
} from '../../src/features/clients/record/texts.ts';
import { clinicToday } from '../../src/lib/format.ts';
import { launchBrowser } from '../support/browser.ts';
import { fillDateField } from '../support/date-field-e2e.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

let world: StaffWorld;
let browser: Browser;
let clientId: number;

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('consent', { engine: 'pglite' });
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['RECEPTION', 'SUPER_ADMIN'], 'k');
  browser = await launchBrowser();
  const res = await call(server.baseUrl, world.adminToken, 'POST', '/users/users', {
    first_name: 'Sunita',
    last_name: 'Joshi',
    email: 'sunita.joshi@clinic.test',
    role: 'CLIENT',
  });
  expect(res.status).toBe(201);
  clientId = res.body.id;
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('consent recorded from a signed form (Chromium)', () => {
  it('RECEPTION records the signed form, then the withdrawal, each with its reason, in the history and the audit trail', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.RECEPTION!, `/client/${clientId}/details`);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/consent-history')) writes.push(r.postData() ?? '');
    });
    await page.goto(`/client/${clientId}/details?tab=consent`);
    await page.getByText(CONSENT_MISSING).waitFor();

    // A reason is required: the button waits for it, and nothing is sent.
    await page.getByRole('button', { name: CONSENT_RECORD_FORM }).click();
    const dialog = page.getByRole('dialog', { name: CONSENT_FORM_TITLE });
    // The clinic's day (the form may not be signed in the future, and UTC's day lags India's until 05:30).
    const today = clinicToday();
    await fillDateField(dialog, CONSENT_SIGNED_ON, today);
    await dialog.getByLabel(CONSENT_REASON).fill('   ');
    expect(await dialog.getByRole('button', { name: CONSENT_FORM_SUBMIT }).isDisabled()).toBe(true);
    expect(writes).toEqual([]);

    await dialog.getByLabel(CONSENT_REASON).fill('Signed the paper form at the front desk.');
    await dialog.getByRole('button', { name: CONSENT_FORM_SUBMIT }).click();
    await page.getByText(CONSENT_FORM_RECORDED).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/^Consented on /).waitFor();
    const history = page.getByRole('table', { name: 'Consent history' });
    await history.getByText('Signed the paper form at the front desk.').waitFor();

    await page.getByRole('button', { name: CONSENT_RECORD_FORM }).click();
    await dialog.getByLabel(CONSENT_DECISION_WITHDRAWN).check();
    await fillDateField(dialog, CONSENT_SIGNED_ON, today);
    await dialog.getByLabel(CONSENT_REASON).fill('Client signed the withdrawal form.');
    await dialog.getByRole('button', { name: CONSENT_FORM_SUBMIT }).click();
    await page.getByText(CONSENT_WITHDRAWAL_RECORDED).waitFor();
    await page.getByText(CONSENT_MISSING).waitFor();
    await expect
      .poll(() => history.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-decision'))))
      .toEqual(['withdrawn', 'given']);

    // Stored on the server, and audited as the receptionist.
    const api = (path: string) => call(world.server.baseUrl, world.adminToken, 'GET', path);
    expect((await api(`/users/user-profiles/${clientId}`)).body.hipaa_consent).toBe(false);
    const stored = (await api(`/users/user-profiles/${clientId}/consent-history`)).body as Array<{ decision: string; reason: string }>;
    expect(stored.map((r) => [r.decision, r.reason])).toEqual([
      ['withdrawn', 'Client signed the withdrawal form.'],
      ['given', 'Signed the paper form at the front desk.'],
    ]);
    const trail = (await api(`/audit/events?client=${clientId}&actor=${world.accounts.RECEPTION!.id}&page=1&page_size=50`)).body.results as Array<{
      action: string;
    }>;
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['consent.record', 'consent.withdraw']));
    expect(writes).toHaveLength(2);
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
