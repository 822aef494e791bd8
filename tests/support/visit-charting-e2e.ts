// Shared by the therapy visit end-to-end suites (issue 17): a server (on a private copy of the build) with a NURSE, a DOCTOR and
// clients, one service per therapy, appointments booked for the nurse; staff signed in at a given
// width; the nurse checking the client in and opening the chart from the appointment's side panel;
// and a charter that fills the chart by its data-section / data-field names while counting what a
// person would do (clicks, fields typed) so a suite can say how long charting takes.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Role } from '../../machines/guard/roles.ts';
import { THERAPY_FIELDS, type Therapy } from '../../machines/visits/therapy-fields.ts';
import { ACTION_LABELS, OPEN_VISIT_CHART } from '../../src/features/appointments/texts.ts';
import { VISIT_TEXT as T } from '../../src/features/visits/texts.ts';
import { watchConsole } from './browser.ts';
import { fillClockField } from './date-field-e2e.ts';
import { privateBuild } from './private-build.ts';
import { createAccount, type E2eAccount, tokenOf } from './e2e-accounts.ts';
import { arrangeAccounts, call, signInAs, type StaffWorld, startStaffServer } from './staff-e2e.ts';
import { words } from '../../machines/rules/words.ts';

export const DESKTOP = 1280;
export const PHONE = 360;

export interface VisitWorld extends StaffWorld {
  services: Record<Therapy, number>;
  /** Clients besides the CLIENT account (e.g. one with a pacemaker). */
  others: E2eAccount[];
  /** An access token of the nurse (plain password flow), for reading what the server stored. */
  nurseToken: string;
}

export { tokenOf };

const SERVICE_NAMES: Record<Therapy, string> = { iv: 'IV drip', hbot: 'HBOT dive', pet: 'PEMF mat', red_light: 'Red light panel', fir: 'FIR sauna session' };

