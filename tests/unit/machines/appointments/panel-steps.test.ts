import { describe, expect, it } from 'vitest';
import { isCompleteStart, stepInput } from '../../../../machines/appointments/panel-steps.ts';

describe('what a panel step asks before it is sent', () => {
  it.each(['confirmed', 'checked_in', 'in_progress', 'completed', 'no_show'] as const)('%s is sent at once', (to) => {
    expect(stepInput(to, '2026-11-23T10:30:00+05:30', 'Asia/Kolkata')).toEqual({ kind: 'none' });
  });

  it('a cancellation asks for a reason, starting empty', () => {
    expect(stepInput('cancelled', '2026-11-23T10:30:00+05:30', 'Asia/Kolkata')).toEqual({ kind: 'reason', initial: { reason: '' } });
  });

  it("a reschedule proposes the appointment's own start in clinic time, whatever the offset it was given in", () => {
    expect(stepInput('rescheduled', '2026-11-23T05:00:00Z', 'Asia/Kolkata')).toEqual({ kind: 'start', initial: { start: '2026-11-23T10:30' } });
    // Past midnight in the clinic's zone the date moves too.
    expect(stepInput('rescheduled', '2026-11-23T19:15:00Z', 'Asia/Kolkata')).toEqual({ kind: 'start', initial: { start: '2026-11-24T00:45' } });
  });

  it('a start is complete only with date and time', () => {
    expect(isCompleteStart('2026-11-23T10:30')).toBe(true);
    expect(isCompleteStart('2026-11-23')).toBe(false);
    expect(isCompleteStart('')).toBe(false);
  });
});
