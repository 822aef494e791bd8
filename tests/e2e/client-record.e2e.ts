// Issue 24, the client record, in Chromium at 1280 and 360 px against a real server: the banner
// stays visible after scrolling (allergies and alerts on it), a tab link opens its tab, onboarding
// answers read as sentences, the audit tab names people and grows by one event per page view, says
// in words what happened and what a view read (no action codes), pages and filters, and the page is
// never wider than the viewport. Selling a package there (issue 32), and its family, sharing and
// transfer (issue 35).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIMELINE } from '../../src/app/routes/client-record/overview-texts.ts';
import { AUDIT_ACTION_WORDS, AUDIT_FILTER_LABEL, AUDIT_OUTCOME_WORDS } from '../../src/features/clients/record/audit-texts.ts';
import { LABS_SECTION } from '../../src/features/labs/client-labs-texts.ts';
import { BANNER_ALERT, BANNER_ALLERGIES, RECORD_TAB_LABELS } from '../../src/features/clients/record/texts.ts';
import { VISITS_SECTION } from '../../src/features/visits/client-visits-texts.ts';
import {
  DEFINE_PACKAGES,
  NO_PACKAGES,
  NO_PACKAGES_DEFINED,
  PACKAGE_BALANCE,
  PACKAGE_SOLD,
  PACKAGE_TEXT as P,
  SELL_PACKAGE,
  SESSIONS_LEFT,
} from '../../src/features/appointments/client-appointments-texts.ts';
import { words } from '../../machines/rules/words.ts';
import { NEW_PLAN, PLAN_FREEZE_LABEL, PLAN_SHAREABLE_LABEL, TAB_LABELS } from '../../src/features/appointments/scheduling/texts.ts';
import { ROLE_LABELS } from '../../src/lib/staff/format.ts';
import { launchBrowser } from '../support/browser.ts';
import { arrangeAccounts, call, expectNoConsoleErrors, pageAs, type StaffWorld, startStaffServer } from '../support/staff-e2e.ts';

let world: StaffWorld;
let browser: Browser;
let clientId = 0;

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