/** A server with NURSE, DOCTOR and CLIENT (plus `extraClients`), the nurse on duty all week and a service per therapy. */
export async function arrangeVisitWorld(tag: string, extraClients = 0, roles: Role[] = ['NURSE', 'DOCTOR', 'CLIENT']): Promise<VisitWorld> {
  // A private copy of the build: another suite's server rebuilding build/web/ mid-run would 404 this page's chunks.
  const distDir = await privateBuild(tag);
  const { server, adminEmail, adminTemp } = await startStaffServer(tag, { env: { DIST_DIR: distDir } });
  const stop = server.stop;
  server.stop = async (signal) => {
    const code = await stop(signal);
    fs.rmSync(distDir, { recursive: true, force: true });
    return code;
  };
  const world = await arrangeAccounts(server, adminEmail, adminTemp, roles, tag.slice(0, 3));
  const api = (method: string, path: string, body?: unknown) => call(server.baseUrl, world.adminToken, method, path, body);
  const nurse = world.accounts.NURSE!;
  const week = [1, 2, 3, 4, 5, 6, 7];
  const hours = await api('PATCH', '/appointments/hours', {
    clinic_hours: week.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
    staff_hours: [{ staff: nurse.id, weekly: week.map((weekday) => ({ weekday, starts: '00:00', ends: '24:00' })) }],
  });
  expect(hours.status).toBe(200);
  const services = {} as Record<Therapy, number>;
  for (const therapy of Object.keys(SERVICE_NAMES) as Therapy[]) {
    const made = await api('POST', '/appointments/services', { name: SERVICE_NAMES[therapy], therapy, duration_minutes: 60, delivered_by: ['NURSE'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    services[therapy] = made.body.id;
  }
  const others: E2eAccount[] = [];
  for (let n = 0; n < extraClients; n++) others.push(await createAccount(server.baseUrl, world.adminToken, 'CLIENT', `${tag.slice(0, 3)}o${n}`));
  return { ...world, services, others, nurseToken: await tokenOf(server.baseUrl, nurse.email) };
}

/**
 * A chart is completed or signed only once its appointment has started (issue 32): when each
 * appointment booked here starts, and so each chart opened for one; for a chart opened otherwise,
 * the latest start booked so far.
 */
const appointmentStarts = new Map<number, number>();
const chartStarts = new Map<number, number>();
let latestStart = 0;

/**
 * Books `therapy` for `client` with the nurse, one minute long, starting 10 s from now or once her
 * last session booked here has ended (she has one at a time); returns the appointment. A suite books
 * each session as its test begins: a chart is completed only once its appointment has started, so
 * a session booked minutes ahead is minutes the suite waits. An appointment that has begun is still
 * checked in (until the clinic's day ends) and on the day's calendar.
 */
const LEAD_MS = 10_000;
let nurseFreeAt = 0;

export async function book(world: VisitWorld, therapy: Therapy, client: number): Promise<number> {
  const startMs = Math.max(Date.now() + LEAD_MS, nurseFreeAt + 1_000);
  nurseFreeAt = startMs + 60_000;
  latestStart = Math.max(latestStart, startMs);
  const start = new Date(startMs).toISOString();
  const end = new Date(startMs + 60_000).toISOString();
  const booked = await call(world.server.baseUrl, world.adminToken, 'POST', '/appointments/appointments', {
    client,
    service: world.services[therapy],
    staff: world.accounts.NURSE!.id,
    start,
    end,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  appointmentStarts.set(booked.body.id, startMs);
  return booked.body.id;
}

/** Checks an appointment in through the API (for suites whose subject is not the front desk). */
export async function checkIn(world: VisitWorld, appointment: number): Promise<void> {
  expect(
    (await call(world.server.baseUrl, world.adminToken, 'POST', `/appointments/appointments/${appointment}/transitions`, { to: 'checked_in' })).status,
  ).toBe(200);
}

/** A new browser context `width` px wide, signed in as `account` through the real /login, on `path`. */
export async function staffAt(browser: Browser, baseUrl: string, account: Pick<E2eAccount, 'email' | 'password'>, width: number, path: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width < 600 ? 760 : 900 } });
  // Generous waits: the suite shares two cores with every other suite.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAs(page, account, path);
  return { context, page, errors };
}

/** The page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `${where}: page ${scroll}px wide in a ${inner}px viewport`).toBeLessThanOrEqual(inner);
}

/** The therapies' time fields by key, with their labels: clock fields, typed section by section. */
const CLOCK_LABELS = new Map(Object.values(THERAPY_FIELDS).flatMap((defs) => defs.filter((d) => d.kind === 'time').map((d) => [d.key, d.label] as const)));

/** Vitals before a session, as the suites type them. */
export const VITALS_BEFORE = { systolic: '122', diastolic: '78', heart_rate: '70', spo2: '98' };

/** An HBOT dive's settings before it starts, with the pre-dive checklist (cotton only, no lotions or petroleum, no battery devices, grounding). */
export const HBOT_BEFORE_DIVE: Record<string, string | { choose: string }> = {
  chamber_type: { choose: 'soft' },
  ata: '1.3',
  pressurise_minutes: '8',
  hold_minutes: '60',
  depressurise_minutes: '5',
  oxygen_by_mask: { choose: T.yes },
  concentrator_percent: '90',
  checklist_cotton: { choose: T.yes },
  checklist_no_lotions: { choose: T.yes },
  checklist_no_devices: { choose: T.yes },
  checklist_grounding: { choose: T.yes },
};

/** Fills and steps a visit chart, counting clicks and fields typed. */
export function charter(page: Page) {
  const counts = { clicks: 0, fields: 0 };
  const field = (section: string, name: string) => page.locator(`[data-section="${section}"] [data-field="${name}"]`);
  const frame = page.locator('[data-page="therapy-visit"]');
  const c = {
    counts,
    frame,
    field,
    async fill(section: string, name: string, value: string) {
      counts.fields++;
      const clock = CLOCK_LABELS.get(name);
      if (clock) await fillClockField(field(section, name), clock, value);
      else await field(section, name).fill(value);
    },
    async choose(section: string, name: string, option: string) {
      counts.clicks += 2;
      await field(section, name).locator('..').click();
      // Tests name the stored choice; the list shows its words (machines/rules/words).
      await page.getByRole('option', { name: words(option), exact: true }).click();
    },
    async click(target: ReturnType<Page['getByRole']>) {
      counts.clicks++;
      await target.click();
    },
    async check(label: string) {
      counts.clicks++;
      await page.getByLabel(label, { exact: true }).check();
    },
    /** Fills a vitals section from [field, value] pairs. */
    async vitals(section: 'vitals_before' | 'vitals_after', values: Record<string, string>) {
      for (const [name, value] of Object.entries(values)) await c.fill(section, name, value);
    },
    /** Fills the therapy's parameters: a value of `{ choose }` picks from a list, a string is typed. */
    async parameters(values: Record<string, string | { choose: string }>) {
      for (const [name, value] of Object.entries(values)) {
        if (typeof value === 'string') await c.fill('parameters', name, value);
        else await c.choose('parameters', name, value.choose);
      }
    },
    async saved() {
      await frame.locator('[data-field="save-state"]').getByText(T.save.saved, { exact: true }).waitFor();
    },
    async status(status: string) {
      await expect.poll(() => frame.getAttribute('data-status'), { timeout: 60_000 }).toBe(status);
    },
    async step(to: 'in_progress' | 'completed' | 'signed') {
      // This chart's appointment has started before it is completed or signed.
      if (to !== 'in_progress') {
        const chart = Number(new URL(page.url()).pathname.split('/').pop());
        await page.waitForTimeout(Math.max(0, (chartStarts.get(chart) ?? latestStart) - Date.now() + 1_000));
      }
      await c.click(page.getByRole('button', { name: T.steps[to], exact: true }));
      await c.status(to);
    },
  };
  return c;
}

/** On /appointments, finds the appointment in the day view (or a narrow screen's agenda), looking up to three days ahead, and opens its side panel. */
export async function openAppointment(page: Page, appointment: number): Promise<void> {
  await page.goto('/appointments');
  // Below 900 px the page is the day's agenda list; wider, a calendar switched to its day view.
  const narrow = (page.viewportSize()?.width ?? DESKTOP) < 900;
  if (!narrow) await page.getByRole('button', { name: 'Day', exact: true }).click();
  const event = narrow ? page.locator(`[data-appointment="${appointment}"]`) : page.locator(`.rbc-event:has([data-appointment="${appointment}"])`);
  for (let day = 0; ; day++) {
    try {
      await event.waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (day === 3) throw error;
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
  }
  // The sessions booked here are a minute long and back to back (they start soon, so they can be
  // checked in and completed), drawn close together in the day view, where the next one's label
  // can lie over this one's edge: the click goes to this appointment itself.
  await event.scrollIntoViewIfNeeded();
  await event.dispatchEvent('click');
}

/** The nurse, on /appointments, finds the appointment, checks the client in and opens its chart; returns the visit. */
export async function checkInAndOpenChart(page: Page, appointment: number, therapy: Therapy, client: number, clicks = { clicks: 0 }): Promise<number> {
  await openAppointment(page, appointment);
  const panel = page.getByTestId('appointment-panel');
  await panel.getByRole('button', { name: ACTION_LABELS['appointment.check_in'], exact: true }).click();
  const open = panel.getByRole('button', { name: OPEN_VISIT_CHART });
  await open.click();
  clicks.clicks += 3;
  await page.waitForURL(new RegExp(`/client/${therapy}/${client}/visit/\\d+$`));
  const visit = Number(new URL(page.url()).pathname.split('/').pop());
  const start = appointmentStarts.get(appointment);
  if (start !== undefined) chartStarts.set(visit, start);
  return visit;
}

/** The chart a DOCTOR signs: opened on their own device, signed, locked; the server names them as signer. */
export async function doctorSigns(page: Page, world: VisitWorld, therapy: Therapy, client: number, id: number): Promise<void> {
  await page.goto(`/client/${therapy}/${client}/visit/${id}`);
  const c = charter(page);
  await c.status('completed');
  await c.step('signed');
  await c.frame.locator('[data-field="locked"]').waitFor();
  const stored = await call(world.server.baseUrl, world.nurseToken, 'GET', `/visits/therapy-visits/${id}`);
  expect(stored.body.status).toBe('signed');
  expect(stored.body.signed_by).toBe(world.accounts.DOCTOR!.id);
}
