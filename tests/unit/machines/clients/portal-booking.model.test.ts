// Model-based tests over the portal's booking charts (issue 16): every path of the upcoming-visits
// chart and of the visit-booking chart replayed on a real actor, every state and transition covered.
import { describe, expect, it } from 'vitest';
import { upcomingSelectors, visitSelectors } from '../../../../machines/clients/booking-selectors.ts';
import { clientChange, clinicDate, LIST_REFRESH_MAX_MS, untilListChanges } from '../../../../machines/clients/upcoming-rules.ts';
import { balanceFor, creditFor, servicesFor } from '../../../../machines/clients/visit-booking-machine.ts';
import { CREDIT_THERAPIES, joinIsOpen, joinUrl, VISIT_PREPARATION } from '../../../../machines/clients/visit-preparation.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { CHANGEABLE, LATE, model as upcomingModel, RULES } from './upcoming.model.ts';
import { CATALOGUE, model as visitModel, TODAY } from './visit-booking.model.ts';

describeModel('upcoming visits', upcomingModel, (snapshot) => {
  // Only the visit still changeable online is ever chosen; read-only never leaves the list.
  if (snapshot.context.chosen !== null) expect(snapshot.context.chosen).toBe(CHANGEABLE.id);
  if (snapshot.context.readOnly) expect(snapshot.matches('loading') || snapshot.matches('ready')).toBe(true);
  if (snapshot.matches('ready') && snapshot.context.rules) {
    // Judged when the list was loaded (a timer reloads it when that changes: LATE's start).
    const at = snapshot.context.loadedAt;
    const shown = upcomingSelectors.upcoming(snapshot);
    expect(shown.map((a) => a.change)).toEqual(
      snapshot.context.readOnly ? shown.map(() => 'none') : [CHANGEABLE, LATE].filter((a) => Date.parse(a.end) > at).map((a) => clientChange(a, RULES, at)),
    );
  }
  if (['cancelling', 'rescheduling', 'findingStarts', 'loading'].some((s) => snapshot.matches(s))) expect(snapshot.hasTag('pending')).toBe(true);
});

describeModel('visit booking', visitModel, (snapshot) => {
  // A red-light session with no package is never prepared or booked: the reason is shown instead.
  if (snapshot.context.service) expect(snapshot.context.service.therapy).not.toBe('red_light');
  if (snapshot.matches('choosing') && snapshot.context.message === 'noCredit') expect(visitSelectors.noCredit(snapshot)).toBe(true);
  // The booking chart runs only once every required question is answered.
  if (snapshot.matches('booking') && snapshot.context.kind === 'in_clinic') {
    for (const q of VISIT_PREPARATION.hbot.screening) expect(snapshot.context.answers[q.key]).toBeTruthy();
    expect(snapshot.context.package).toBe(9);
  }
  if (snapshot.matches('booked')) expect(visitSelectors.booked(snapshot)).not.toBeNull();
});

const H = 3_600_000;

