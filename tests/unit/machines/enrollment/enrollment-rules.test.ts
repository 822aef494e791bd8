// What the staff record offers for an enrollment comes from its chart: the verbs of each status,
// nothing once ended, and the end date an ending step records.
import { describe, expect, it } from 'vitest';
import { enrollmentLifecycle } from '../../../../machines/enrollment/enrollment-lifecycle.ts';
import {
  canEnrol,
  canSaveProgram,
  EMPTY_PROGRAM_FORM,
  endDateOnEnding,
  enrollmentSteps,
  isEnding,
  programForm,
} from '../../../../machines/enrollment/enrollment-rules.ts';
import { statusesOf } from '../../../../machines/lifecycle/lifecycle.ts';

describe('enrollment rules', () => {
  it('offers the verbs the chart allows, and none once ended', () => {
    expect(enrollmentSteps('active')).toEqual([
      { verb: 'pause', to: 'paused' },
      { verb: 'complete', to: 'completed' },
      { verb: 'cancel', to: 'cancelled' },
    ]);
    expect(enrollmentSteps('paused')).toEqual([
      { verb: 'resume', to: 'active' },
      { verb: 'complete', to: 'completed' },
      { verb: 'cancel', to: 'cancelled' },
    ]);
    expect(enrollmentSteps('completed')).toEqual([]);
    expect(enrollmentSteps('cancelled')).toEqual([]);
    expect(statusesOf(enrollmentLifecycle).filter(isEnding)).toEqual(['completed', 'cancelled']);
  });

  it('ends today, on the end date already set, or on the start when it has not begun', () => {
    expect(endDateOnEnding({ start_date: '2026-03-01', end_date: null }, '2026-05-24')).toBe('2026-05-24');
    expect(endDateOnEnding({ start_date: '2026-03-01', end_date: '2026-04-01' }, '2026-05-24')).toBe('2026-04-01');
    expect(endDateOnEnding({ start_date: '2026-12-01', end_date: null }, '2026-05-24')).toBe('2026-12-01');
  });
});

describe('enrolling and the program form', () => {
  it('a client is enrolled once a program is picked', () => {
    expect(canEnrol({ program: '' })).toBe(false);
    expect(canEnrol({ program: '2' })).toBe(true);
  });

  it('a program opens as it is, or empty for a new one, and is saved with a name', () => {
    const program = { name: 'Thrive 12', description: 'Twelve weeks', duration_weeks: 12, price_inr: 45000 };
    expect(programForm(program)).toEqual({ name: 'Thrive 12', description: 'Twelve weeks', duration_weeks: '12', price_inr: '45000' });
    expect(programForm(null)).toBe(EMPTY_PROGRAM_FORM);
    expect(canSaveProgram(EMPTY_PROGRAM_FORM)).toBe(false);
    expect(canSaveProgram({ ...EMPTY_PROGRAM_FORM, name: '  ' })).toBe(false);
    expect(canSaveProgram(programForm(program))).toBe(true);
  });
});
