// The appointment chart, walked path by path (model-based), and the rules it is asked with.
import { describe, expect, it } from 'vitest';
import { appointmentLifecycle, RELEASED_STATUSES } from '../../../../machines/appointments/appointment-lifecycle.ts';
import { nextSteps, statusesOf, stepTo } from '../../../../machines/lifecycle/lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './appointment-lifecycle.model.ts';

describeModel('appointment lifecycle', model, (snapshot) => {
  if (snapshot.value === 'no_show') expect(Date.parse(snapshot.context.now)).toBeGreaterThanOrEqual(Date.parse(snapshot.context.startsAt));
});

const past = { context: { startsAt: '2026-03-02T04:30:00Z', now: '2026-03-02T05:00:00Z' } };
const ahead = { context: { startsAt: '2026-03-02T04:30:00Z', now: '2026-03-01T05:00:00Z' } };

describe('appointment chart as the server asks it', () => {
  it('has the issue’s statuses in order', () => {
    expect(statusesOf(appointmentLifecycle)).toEqual(['requested', 'booked', 'confirmed', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show', 'rescheduled']);
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

  it('cannot cancel or reschedule once the client is checked in', () => {
    for (const from of ['checked_in', 'in_progress']) {
      expect(stepTo(appointmentLifecycle, from, 'cancelled', past)).toBeNull();
      expect(stepTo(appointmentLifecycle, from, 'rescheduled', past)).toBeNull();
    }
  });
});