beforeAll(async () => {
  const { server, adminEmail, adminTemp } = await startStaffServer('client-record');
  world = await arrangeAccounts(server, adminEmail, adminTemp, ['ADMIN', 'NURSE'], 'r');
  browser = await launchBrowser();
  const res = await call(server.baseUrl, world.adminToken, 'POST', '/users/users', {
    first_name: 'Kavya',
    last_name: 'Iyer',
    email: 'kavya.record@clinic.test',
    phone_number: '+919812345601',
    date_of_birth: '1990-05-15',
    role: 'CLIENT',
    lifestyle_history: {
      schema_version: 1,
      sleep: { hours_per_night: 6, quality: 'poor' },
      activity: { days_per_week: 3, minutes_per_day: 30 },
      diet: { pattern: 'jain', meals_per_day: 3 },
      stress: { level: 6 },
      alcohol: { frequency: 'never' },
      tobacco: { status: 'never' },
      caffeine: { cups_per_day: 2 },
      screen_time: { hours_per_day: 4 },
    },
    family_history: { schema_version: 1, conditions: [{ relation: 'father', condition: 'diabetes', age_at_onset: 52 }] },
  });
  expect(res.status).toBe(201);
  clientId = res.body.id;
  const patch = await call(server.baseUrl, world.adminToken, 'PATCH', `/users/user-profiles/${clientId}`, {
    allergies: 'Penicillin',
    alert_notes: 'Faints during blood draws',
  });
  expect(patch.status).toBe(200);
  // 'Other' tickets are every clinical role's (machines/staff/work-routing.ts), so the nurse's timeline lists it.
  const ticket = await call(server.baseUrl, world.adminToken, 'POST', '/support/tickets', {
    client: clientId,
    category: 'other',
    subject: 'Invoice sent twice',
    message: 'Called the desk about a second invoice.',
  });
  expect(ticket.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop('SIGTERM');
});

/** An action code (`visit.list`) where words belong. */
const CODE = /\b[a-z]+\.[a-z_.]+\b/;
const auditRows = (page: Page) => page.getByRole('table', { name: 'Audit trail' }).locator('tbody tr');

const notWider = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

describe.each([1280, 360])('the client record at %i px', (width) => {
  it('opens on the Overview: recent events across the record, in words', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.NURSE!);
    await page.setViewportSize({ width, height: 760 });
    await page.goto(`/client/${clientId}/details`);
    const events = page.getByRole('list', { name: TIMELINE.list });
    await events.getByText(TIMELINE.askedSupport('Invoice sent twice')).waitFor();
    expect(await events.innerText()).not.toMatch(/_/);
    await notWider(page);
    expectNoConsoleErrors(errors);
    await context.close();
  });

  it('keeps the banner in view, opens tabs from links, reads onboarding as sentences, and audits one event per view', async () => {
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!);
    await page.setViewportSize({ width, height: 760 });
    const base = `/client/${clientId}/details`;

    await page.goto(`${base}?tab=onboarding`);
    const banner = page.getByTestId('client-banner');
    await banner.getByRole('heading', { name: 'Kavya Iyer', level: 1 }).waitFor();
    await banner.getByText(BANNER_ALLERGIES('Penicillin')).waitFor();
    await banner.getByText(BANNER_ALERT('Faints during blood draws')).waitFor();
    await page.getByText('Diet: Jain').waitFor();
    await page.getByText('Sleep quality: poor').waitFor();
    await page.getByText('Father — diabetes, from age 52').waitFor();
    expect(await page.getByRole('tab', { name: RECORD_TAB_LABELS.onboarding }).getAttribute('aria-selected')).toBe('true');
    // The left navigation (expanded from 1024 px; a menu below) marks Clients while a record is open.
    if (width >= 1024)
      expect(await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Clients' }).getAttribute('class')).toContain(
        'Mui-selected',
      );
    await notWider(page);

    // Scrolled to the bottom, the banner is still on screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = await banner.boundingBox();
    expect(box && box.y >= 0 && box.y < 200).toBe(true);
    await banner.getByText(BANNER_ALLERGIES('Penicillin')).waitFor();

    // A tab link opens its tab, and the URL says which.
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.audit }).click();
    await page.waitForURL(/tab=audit/);
    const count = async () => Number((await page.getByTestId('audit-count').innerText()).split(' ')[0]);
    await page.getByTestId('audit-count').waitFor();
    const before = await count();
    await expect(page.getByRole('table', { name: 'Audit trail' }).innerText()).resolves.toContain(`(${ROLE_LABELS.ADMIN})`);
    await expect(page.getByRole('table', { name: 'Audit trail' }).innerText()).resolves.toContain('Opened the record');
    expect(await page.getByRole('table', { name: 'Audit trail' }).getByText('User #').count()).toBe(0);
    await notWider(page);

    // One more page view of the record is one more event, whatever it reads.
    await page.reload();
    await page.getByTestId('audit-count').waitFor();
    await expect.poll(count).toBe(before + 1);

    // A view that opens the Visits and Labs tabs says so in words, and no row shows a code.
    await page.goto(`${base}?tab=visits`);
    await page.getByText(VISITS_SECTION.empty).waitFor();
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.labs }).click();
    await page.getByText(LABS_SECTION.empty).waitFor();
    await page.getByRole('tab', { name: RECORD_TAB_LABELS.audit }).click();
    await expect.poll(count).toBe(before + 2);
    const newest = auditRows(page).first();
    await expect(newest.innerText()).resolves.toContain(AUDIT_ACTION_WORDS['record.view']);
    await expect(newest.innerText()).resolves.toMatch(/Read: .*visits/);
    await expect(newest.innerText()).resolves.toMatch(/Read: .*lab reports/);
    await expect(newest.innerText()).resolves.toContain(AUDIT_OUTCOME_WORDS.success);
    for (const row of await auditRows(page).all()) expect(await row.innerText()).not.toMatch(CODE);
    await notWider(page);
    expectNoConsoleErrors(errors);
    await context.close();
  });
});