describe('portal booking rules', () => {
  const now = Date.now();
  it('the list looks again a second after it changes with time: a join link opening, the 5 minutes after booking, the late window', () => {
    const M = 60_000;
    const call = {
      ...CHANGEABLE,
      channel: 'video' as const,
      start: new Date(now + 25 * M).toISOString(),
      end: new Date(now + 55 * M).toISOString(),
      join_url: null,
      join_opens_at: new Date(now + 15 * M).toISOString(),
    };
    expect(untilListChanges([call], RULES, now)).toBe(15 * M + 1000);
    // Once the link is given, the next change is the start.
    expect(untilListChanges([{ ...call, join_url: 'https://meet.example.org/x' }], RULES, now)).toBe(25 * M + 1000);
    const justBooked = { ...LATE, created_at: new Date(now - 2 * M).toISOString() };
    expect(untilListChanges([justBooked], RULES, now)).toBe(3 * M + 1000);
    expect(untilListChanges([{ ...CHANGEABLE, start: new Date(now + 30 * H).toISOString(), end: new Date(now + 31 * H).toISOString() }], RULES, now)).toBe(
      LIST_REFRESH_MAX_MS,
    );
    expect(untilListChanges([{ ...CHANGEABLE, start: new Date(now + 26 * H).toISOString(), end: new Date(now + 27 * H).toISOString() }], RULES, now)).toBe(
      2 * H + 1000,
    );
    expect(untilListChanges([], RULES, now)).toBe(LIST_REFRESH_MAX_MS);
  });
  it('a visit inside the late window is "contact the clinic", except within 5 minutes of booking', () => {
    expect(clientChange(CHANGEABLE, RULES, now)).toBe('change');
    expect(clientChange(LATE, RULES, now)).toBe('contact');
    expect(clientChange({ ...LATE, created_at: new Date(now - 4 * 60_000).toISOString() }, RULES, now)).toBe('change');
    expect(clientChange({ ...LATE, start: new Date(now - 60_000).toISOString() }, RULES, now)).toBe('none');
    expect(clientChange({ ...CHANGEABLE, status: 'cancelled' }, RULES, now)).toBe('none');
  });
  it('in clinic offers the credit therapies, with the balance; calls are with a coach or nurse', () => {
    expect(servicesFor('in_clinic', CATALOGUE.services).map((s) => s.therapy)).toEqual(['hbot', 'red_light']);
    expect(servicesFor('call', CATALOGUE.services).map((s) => s.therapy)).toEqual(['intake_call']);
    expect(balanceFor('hbot', CATALOGUE.packages, TODAY)).toBe(2);
    expect(creditFor('red_light', CATALOGUE.packages, TODAY)).toBeNull();
    expect(creditFor('hbot', [{ id: 1, therapy: 'hbot', sessions_left: 3, expires_on: '2026-01-01' }], TODAY)).toBeNull();
    expect(CREDIT_THERAPIES).toEqual(['hbot', 'iv', 'fir', 'red_light', 'pemf']);
  });
  it('HBOT preparation names cotton, no lotions or petroleum products, no battery devices', () => {
    const steps = VISIT_PREPARATION.hbot.steps.join(' ');
    expect(steps).toMatch(/cotton/);
    expect(steps).toMatch(/lotions.*petroleum products/);
    expect(steps).toMatch(/battery-powered devices/);
    expect(VISIT_PREPARATION.iv.steps.join(' ')).toMatch(/Eat a meal.*Drink plenty of water/);
    expect(VISIT_PREPARATION.fir.steps.join(' ')).toMatch(/Drink water.*alcohol/);
  });
  it('every therapy booked from credits has its own steps and screening questions, each key asked once', () => {
    for (const therapy of CREDIT_THERAPIES) {
      const { steps, screening } = VISIT_PREPARATION[therapy];
      expect(steps.length).toBeGreaterThan(0);
      expect(screening.length).toBeGreaterThan(0);
      expect(new Set(screening.map((q) => q.key)).size).toBe(screening.length);
    }
    // The sauna's contraindications a client can answer before coming in.
    expect(VISIT_PREPARATION.fir.screening.map((q) => q.key)).toEqual(expect.arrayContaining(['implant', 'heart_condition', 'bleeding_or_injury']));
  });
  it('the join link opens 10 minutes before the start, only from a template', () => {
    const start = new Date(now + 9 * 60_000).toISOString();
    const end = new Date(now + 39 * 60_000).toISOString();
    expect(joinIsOpen(start, end, now)).toBe(true);
    expect(joinIsOpen(new Date(now + 11 * 60_000).toISOString(), end, now)).toBe(false);
    expect(joinUrl('https://meet.example.org/{appointment}', 7)).toBe('https://meet.example.org/7');
    expect(joinUrl('', 7)).toBeNull();
    expect(clinicDate('Asia/Kolkata', Date.parse('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});
