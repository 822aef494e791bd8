// The calendar's day arithmetic (issue 42): real calendar dates only, day numbers rather than text,
// nothing past year 9999 (the day after 9999-12-31 was `+010000-01`, and adding days to it gave
// the same text back), and every walk over days finite and bounded before it starts.
import { describe, expect, it } from 'vitest';
import {
  DATE_WINDOW,
  addDays,
  compareDates,
  dateOfDay,
  dayNumber,
  daysBetween,
  eachDay,
  isCalendarDate,
  isDateInWindow,
  isDateTimeInWindow,
} from '../../../../machines/rules/calendar-dates.ts';
import { dateRange, hasUtcOffset, MAX_SCHEDULING_SPAN_DAYS, seriesDates } from '../../../../machines/appointments/scheduling-rules.ts';

const IMPOSSIBLE = [
  '2027-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-01-00',
  '2026-01-32',
  '2100-02-29',
  '1900-02-29',
  '2027-2-03',
  '20270203',
  '2027-02-03 ',
  '+02027-02-03',
];

describe('calendar dates', () => {
  it('refuses impossible calendar dates instead of rolling them over', () => {
    for (const date of IMPOSSIBLE) {
      expect(isCalendarDate(date), date).toBe(false);
      expect(() => addDays(date, 1), date).toThrow(RangeError);
    }
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
  });

  it('keeps dates inside the window 1900-2100, both ends included', () => {
    expect(DATE_WINDOW).toEqual({ first: '1900-01-01', last: '2100-12-31' });
    for (const date of ['1900-01-01', '2026-06-15', '2100-12-31']) expect(isDateInWindow(date), date).toBe(true);
    for (const date of ['1899-12-31', '2101-01-01', '9999-12-31', '0001-01-01', '0050-06-01', '0099-12-31']) expect(isDateInWindow(date), date).toBe(false);
  });

  it('reads the years 0001-0099 as themselves, never 1900-1999', () => {
    expect(dateOfDay(dayNumber('0050-06-01')!)).toBe('0050-06-01');
    expect(dayNumber('0050-06-01')).not.toBe(dayNumber('1950-06-01'));
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('date-times: a real day and clock with an offset, in the window', () => {
    for (const ok of ['2026-03-02T10:00:00+05:30', '2026-03-02T10:00Z', '1900-01-01T00:00:00Z', '2100-12-31T23:59:59.999-05:00'])
      expect(isDateTimeInWindow(ok), ok).toBe(true);
    for (const bad of [
      '9999-12-31T23:59:59Z',
      '0001-01-01T00:00:00Z',
      '0050-06-01T10:00:00Z',
      '0099-12-31T23:59:59Z',
      '1899-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
      '2027-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-00-10T10:00:00Z',
      '2026-03-02T24:00:00Z',
      '2026-03-02T10:60:00Z',
      '2026-03-02T10:00:00',
      '2026-03-02T10:00:00+24:00',
      '+010000-01-01T00:00:00Z',
    ]) {
      expect(isDateTimeInWindow(bad), bad).toBe(false);
      expect(hasUtcOffset(bad), bad).toBe(false);
    }
  });

  it('counts and compares days as numbers: across years, leap days and the end of the four-digit years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2099-12-31', 1)).toBe('2100-01-01');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2027-01-01', '2026-01-01')).toBe(-365);
    expect(compareDates('2026-12-31', '2027-01-01')).toBe(-1);
    expect(compareDates('2100-12-31', '2100-12-31')).toBe(0);
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    // The day after 9999-12-31 has no four-digit date: an error, never `+010000-01-01`.
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => compareDates('+010000-01-01', '9999-12-31')).toThrow(RangeError);
  });

  it('checks a range length before building it: backwards or too long is refused, up to the end of year 9999', () => {
    expect(eachDay('2026-12-30', '2027-01-02', 10)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(eachDay('2026-01-02', '2026-01-01', 10)).toEqual([]);
    expect(() => eachDay('2026-01-03', '2026-01-01', 10)).toThrow(RangeError);
    expect(() => eachDay('2026-01-01', '2026-01-11', 10)).toThrow(RangeError);
    expect(() => eachDay('0001-01-01', '9999-12-31', 31)).toThrow(RangeError);
    expect(() => eachDay('9999-12-31', '+010000-01-01', 31)).toThrow(RangeError);
    expect(eachDay('9999-12-29', '9999-12-31', 31)).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    expect(() => dateRange('2026-01-01', addDays('2026-01-01', MAX_SCHEDULING_SPAN_DAYS))).toThrow(RangeError);
    expect(dateRange('2026-01-01', addDays('2026-01-01', MAX_SCHEDULING_SPAN_DAYS - 1))).toHaveLength(MAX_SCHEDULING_SPAN_DAYS);
  });

  it('a weekly series walks a bounded number of days, whatever its start and weekdays', () => {
    expect(seriesDates('2026-03-02', [1, 3, 5], 4)).toEqual(['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-09']);
    expect(seriesDates('2026-03-02', [], 10)).toEqual([]);
    expect(seriesDates('2026-03-02', [8], 10)).toEqual([]);
    expect(seriesDates('2026-03-02', [1], 52)).toHaveLength(52);
    // Near the end of year 9999 the walk stops at the calendar's end with an error, never spins.
    expect(() => seriesDates('9999-12-25', [1, 2, 3, 4, 5, 6, 7], 52)).toThrow(RangeError);
  });
});
