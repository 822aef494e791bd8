// The client portal in Chromium, as a CLIENT made the way the clinic makes one (through the API
// and identity), signed in through the real /login: consent, home, onboarding left mid-way and
// resumed where it stopped, the profile edited, a thrive check taken and seen in the history and
// on home, and their data downloaded from the profile (issue 38). Its own server and DATA_DIR, so no other suite's accounts are touched.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE } from '../../src/app/shell-text.ts';
import { PORTAL_TEXT } from '../../src/features/clients/portal/texts.ts';
import { MY_DATA_TEXT } from '../../src/features/privacy/texts.ts';
import { EXPORT_SECTIONS } from '../../server/api/privacy/sections.ts';
import { launchBrowser, newContext, watchConsole } from '../support/browser.ts';
import { fillDateField } from '../support/date-field-e2e.ts';
import { migratedDataDir } from '../support/db-template.ts';
import { completeFirstSignIn, createAccount, type E2eAccount } from '../support/e2e-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'portal-admin@clinic.test';
const ADMIN_TEMP = 'Temp#Portal1234';

let server: ServerProcess;
let browser: Browser;
let client: E2eAccount;
let page: Page;
let errors: string[];
let adminToken: string;

/** The client's stored profile, read by the admin (not through the page under test). */
async function storedProfile(): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.baseUrl}/api/v1/users/user-profiles/${client.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL, ADMIN_TEMP_PASSWORD: ADMIN_TEMP, MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    dataDir: await migratedDataDir('clinic-e2e-portal-'),
    timeoutMs: 240_000,
  });
  browser = await launchBrowser();
  const admin = await completeFirstSignIn(server.baseUrl, ADMIN_EMAIL, ADMIN_TEMP);
  adminToken = admin.AccessToken;
  client = await createAccount(server.baseUrl, admin.AccessToken, 'CLIENT', 'portal');
  const context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  errors = watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

