// Issue 24, "Phones": every real route (src/app/built-routes.ts) at 360 px, as the role that uses
// it, and the booking dialog with its day and time fields: the document is never wider than the
// viewport, and every visible button, link and field is on screen or inside a box that scrolls (a
// table's card, the grid). Also the clinic's identity:
// the name set on /backoffice on /login, in the top bars, in the page title and the consent text.
// My invoices (issue 34) on the client's phone: the issued invoice in the list, then its lines as
// cards, the total in words and the UPI QR code of what is due; without the online gateway no
// "Pay online" is offered.
// One server, one browser, one signed-in context per role.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '../../machines/identity/texts.ts';
import { BUILT_ROUTES } from '../../src/app/built-routes.ts';
import { getHref, type RouteKey } from '../../src/app/paths.ts';
import { accountMenuLabel, CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE, OPEN_NAVIGATION } from '../../src/app/shell-text.ts';
import { NEW_APPOINTMENT } from '../../src/features/appointments/texts.ts';
import { MY_INVOICES_TEXT as INVOICES } from '../../src/features/billing/portal-texts.ts';
import { dateTimeLabels } from '../../src/lib/labels.ts';
import { launchBrowser } from '../support/browser.ts';
import { createAccount, type E2eAccount } from '../support/e2e-accounts.ts';
import { expectFits, phoneContext, settled } from '../support/phone-e2e.ts';
import { tokenOf } from '../support/visit-charting-e2e.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, signInAs, startStaffServer, type StaffWorld } from '../support/staff-e2e.ts';

const CLINIC = 'Sunrise Wellness Kochi';

