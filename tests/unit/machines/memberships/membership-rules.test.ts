// Period math on the clinic's calendar (month ends, leap years, the clinic's time zone) and a
// membership's discount in whole paise, against figures worked out by hand.
import { describe, expect, it } from 'vitest';
import { localTime } from '../../../../machines/appointments/scheduling-rules.ts';
import { addDays, addMonths, membershipDiscountPaise, periodOf, periodOver, renewalDue } from '../../../../machines/memberships/membership-rules.ts';

describe('membership periods', () => {
  it('run a month from the start day, the day before the same day next month', () => {
    expect(periodOf('2026-03-10', 'monthly', 0)).toEqual({ startsOn: '2026-03-10', endsOn: '2026-04-09' });
    expect(periodOf('2026-03-10', 'monthly', 1)).toEqual({ startsOn: '2026-04-10', endsOn: '2026-05-09' });
    expect(periodOf('2026-12-15', 'monthly', 0)).toEqual({ startsOn: '2026-12-15', endsOn: '2027-01-14' });
  });

  it('keep a start on the 31st on month ends, counted from the start each time', () => {
    expect(periodOf('2027-01-31', 'monthly', 0)).toEqual({ startsOn: '2027-01-31', endsOn: '2027-02-27' });
    expect(periodOf('2027-01-31', 'monthly', 1)).toEqual({ startsOn: '2027-02-28', endsOn: '2027-03-30' });
    expect(periodOf('2027-01-31', 'monthly', 2)).toEqual({ startsOn: '2027-03-31', endsOn: '2027-04-29' });
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
  });

  it('know leap years: 29 February in 2028, not in 2027 or 2100', () => {
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-30', 1)).toBe('2027-02-28');
    expect(addMonths('2100-01-29', 1)).toBe('2100-02-28');
    expect(periodOf('2028-02-29', 'yearly', 0)).toEqual({ startsOn: '2028-02-29', endsOn: '2029-02-27' });
    expect(periodOf('2028-02-29', 'yearly', 4)).toEqual({ startsOn: '2032-02-29', endsOn: '2033-02-27' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });

  it("start on the clinic's day, not UTC's: 8 pm UTC on 31 March is 1 April in Kolkata", () => {
    const day = localTime('Asia/Kolkata', Date.parse('2026-03-31T20:00:00Z')).date;
    expect(day).toBe('2026-04-01');
    expect(periodOf(day, 'monthly', 0)).toEqual({ startsOn: '2026-04-01', endsOn: '2026-04-30' });
  });

  it('are due for renewal a week before their last day, and over the day after it', () => {
    expect(renewalDue('2026-04-30', '2026-04-22')).toBe(false);
    expect(renewalDue('2026-04-30', '2026-04-23')).toBe(true);
    expect(periodOver('2026-04-30', '2026-04-30')).toBe(false);
    expect(periodOver('2026-04-30', '2026-05-01')).toBe(true);
  });
});

describe('a membership discount', () => {
  it('is whole paise, half a paisa and more up, never more than the line', () => {
    expect(membershipDiscountPaise(1, 333300, 15)).toBe(49995);
    expect(membershipDiscountPaise(1, 333, 15)).toBe(50); // 49.95 paise
    expect(membershipDiscountPaise(1, 330, 15)).toBe(50); // 49.5 paise, up
    expect(membershipDiscountPaise(1, 329, 15)).toBe(49); // 49.35 paise
    expect(membershipDiscountPaise(3, 99999, 10)).toBe(30000); // 29,999.7 paise
    expect(membershipDiscountPaise(1, 100, 100)).toBe(100);
    expect(membershipDiscountPaise(2, 0, 50)).toBe(0);
  });
});