async function choose(label: string, option: string) {
  // The first field of that name (the phone number's dial code comes before the others').
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('client portal (Chromium)', () => {
  it('signs in through /login, gives consent and lands on home', async () => {
    // Each opening of the home counts one visit: the counts this browser asks for, and the server's answers.
    const isVisit = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/users/users/me/home-views');
    let counted = 0;
    const views: number[] = [];
    const onRequest = (request: Request) => void (isVisit(request) && counted++);
    const onResponse = async (response: Response) => {
      if (isVisit(response.request())) views.push(((await response.json()) as { views: number }).views);
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    await page.goto('/login');
    await page.getByPlaceholder('Enter Your Email Here').fill(client.email);
    await page.getByPlaceholder('Enter Your Password Here').fill(client.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/user/home/${client.id}`, { timeout: 20_000 });
    await page.getByLabel(CONSENT_ACCEPT_LABEL).check();
    await page.getByRole('button', { name: CONSENT_CONTINUE }).click();
    // The first visit is greeted as one; every later visit, this browser or another, as a return (issue 24).
    await expect.poll(() => page.getByRole('heading', { name: PORTAL_TEXT.greeting(client.firstName, true) }).isVisible(), { timeout: 15_000 }).toBe(true);
    // (Once the consent is saved and its dialog gone: a reload before would ask again.)
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // One page load, one opening of the home (behind the dialog, and after it), one visit: the first.
    await expect.poll(() => views).toEqual([1]);
    expect(counted).toBe(1);
    await page.reload();
    await page.getByRole('heading', { name: PORTAL_TEXT.greeting(client.firstName) }).waitFor();
    await page.getByText(PORTAL_TEXT.onboardingProgress(0, 4)).waitFor();
    await page.getByText(PORTAL_TEXT.latestCheckEmpty).waitFor();
    await page.getByText(PORTAL_TEXT.programsEmpty).waitFor();
    // The reload is the second opening, counted once.
    await expect.poll(() => views).toEqual([1, 2]);
    expect(counted).toBe(2);
    page.off('request', onRequest);
    page.off('response', onResponse);
  });

  it('completes two onboarding steps, leaves, and resumes at the third', async () => {
    await page.getByRole('link', { name: PORTAL_TEXT.onboardingStart }).click();
    await page.getByRole('heading', { name: 'Health goals', level: 2 }).waitFor();
    await choose('Area', 'Sleep');
    await page.getByLabel('Your goal in your words').fill('Sleep seven hours most nights');
    await fillDateField(page, 'Target date', '2027-03-01');
    await page.getByRole('button', { name: PORTAL_TEXT.next }).click();
    await page.getByLabel('In your own words, what brings you to the clinic?').fill('Tired all the time since my second child.');
    // Back keeps the saved step; next again returns here.
    await page.getByRole('button', { name: PORTAL_TEXT.back }).click();
    await expect.poll(() => page.getByLabel('Your goal in your words').inputValue()).toBe('Sleep seven hours most nights');
    // The goal's day went as the contract's YYYY-MM-DD, typed the clinic's way (issue 24).
    expect(((await storedProfile()).health_goals as { goals: Array<{ target_date: string }> }).goals[0].target_date).toBe('2027-03-01');
    await page.getByRole('button', { name: PORTAL_TEXT.next }).click();
    await page.getByLabel('In your own words, what brings you to the clinic?').fill('Tired all the time since my second child.');
    await page.getByRole('button', { name: PORTAL_TEXT.next }).click();
    await page.getByRole('heading', { name: 'Lifestyle', level: 2 }).waitFor();

    // Leave mid-way, come back through home: the wizard resumes at Lifestyle.
    await page.getByRole('link', { name: 'Thrive Clinic' }).click();
    await page.getByText(PORTAL_TEXT.onboardingProgress(2, 4)).waitFor();
    await page.getByRole('link', { name: PORTAL_TEXT.onboardingFinish }).click();
    await page.getByRole('heading', { name: 'Lifestyle', level: 2 }).waitFor();

    // A required answer missing: the contract's error shows and nothing moves on.
    await page.getByRole('button', { name: PORTAL_TEXT.next }).click();
    await page.locator('[data-field="step-errors"]').waitFor();

    await page.getByLabel('Hours of sleep a night').fill('6.5');
    await choose('Sleep quality', 'Fair');
    await page.getByLabel('Active days a week').fill('3');
    await page.getByLabel('Minutes on an active day').fill('30');
    await choose('Diet pattern', 'Vegetarian');
    await page.getByLabel('Meals a day').fill('3');
    await page.getByLabel('Stress level (1 = none, 10 = extreme)').fill('7');
    await choose('How often do you drink alcohol?', 'Occasionally');
    await choose('Tobacco', 'Never');
    await page.getByLabel('Cups of tea or coffee a day').fill('3');
    await page.getByLabel('Screen time outside work (hours a day)').fill('4');
    await page.getByRole('button', { name: PORTAL_TEXT.next }).click();
    await page.getByRole('heading', { name: 'Family history', level: 2 }).waitFor();
    await page.getByLabel(PORTAL_TEXT.noFamilyConditions).check();
    await page.getByRole('button', { name: PORTAL_TEXT.finish }).click();
    await page.getByText(PORTAL_TEXT.onboardingDone).waitFor();
  });

  it('edits the profile with the dial-code picker and shows age and gender', async () => {
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('button', { name: PORTAL_TEXT.edit }).click();
    await choose('Gender', 'Female');
    // A date picker in the clinic's order (dd/mm/yyyy), typed section by section.
    await page.getByRole('spinbutton', { name: 'Day' }).first().click();
    await page.keyboard.type('15061985');
    await page.getByLabel('City').fill('Pune');
    await page.getByLabel('Emergency contact name').fill('Ravi Kumar');
    await page.getByLabel('Emergency contact relation').fill('Husband');
    await choose('Code', '+91');
    await page.getByLabel('Phone number', { exact: true }).fill('98123 45678');
    await page.getByRole('button', { name: PORTAL_TEXT.save }).click();
    await page.getByText(PORTAL_TEXT.saved).waitFor();
    await expect.poll(() => page.locator('[data-field="Gender"]').textContent()).toBe('Female');
    expect(await page.locator('[data-field="Phone"]').textContent()).toBe('+91 98123 45678');
    expect(await page.locator('[data-field="Age"]').textContent()).toMatch(/^\d+ years$/);
    expect(await page.locator('[data-field="Aadhaar"]').textContent()).toBe('—');
  });

  it('refuses an invalid zipcode with the contract’s reason, saving nothing', async () => {
    const before = await storedProfile();
    const addressShown = await page.locator('[data-field="Address"]').textContent();
    const writes: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: PORTAL_TEXT.edit }).click();
    await page.getByLabel('PIN code').fill('!!');
    // The city changes too: a refused form saves none of its fields, not just the bad one.
    await page.getByLabel('City').fill('Nashik');
    await page.getByRole('button', { name: PORTAL_TEXT.save }).click();
    await page
      .getByText(/^PIN code is 3 to 10 letters or digits/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: PORTAL_TEXT.cancel }).click();
    page.off('request', onRequest);
    // Nothing was sent, the record is as it was, and the page shows the stored address again.
    expect(writes).toEqual([]);
    const after = await storedProfile();
    expect(after.zipcode).toBe(before.zipcode);
    expect(after.city).toBe('Pune');
    expect(after.updated_at ?? null).toBe(before.updated_at ?? null);
    expect(await page.locator('[data-field="Address"]').textContent()).toBe(addressShown);
  });

  it('takes a thrive check, prefilled from the profile, and sees it in the history and on home', async () => {
    await page.getByRole('link', { name: 'Thrive check' }).first().click();
    await page.getByRole('button', { name: PORTAL_TEXT.calculate }).waitFor();
    await page.getByText(PORTAL_TEXT.historyEmpty).waitFor();
    // Prefilled from the profile: female (F) and the age from the date of birth.
    expect(await page.getByRole('combobox', { name: 'Sex' }).textContent()).toContain('Female');
    expect(await page.getByLabel('Age (years)').inputValue()).toMatch(/^\d+$/);
    await choose('Sex', 'Male');
    await page.getByLabel('Age (years)').fill('61');
    await page.getByLabel('HDL cholesterol (mg/dL)').fill('47');
    await page.getByLabel('Total cholesterol (mg/dL)').fill('180');
    await page.getByLabel('Systolic blood pressure (mmHg, the upper number)').fill('124');
    await choose('Do you smoke?', 'Yes');
    await page.getByRole('button', { name: PORTAL_TEXT.calculate }).click();
    await page.locator('[data-field="risk"]').waitFor();
    expect(await page.locator('[data-field="risk"]').textContent()).toBe('25.3%');
    await page.getByText(PORTAL_TEXT.riskSentence('25.3')).waitFor();
    await page.getByText(PORTAL_TEXT.caveat).waitFor();
    expect(await page.locator('[data-list="checks"] li').count()).toBe(1);

    await page.getByRole('link', { name: 'Thrive Clinic' }).click();
    await page.locator('[data-field="latest-risk"]').waitFor();
    expect(await page.locator('[data-field="latest-risk"]').textContent()).toBe('25.3%');
    await page.getByText(PORTAL_TEXT.onboardingDone).waitFor();
    expect(errors).toEqual([]);
  });

  it('asks for their data on the profile, is emailed when it is ready, and downloads one zip with every section', async () => {
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('heading', { name: MY_DATA_TEXT.title }).waitFor();
    await page.getByText(MY_DATA_TEXT.none).waitFor();
    await page.getByRole('button', { name: MY_DATA_TEXT.request }).click();
    await page.getByText(MY_DATA_TEXT.requested).waitFor();
    // One under way at a time: no second ask while it is prepared in the background.
    expect(await page.getByRole('button', { name: MY_DATA_TEXT.request }).count()).toBe(0);
    const download = page.locator('[data-download]');
    await expect
      .poll(
        async () => {
          if ((await download.count()) > 0) return true;
          await page.getByRole('button', { name: MY_DATA_TEXT.refresh }).click();
          return false;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    const mail = (await (await fetch(`${server.baseUrl}/dev/outbox?to=${encodeURIComponent(client.email)}`)).json()) as {
      messages: Array<{ subject: string | null }>;
    };
    expect(mail.messages.filter((m) => m.subject?.endsWith('your data is ready to download'))).toHaveLength(1);
    const [file] = await Promise.all([page.waitForEvent('download'), download.first().click()]);
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    for (const section of EXPORT_SECTIONS) expect(Object.keys(files)).toContain(`${section.key}.json`);
    expect(strFromU8(files['summary.pdf'].subarray(0, 5))).toBe('%PDF-');
    // The profile they just edited, and the thrive check they just took.
    expect(JSON.parse(strFromU8(files['profile.json'])).tables.user_profiles[0].city).toBe('Pune');
    expect(JSON.parse(strFromU8(files['thrive-checks.json'])).tables.thrive_checks).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
