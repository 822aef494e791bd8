// "My invoices" in Chromium at 360 px (issue 34): an ADMIN saves the tax settings with a UPI id,
// reception issues an invoice to a client; the client, on a phone, finds it in the list, opens it
// (lines as cards, the total in words, the UPI QR code of what is due) and nothing spills sideways.
// Without the online gateway configured, "Pay online" answers that it is not available and goes.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import { getHref } from '../../src/app/paths.ts';
import { MY_INVOICES_TEXT as T } from '../../src/features/billing/portal-texts.ts';
import { launchBrowser } from '../support/browser.ts';
import { createAccount, tokenOf, type E2eAccount } from '../support/e2e-accounts.ts';
import { expectFits, phoneContext, settled } from '../support/phone-e2e.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, signInAs, startStaffServer, type StaffWorld } from '../support/staff-e2e.ts';

let world: StaffWorld;
let browser: Browser;
let client: E2eAccount;
let invoice: { id: number; number: string; total_paise: number };

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('invoices', { engine: 'pglite' });
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['ADMIN', 'RECEPTION'], 'inv');
  browser = await launchBrowser();
  const as = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await call(server.baseUrl, token, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const admin = await tokenOf(server.baseUrl, world.accounts.ADMIN!.email);
  const reception = await tokenOf(server.baseUrl, world.accounts.RECEPTION!.email);
  await as(admin, 'PUT', '/billing/settings', {
    legal_name: 'Sunrise Wellness Private Limited',
    gstin: '27AAPFU0939F1ZV',
    state_code: '27',
    address: '12 Linking Road, Bandra West, Mumbai 400050',
    series_prefixes: { invoice: 'INV', bill_of_supply: 'BOS', credit_note: 'CN', receipt: 'RV' },
    upi_vpa: 'sunrise@okicici',
    upi_payee_name: 'Sunrise Wellness',
    invoice_note: null,
    gst_rates_bp: [0, 500, 1800, 4000],
  });
  client = await createAccount(server.baseUrl, world.adminToken, 'CLIENT', 'inv');
  const draft = await as(reception, 'POST', '/billing/documents', {
    from: 'manual',
    client: client.id,
    lines: [
      { description: 'Vitamin D3 60 000 IU softgels, strip of four', code: '2106', quantity: 2, unit_price_paise: 45_050, gst_rate_bp: 1800 },
      { description: 'Hyperbaric oxygen therapy session, 60 minutes', code: '999722', unit_price_paise: 350_000, discount_paise: 25_000, gst_rate_bp: 1800 },
    ],
  });
  const issued = await as(reception, 'POST', `/billing/documents/${draft.id}/issue`);
  invoice = { id: issued.id, number: issued.number, total_paise: issued.totals.total_paise };
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

describe('My invoices on a phone', () => {
  it('lists the issued invoice, opens it with its lines as cards and the UPI QR, and fits 360 px', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    const path = getHref('portalInvoices', { clientId: client.id });
    await signInAs(page, client, path);
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await settled(page, '[data-my-invoices]');
    const card = page.locator(`[data-invoice="${invoice.id}"]`);
    expect(await card.getAttribute('data-status')).toBe('issued');
    await expectFits(page, `${path} (list)`);
    await card.getByRole('button').click();
    await settled(page, `[data-document="${invoice.id}"]`);
    expect(await page.locator('li[data-line]').count()).toBe(2);
    const qr = page.locator('[data-upi-qr]');
    expect(await qr.getAttribute('data-upi-qr')).toContain('pa=sunrise%40okicici');
    expect(await qr.getAttribute('data-upi-qr')).toContain(`tn=${encodeURIComponent(invoice.number)}`);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThan(150);
    await expectFits(page, `${path} (document)`);
    await page.screenshot({ path: '.tmp/my-invoices-360.png', fullPage: true });
    // No gateway configured here: the button says so and goes; the QR stays.
    await page.getByRole('button', { name: T.payOnline }).click();
    await page.getByText(T.noGateway).waitFor();
    expect(await page.getByRole('button', { name: T.payOnline }).count()).toBe(0);
    expect(await qr.count()).toBe(1);
    expectNoConsoleErrors(errors.filter((e) => !/404/.test(e)));
    await context.close();
  });
});