describe('the audit tab in the browser', () => {
  it('pages through every event and filters them by what happened', async () => {
    // 22 direct reads of the profile (no page view to fold them into): more than one page of events.
    for (let i = 0; i < 22; i += 1) expect((await call(world.server.baseUrl, world.adminToken, 'GET', `/users/user-profiles/${clientId}`)).status).toBe(200);
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!);
    await page.setViewportSize({ width: 1280, height: 760 });
    const base = `/client/${clientId}/details`;
    await page.goto(`${base}?tab=audit`);
    await page.getByTestId('audit-count').waitFor();
    const total = Number((await page.getByTestId('audit-count').innerText()).split(' ')[0]);
    expect(total).toBeGreaterThan(20);
    await expect.poll(() => auditRows(page).count()).toBe(20);

    await page.getByRole('link', { name: 'Go to page 2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => auditRows(page).count()).toBe(Math.min(20, total - 20));
    for (const row of await auditRows(page).all()) expect(await row.innerText()).not.toMatch(CODE);

    // The filter offers words, and choosing one goes back to its first page.
    await page.getByRole('combobox', { name: AUDIT_FILTER_LABEL }).click();
    await page.getByRole('option', { name: AUDIT_ACTION_WORDS['profile.read'], exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'profile.read' && !url.searchParams.has('page'));
    const filtered = async () => Number((await page.getByTestId('audit-count').innerText()).split(' ')[0]);
    await expect.poll(filtered).toBeLessThan(total);
    expect(await filtered()).toBeGreaterThanOrEqual(22);
    for (const row of await auditRows(page).all()) expect(await row.innerText()).toContain('profile');
    expectNoConsoleErrors(errors);
    await context.close();
  });
});

describe('selling a package (issue 32)', () => {
  it('says why it cannot while none is defined, links ADMIN to where packages are defined, where the therapy is chosen from a list; links a family, shares, transfers and unlinks (issue 35)', async () => {
    // A service delivers HBOT; no package is defined yet on this fresh clinic.
    expect(
      (
        await call(world.server.baseUrl, world.adminToken, 'POST', '/appointments/services', {
          name: 'HBOT 60 min',
          therapy: 'hbot',
          duration_minutes: 60,
          delivered_by: ['NURSE'],
        })
      ).status,
    ).toBe(201);
    const { context, page, errors } = await pageAs(browser, world.server.baseUrl, world.accounts.ADMIN!);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/client/${clientId}/details?tab=appointments`);
    const balance = page.getByTestId('package-balance');
    const why = balance.getByTestId('sell-package-why');
    await why.waitFor();
    expect(await why.innerText()).toBe(`${NO_PACKAGES_DEFINED} ${DEFINE_PACKAGES}`);
    expect(await balance.getByRole('button', { name: SELL_PACKAGE }).isDisabled()).toBe(true);
    await why.getByRole('link', { name: DEFINE_PACKAGES }).click();
    await page.waitForURL((u) => u.pathname === '/backoffice' && u.searchParams.get('tab') === 'packages');
    expect(await page.getByRole('tab', { name: TAB_LABELS.packages }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: NEW_PLAN }).click();
    const dialog = page.getByRole('dialog', { name: NEW_PLAN });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('HBOT ten');
    // Chosen, not typed: the therapies the services deliver, in words.
    await dialog.getByRole('combobox', { name: 'Therapy' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['HBOT']);
    await page.getByRole('option', { name: 'HBOT', exact: true }).click();
    // Issue 35: shared within a family, frozen for up to 14 days in all.
    await dialog.getByRole('spinbutton', { name: PLAN_FREEZE_LABEL }).fill('14');
    await dialog.getByLabel(PLAN_SHAREABLE_LABEL).check();
    await dialog.getByRole('button', { name: 'Save package' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await call(world.server.baseUrl, world.adminToken, 'GET', '/appointments/package-plans')).body).toMatchObject([
      { name: 'HBOT ten', therapy: 'hbot', shareable_in_family: true, freeze_allowance_days: 14 },
    ]);
    await page.goto(`/client/${clientId}/details?tab=appointments`);
    await balance.getByRole('button', { name: SELL_PACKAGE }).click();
    const sale = page.getByRole('dialog', { name: SELL_PACKAGE });
    await sale.getByRole('button', { name: 'Sell' }).click();
    await page.getByText(PACKAGE_SOLD).waitFor();
    await page.getByRole('list', { name: PACKAGE_BALANCE }).getByText(SESSIONS_LEFT(10, 10), { exact: false }).waitFor();
    expect(await balance.getByTestId('sell-package-why').count()).toBe(0);

    // Issue 35: a free package has no invoice, so nothing to refund; it may be frozen and given away.
    const list = page.getByRole('list', { name: PACKAGE_BALANCE });
    const steps = list.getByRole('group', { name: P.actionsOf(words('hbot')) });
    expect(await steps.getByRole('button').allTextContents()).toEqual([P.freeze, P.transfer]);
    // Linked to Ravi's family, Kavya may use his shareable package, named as his.
    const ravi = await call(world.server.baseUrl, world.adminToken, 'POST', '/users/users', {
      first_name: 'Ravi',
      last_name: 'Iyer',
      email: 'ravi.record@clinic.test',
      phone_number: '+919812345602',
      role: 'CLIENT',
    });
    expect(ravi.status).toBe(201);
    const plans = (await call(world.server.baseUrl, world.adminToken, 'GET', '/appointments/package-plans')).body as Array<{ id: number }>;
    expect(
      (await call(world.server.baseUrl, world.adminToken, 'POST', `/appointments/package-plans/${plans[0]!.id}/sell`, { client: ravi.body.id })).status,
    ).toBe(201);
    const family = page.getByTestId('client-family');
    await family.getByText(P.noFamily).waitFor();
    await family.getByRole('button', { name: P.joinFamily }).click();
    const join = page.getByRole('dialog', { name: P.joinTitle });
    await join.getByRole('combobox', { name: P.joinWith }).fill('Ravi');
    await page.getByRole('option', { name: /Ravi Iyer/ }).click();
    await join.getByRole('button', { name: P.joinSubmit }).click();
    await page.getByText(P.joined).waitFor();
    await family.getByRole('list', { name: P.familyMembers }).getByRole('link', { name: 'Ravi Iyer' }).waitFor();
    await list.getByText(P.sharedBy('Ravi Iyer'), { exact: false }).waitFor();
    // Kavya's own package goes to Ravi (ADMIN, with a reason): it is then shared back to her, not hers.
    await steps.getByRole('button', { name: P.transfer }).click();
    const transfer = page.getByRole('dialog', { name: P.transferTitle });
    await transfer.getByRole('combobox', { name: P.transferTo }).fill('Ravi');
    await page.getByRole('option', { name: /Ravi Iyer/ }).click();
    expect(await transfer.getByRole('button', { name: P.transferSubmit }).isDisabled()).toBe(true);
    await transfer.getByRole('textbox', { name: P.reason }).fill('Given to her husband');
    await transfer.getByRole('button', { name: P.transferSubmit }).click();
    await page.getByText(P.transferred('Ravi Iyer')).waitFor();
    await expect.poll(() => list.getByText(P.sharedBy('Ravi Iyer'), { exact: false }).count()).toBe(2);
    // The shared rows and her own list answer separately; wait for her own to drop the package.
    await expect.poll(() => steps.count()).toBe(0);
    expect((await call(world.server.baseUrl, world.adminToken, 'GET', `/appointments/packages?client=${ravi.body.id}`)).body).toHaveLength(2);
    // Unlinked, she has no package of her own, and none shared.
    await family.getByRole('button', { name: P.leaveFamily }).click();
    await page.getByRole('dialog', { name: P.leaveTitle }).getByRole('button', { name: P.leaveSubmit }).click();
    await page.getByText(P.left).waitFor();
    await family.getByText(P.noFamily).waitFor();
    await balance.getByText(NO_PACKAGES).waitFor();
    expectNoConsoleErrors(errors);
    await context.close();
  });
});
