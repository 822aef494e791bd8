// The appointment chart, walked path by path (model-based), and the rules it is asked with.
import { describe, expect, it } from 'vitest';
import { appointmentLifecycle, RELEASED_STATUSES } from '../../../../machines/appointments/appointment-lifecycle.ts';
import { isMovable } from '../../../../machines/appointments/selectors.ts';
import { nextSteps, statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './appointment-lifecycle.model.ts';

describeModel('appointment lifecycle', model, (snapshot) => {
  const c = snapshot.context;
  if (snapshot.value === 'no_show') expect(Date.parse(c.now)).toBeGreaterThanOrEqual(Date.parse(c.startsAt));
  // Checked in only inside the window (the model's paths reach checked_in only through a check-in).
  if (snapshot.value === 'checked_in' || snapshot.value === 'in_progress') {
    expect(Date.parse(c.now)).toBeGreaterThanOrEqual(Date.parse(c.checkInOpensAt));
    expect(Date.parse(c.now)).toBeLessThan(Date.parse(c.checkInClosesAt));
  }
  if (snapshot.value === 'completed') expect([null, 'completed', 'signed']).toContain(c.chart);
});

const past = { context: { startsAt: '2026-03-02T04:30:00Z', now: '2026-03-02T05:00:00Z' } };
const ahead = { context: { startsAt: '2026-03-02T04:30:00Z', now: '2026-03-01T05:00:00Z' } };

describe('appointment chart as the server asks it', () => {
  it('has the issue’s statuses in order', () => {
    expect(statusesOf(appointmentLifecycle)).toEqual([
      'requested',
      'booked',
      'confirmed',
      'checked_in',
      'in_progress',
      'completed',
      'cancelled',
      'no_show',
      'rescheduled',
    ]);
  });

  it('walks the straight line requested -> completed', () => {
    const line = ['requested', 'booked', 'confirmed', 'checked_in', 'in_progress', 'completed'];
    for (let i = 0; i < line.length - 1; i++) expect(stepTo(appointmentLifecycle, line[i], line[i + 1], past)).not.toBeNull();
  });

  it('allows a no-show only once the start has passed', () => {
    expect(stepTo(appointmentLifecycle, 'booked', 'no_show', past)?.event).toBe('appointment.mark_no_show');
    expect(stepTo(appointmentLifecycle, 'booked', 'no_show', ahead)).toBeNull();
    expect(stepTo(appointmentLifecycle, 'confirmed', 'no_show', ahead)).toBeNull();
  });

  it('ends for good in completed, cancelled, no_show and rescheduled', () => {
    for (const end of ['completed', ...RELEASED_STATUSES]) expect(nextSteps(appointmentLifecycle, end, past)).toEqual([]);
  });

  it('cannot cancel or reschedule once the client is checked in (unless its chart is aborted, below)', () => {
    for (const from of ['checked_in', 'in_progress']) {
      expect(stepTo(appointmentLifecycle, from, 'cancelled', past)).toBeNull();
      expect(stepTo(appointmentLifecycle, from, 'rescheduled', past)).toBeNull();
    }
  });
});

describe("the calendar's drag (a reschedule)", () => {
  it('moves requested, booked and confirmed appointments only, as the chart reschedules them', () => {
    // Written from the issue, not read from the chart: a drag is a reschedule, which ends once the client is in.
    const table: Record<string, boolean> = {
      requested: true,
      booked: true,
      confirmed: true,
      checked_in: false,
      in_progress: false,
      completed: false,
      cancelled: false,
      no_show: false,
      rescheduled: false,
    };
    expect(Object.fromEntries(statusesOf(appointmentLifecycle).map((status) => [status, isMovable(status)]))).toEqual(table);
    expect(isMovable('not-a-status')).toBe(false);
  });
});

describe('time and the visit chart (issue 32)', () => {
  const facts = (now: string, chart: string | null = null) => ({
    context: { startsAt: '2026-03-02T04:30:00Z', now, checkInOpensAt: '2026-03-02T02:30:00Z', checkInClosesAt: '2026-03-02T18:30:00Z', chart },
  });

  it('checks in from the window before the start until the day ends, not before, not after', () => {
    expect(stepTo(appointmentLifecycle, 'booked', 'checked_in', facts('2026-03-02T02:29:00Z'))).toBeNull();
    expect(stepTo(appointmentLifecycle, 'booked', 'checked_in', facts('2026-03-02T02:30:00Z'))?.event).toBe('appointment.check_in');
    expect(stepTo(appointmentLifecycle, 'confirmed', 'checked_in', facts('2026-03-02T18:29:00Z'))).not.toBeNull();
    expect(stepTo(appointmentLifecycle, 'confirmed', 'checked_in', facts('2026-03-02T18:30:00Z'))).toBeNull();
  });

  it('completes with its chart once one is open, and is cancelled (abort) only by an aborted chart', () => {
    const now = '2026-03-02T05:00:00Z';
    expect(stepTo(appointmentLifecycle, 'in_progress', 'completed', facts(now, null))).not.toBeNull();
    expect(stepTo(appointmentLifecycle, 'in_progress', 'completed', facts(now, 'draft'))).toBeNull();
    expect(stepTo(appointmentLifecycle, 'in_progress', 'completed', facts(now, 'in_progress'))).toBeNull();
    expect(stepTo(appointmentLifecycle, 'in_progress', 'completed', facts(now, 'completed'))).not.toBeNull();
    for (const from of ['checked_in', 'in_progress']) {
      expect(stepTo(appointmentLifecycle, from, 'cancelled', facts(now, 'aborted'))?.event).toBe('appointment.abort');
      expect(stepTo(appointmentLifecycle, from, 'cancelled', facts(now, 'draft'))).toBeNull();
    }
  });
});
