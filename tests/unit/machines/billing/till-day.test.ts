// What a till should hold (issue 35): payments less refunds per method, advances applied apart,
// and the count's difference, worked out by hand.
import { describe, expect, it } from 'vitest';
import { cashDifference, expectedInTill, isBusinessDay, nextBusinessDay, reasonNeeded } from '../../../../machines/billing/till-day.ts';

describe("a till's expected amounts", () => {
  it('are payments less refunds per method, with advances applied in no method', () => {
    const expected = expectedInTill([
      { method: 'cash', direction: 'in', amountPaise: 100_000 },
      { method: 'cash', direction: 'in', amountPaise: 118_000 },
      { method: 'cash', direction: 'out', amountPaise: 10_000 },
      { method: 'card', direction: 'in', amountPaise: 50_000 },
      { method: 'upi', direction: 'in', amountPaise: 112_500 },
      { method: 'upi', direction: 'out', amountPaise: 20_000 },
      { method: 'online', direction: 'in', amountPaise: 262_500 },
      { method: 'advance', direction: 'in', amountPaise: 50_000 },
    ]);
    // cash 1,00,000 + 1,18,000 − 10,000 = 2,08,000; UPI 1,12,500 − 20,000 = 92,500.
    expect(expected).toEqual({ byMethod: { cash: 208_000, card: 50_000, upi: 92_500, online: 262_500 }, advanceAppliedPaise: 50_000 });
  });

  it('are nothing on a day without money, and can go below nothing when more was paid back', () => {
    expect(expectedInTill([])).toEqual({ byMethod: { cash: 0, card: 0, upi: 0, online: 0 }, advanceAppliedPaise: 0 });
    expect(expectedInTill([{ method: 'cash', direction: 'out', amountPaise: 500 }]).byMethod.cash).toBe(-500);
  });
});

describe("the count's difference", () => {
  it('is counted less expected: ₹100 short is −10,000 paise and needs a reason; an exact count does not', () => {
    expect(cashDifference(198_000, 208_000)).toBe(-10_000);
    expect(cashDifference(208_500, 208_000)).toBe(500);
    expect(reasonNeeded(198_000, 208_000)).toBe(true);
    expect(reasonNeeded(208_000, 208_000)).toBe(false);
  });
});

describe('business days', () => {
  it('are real calendar dates, and the next one crosses months and years', () => {
    expect(isBusinessDay('2026-11-28')).toBe(true);
    expect(isBusinessDay('2026-02-30')).toBe(false);
    expect(isBusinessDay('28-11-2026')).toBe(false);
    expect(nextBusinessDay('2026-11-30')).toBe('2026-12-01');
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-01');
    expect(nextBusinessDay('2028-02-28')).toBe('2028-02-29');
  });
});
