// Where a client is in a program on the portal home: week 1 on the first day, the share of weeks
// done, the whole program once completed, nothing without the program.
import { describe, expect, it } from 'vitest';
import { programProgress } from '../../../../machines/clients/program-progress.ts';

const day = (iso: string) => Date.parse(`${iso}T10:00:00Z`);

describe('program progress', () => {
  it('counts weeks from the start date', () => {
    expect(programProgress({ status: 'active', start_date: '2026-03-01' }, { duration_weeks: 12 }, day('2026-03-01'))).toEqual({
      week: 1,
      total: 12,
      percent: 0,
    });
    expect(programProgress({ status: 'active', start_date: '2026-03-01' }, { duration_weeks: 12 }, day('2026-03-22'))).toEqual({
      week: 4,
      total: 12,
      percent: 25,
    });
    expect(programProgress({ status: 'paused', start_date: '2026-03-01' }, { duration_weeks: 4 }, day('2026-06-01'))?.percent).toBe(100);
    // Not started yet: week 1.
    expect(programProgress({ status: 'active', start_date: '2026-03-01' }, { duration_weeks: 12 }, day('2026-02-01'))).toEqual({
      week: 1,
      total: 12,
      percent: 0,
    });
  });

  it('is the whole program once completed, and nothing without the program', () => {
    expect(programProgress({ status: 'completed', start_date: '2026-03-01' }, { duration_weeks: 12 }, day('2026-03-02'))).toEqual({
      week: 12,
      total: 12,
      percent: 100,
    });
    expect(programProgress({ status: 'active', start_date: '2026-03-01' }, undefined)).toBeNull();
  });
});
