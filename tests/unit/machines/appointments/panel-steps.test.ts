import { describe, expect, it } from 'vitest';
import { canCancelWith, canRescheduleTo, isCompleteStart, missingForStep, panelSteps, stepInput } from '../../../../machines/appointments/panel-steps.ts';

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

describe('what a status change still lacks (the panel and the server alike)', () => {
  it('a cancellation lacks a reason until one is typed', () => {
    expect(missingForStep('cancelled', {})).toBe('reason');
    expect(missingForStep('cancelled', { reason: '   ' })).toBe('reason');
    expect(missingForStep('cancelled', { reason: 'Unwell' })).toBeNull();
    expect(canCancelWith(' ')).toBe(false);
    expect(canCancelWith('Unwell')).toBe(true);
  });

  it('a reschedule lacks its new start; the dialog waits for a date and a time', () => {
    expect(missingForStep('rescheduled', {})).toBe('start');
    expect(missingForStep('rescheduled', { start: '2026-11-24T10:00:00+05:30' })).toBeNull();
    expect(canRescheduleTo('2026-11-24')).toBe(false);
    expect(canRescheduleTo('2026-11-24T10:00')).toBe(true);
  });

  it('other steps lack nothing', () => {
    expect(missingForStep('confirmed', {})).toBeNull();
  });
});

describe('the steps the panel offers', () => {
  const at = { zone: 'Asia/Kolkata', checkInWindowHours: 2, role: 'RECEPTION', deliveredBy: ['NURSE'] };
  const booked = { status: 'booked' as const, start: '2026-11-23T10:30:00+05:30', chart: null };
  const to = (now: string, role = at.role) => panelSteps(booked, { ...at, role, now }).map((s) => s.to);

  it('follows the time the appointment was read: check-in only within its window', () => {
    expect(to('2026-11-23T02:59:00Z')).not.toContain('checked_in');
    expect(to('2026-11-23T04:00:00Z')).toContain('checked_in');
    expect(to('2026-11-23T04:00:00Z')).toEqual(expect.arrayContaining(['cancelled', 'rescheduled']));
  });

  it('offers only what the person may take', () => {
    expect(to('2026-11-23T04:00:00Z', 'CLIENT')).toEqual([]);
  });
});