let world: StaffWorld;
let browser: Browser;
let client: E2eAccount;
const ids: Record<string, number> = {};
let invoiceNumber: string;

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('phones', { engine: 'pglite' });
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['HEALTH_COACH', 'NURSE', 'ADMIN', 'RECEPTION'], 'ph');
  browser = await launchBrowser();
  const api = async (method: string, path: string, body?: unknown, token = world.adminToken) => {
    const res = await call(server.baseUrl, token, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  await api('PATCH', '/clinic/settings', { name: CLINIC });
  client = await createAccount(server.baseUrl, world.adminToken, 'CLIENT', 'ph');
  // A discovery prospect with a booked visit, and one chart of each therapy, so the visit routes open.
  const coach = world.accounts.HEALTH_COACH!;
  const week = [1, 2, 3, 4, 5, 6, 7];
  await api('PATCH', '/appointments/hours', {
    clinic_hours: week.map((weekday) => ({ weekday, opens: '00:00', closes: '23:59' })),
    staff_hours: [{ staff: coach.id, weekly: week.map((weekday) => ({ weekday, starts: '00:00', ends: '23:59' })) }],
  });
  const service = await api('POST', '/appointments/services', {
    name: 'Discovery visit',
    therapy: 'discovery',
    duration_minutes: 45,
    delivered_by: ['HEALTH_COACH'],
  });
  const sent = await fetch(`${server.baseUrl}/api/v1/discovery/enquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Lakshmi Narayanan Subramaniam',
      email: 'lakshmi.phone@clinic.test',
      phone: '+919876500099',
      interest: 'HBOT',
      message: 'Long name, small screen.',
      consent_to_contact: true,
    }),
  });
  expect(sent.status).toBe(201);
  ids.prospect = (await api('GET', '/discovery/prospects?search=Lakshmi')).results[0].id;
  // 10:00 in Kolkata the day after tomorrow: whatever the hour the suite runs, the 45 minutes
  // stay inside the day's 00:00–23:59 (an hour counted from now could cross midnight).
  const day = new Date(Date.now() + 2 * 86_400_000);
  day.setUTCHours(4, 30, 0, 0);
  const start = day.toISOString();
  ids.discoveryVisit = (await api('POST', '/discovery/visits', { prospect: ids.prospect, service: service.id, staff: coach.id, start })).id;
  // Only a nurse or doctor charts a therapy visit.
  const nurse = await tokenOf(server.baseUrl, world.accounts.NURSE!.email);
  for (const therapy of ['iv', 'hbot', 'pet', 'red_light', 'fir'])
    ids[therapy] = (await api('POST', '/visits/therapy-visits', { client: client.id, therapy }, nurse)).id;
  // The clinic's tax settings with a UPI id, and an invoice reception issued to the client.
  const admin = await tokenOf(server.baseUrl, world.accounts.ADMIN!.email);
  const reception = await tokenOf(server.baseUrl, world.accounts.RECEPTION!.email);
  await api(
    'PUT',
    '/billing/settings',
    {
      legal_name: 'Sunrise Wellness Private Limited',
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
      address: '12 Linking Road, Bandra West, Mumbai 400050',
      series_prefixes: { invoice: 'INV', bill_of_supply: 'BOS', credit_note: 'CN', receipt: 'RV' },
      upi_vpa: 'sunrise@okicici',
      upi_payee_name: 'Sunrise Wellness',
      invoice_note: null,
      gst_rates_bp: [0, 500, 1800, 4000],
    },
    admin,
  );
  const draft = await api(
    'POST',
    '/billing/documents',
    {
      from: 'manual',
      client: client.id,
      lines: [
        { description: 'Vitamin D3 60 000 IU softgels, strip of four', code: '2106', quantity: 2, unit_price_paise: 45_050, gst_rate_bp: 1800 },
        { description: 'Hyperbaric oxygen therapy session, 60 minutes', code: '999722', unit_price_paise: 350_000, discount_paise: 25_000, gst_rate_bp: 1800 },
      ],
    },
    reception,
  );
  const issued = await api('POST', `/billing/documents/${draft.id}/issue`, undefined, reception);
  ids.invoice = issued.id;
  invoiceNumber = issued.number;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

/** Each built route's path here and the element that says its page is in. */
function routeTable(): Record<RouteKey, { path: string; ready: string } | undefined> {
  const c = { clientId: client.id };
  const visit = (therapy: string, key: RouteKey) => ({
    path: getHref(key, { clientId: client.id, visitId: ids[therapy] }),
    ready: '[data-page="therapy-visit"]',
  });
  const staff = (path: string) => ({ path, ready: '[data-guard="allowed"]' });
  const portal = (key: RouteKey) => ({ path: getHref(key, c), ready: '[data-guard="allowed"]' });
  return {
    clients: staff(getHref('clients')),
    clientDetails: staff(getHref('clientDetails', c)),
    appointments: staff(getHref('appointments')),
    users: staff(getHref('users')),
    backoffice: staff(getHref('backoffice')),
    thriveDashboard: staff(getHref('thriveDashboard')),
    thriveDashboardUser: staff(getHref('thriveDashboardUser', { id: client.id })),
    discovery: staff(getHref('discovery')),
    support: staff(getHref('support')),
    labDesk: staff(getHref('labDesk')),
    billing: staff(getHref('billing')),
    billingDocument: staff(getHref('billingDocument', { id: ids.invoice })),
    clientDiscovery: staff(getHref('clientDiscovery', { clientId: ids.prospect })),
    clientDiscoveryVisit: staff(getHref('clientDiscoveryVisit', { clientId: ids.prospect, visitId: ids.discoveryVisit })),
    staffProfile: staff(getHref('staffProfile')),
    ivVisit: visit('iv', 'ivVisit'),
    hbotVisit: visit('hbot', 'hbotVisit'),
    petVisit: visit('pet', 'petVisit'),
    redLightVisit: visit('red_light', 'redLightVisit'),
    firVisit: visit('fir', 'firVisit'),
    portalHome: portal('portalHome'),
    portalThriveCheck: portal('portalThriveCheck'),
    portalOnboard: portal('portalOnboard'),
    portalProfile: portal('portalProfile'),
    portalCognitive: portal('portalCognitive'),
    portalSupport: portal('portalSupport'),
    portalInClinic: portal('portalInClinic'),
    portalIntakeCall: portal('portalIntakeCall'),
    portalBookTest: portal('portalBookTest'),
    portalReports: portal('portalReports'),
    portalInvoices: portal('portalInvoices'),
    portalPackages: portal('portalPackages'),
  } as Record<RouteKey, { path: string; ready: string } | undefined>;
}

describe('every real route at 360 px', () => {
  it('names every built route here, so a new one is checked too', () => {
    const table = routeTable();
    expect(BUILT_ROUTES.filter((key) => !table[key])).toEqual([]);
  });

  it('signed out: /login shows the clinic name above the heading and fits', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    await page.goto('/login');
    const name = page.getByTestId('sign-in-clinic-name');
    await name.waitFor();
    expect(await name.textContent()).toBe(CLINIC);
    const heading = page.getByRole('heading', { name: TEXTS.loginHeading, level: 1 });
    expect((await name.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y);
    await expect.poll(() => page.title()).toBe(CLINIC);
    await expectFits(page, '/login');
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('a client: the consent text, the compact bar, and every portal page', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    const home = getHref('portalHome', { clientId: client.id });
    await signInAs(page, client, home);
    await page.getByLabel(CONSENT_ACCEPT_LABEL).waitFor();
    expect(await page.locator('#consent-text').textContent()).toContain(`authorize ${CLINIC} to use and disclose`);
    await expectFits(page, 'consent dialog');
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The compact bar: the clinic's name, a menu with the portal's links, the client's name in the account menu.
    const bar = page.locator('[data-layout="portal"] header');
    expect(await bar.getByTestId('clinic-name').textContent()).toBe(CLINIC);
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);
    expect(await page.title()).toBe(CLINIC);
    const fullName = `${client.firstName} ${client.lastName}`;
    await page.getByRole('button', { name: accountMenuLabel(fullName) }).click();
    expect(await page.getByTestId('user-menu-name').textContent()).toBe(fullName);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: OPEN_NAVIGATION }).click();
    await page.getByTestId('portal-nav-drawer').getByRole('link', { name: 'Support' }).click();
    await page.waitForURL((u) => u.pathname === getHref('portalSupport', { clientId: client.id }));

    const table = routeTable();
    for (const key of BUILT_ROUTES.filter((k) => k.startsWith('portal'))) {
      const route = table[key]!;
      await page.goto(route.path);
      await settled(page, route.ready);
      await expectFits(page, route.path);
      if (key === 'portalThriveCheck') {
        // Every question of the check reads whole: no label cut off with an ellipsis.
        const labels = page.getByRole('form', { name: 'Heart-risk check' }).locator('.MuiInputLabel-root');
        expect(await labels.count()).toBe(8);
        const cut = await labels.evaluateAll((all) =>
          all.filter((l) => l.scrollWidth > l.clientWidth + 1 || l.getBoundingClientRect().right > window.innerWidth).map((l) => l.textContent),
        );
        expect(cut).toEqual([]);
      }
    }

    // My invoices: the issued invoice in the list, then the invoice with its lines as cards and the QR.
    const invoices = getHref('portalInvoices', { clientId: client.id });
    await page.goto(invoices);
    await settled(page, '[data-my-invoices]');
    const card = page.locator(`[data-invoice="${ids.invoice}"]`);
    expect(await card.getAttribute('data-status')).toBe('issued');
    await card.getByRole('button').click();
    await settled(page, `[data-document="${ids.invoice}"]`);
    expect(await page.locator('li[data-line]').count()).toBe(2);
    const qr = page.locator('[data-upi-uri]');
    expect(await qr.getAttribute('data-upi-uri')).toContain('pa=sunrise%40okicici');
    expect(await qr.getAttribute('data-upi-uri')).toContain(`tn=${encodeURIComponent(invoiceNumber)}`);
    expect((await qr.boundingBox())!.width).toBeGreaterThan(150);
    await expectFits(page, `${invoices} (document)`);
    // No gateway configured here (/config.json says so): no "Pay online" at all, the QR only.
    expect(await page.getByRole('button', { name: INVOICES.payOnline }).count()).toBe(0);
    expect(await page.getByText(INVOICES.noGateway).count()).toBe(0);
    // Every page of the walk logged no error at all.
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('a SUPER_ADMIN: every staff page', async () => {
    const { context, page, errors } = await phoneContext(browser, world.server.baseUrl);
    await signInAs(page, world.accounts.SUPER_ADMIN!, '/clients');
    expect(await page.locator('[data-layout="staff"] header').getByTestId('clinic-name').textContent()).toBe(CLINIC);
    const table = routeTable();
    for (const key of BUILT_ROUTES.filter((k) => !k.startsWith('portal'))) {
      const route = table[key]!;
      await page.goto(route.path);
      await settled(page, route.ready);
      await expectFits(page, route.path);
    }
    // A dialog's day and time fields, side by side where they fit, one above the other here.
    await page.goto(getHref('appointments'));
    await settled(page, '[data-guard="allowed"]');
    await page.getByRole('button', { name: NEW_APPOINTMENT }).click();
    await settled(page, '[role="dialog"]');
    await expectFits(page, 'booking dialog');
    // The dialog scrolls, which the check above forgives: the time field must not need it.
    const dialog = (await page.getByRole('dialog', { name: NEW_APPOINTMENT }).boundingBox())!;
    const time = (await page.getByRole('group', { name: dateTimeLabels('Start').time, exact: true }).boundingBox())!;
    expect(time.x + time.width).toBeLessThanOrEqual(dialog.x + dialog.width);
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
