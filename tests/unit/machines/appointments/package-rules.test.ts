// A package's refund share and freeze days (machines/appointments/package-rules.ts), worked by hand.
import { describe, expect, it } from 'vitest';
import { daysGivenBack, freezeDays, frozen, proRataTaxablePaise } from '../../../../machines/appointments/package-rules.ts';

describe('the pro-rata refund share', () => {
  it('is the taxable value × credits left ÷ credits sold, to the nearest paisa', () => {
    // ₹40,000 for 10, 7 left: ₹28,000.
    expect(proRataTaxablePaise(4_000_000, 7, 10)).toBe(2_800_000);
    // ₹999 for 7, 5 left: 99,900 × 5 ÷ 7 = 71,357.142… → 71,357.
    expect(proRataTaxablePaise(99_900, 5, 7)).toBe(71_357);
    // 100 paise for 3, 2 left: 66.67 → 67 (half up); 1 left: 33.33 → 33.
    expect(proRataTaxablePaise(100, 2, 3)).toBe(67);
    expect(proRataTaxablePaise(100, 1, 3)).toBe(33);
    // 5 paise for 2, 1 left: 2.5 → 3 (half up).
    expect(proRataTaxablePaise(5, 1, 2)).toBe(3);
  });

  it('is nothing with no credit left, all with every credit left, and never more than is uncredited', () => {
    expect(proRataTaxablePaise(99_900, 0, 7)).toBe(0);
    expect(proRataTaxablePaise(99_900, 7, 7)).toBe(99_900);
    expect(proRataTaxablePaise(99_900, 7, 7, 50_000)).toBe(50_000);
    // Whole-number arithmetic even where floats drift: ₹1,00,00,000 for 3, 1 left.
    expect(proRataTaxablePaise(1_000_000_000, 1, 3)).toBe(333_333_333);
  });
});

describe('freezing', () => {
  it('takes the days asked, or from today through the last day', () => {
    expect(freezeDays('2026-06-01', { days: 4 })).toBe(4);
    expect(freezeDays('2026-06-01', { until: '2026-06-04' })).toBe(4);
    expect(freezeDays('2026-06-01', { until: '2026-06-01' })).toBe(1);
  });

  it('moves the expiry by the days frozen, and gives back those not frozen after all', () => {
    expect(frozen('2026-06-01', 4, '2026-06-30')).toEqual({ until: '2026-06-04', expiresOn: '2026-07-04' });
    expect(frozen('2026-06-01', 4, null)).toEqual({ until: '2026-06-04', expiresOn: null });
    // Unfrozen on its first day: all 4 back. On its third: 2 frozen, 2 back. After its last: none back.
    expect(daysGivenBack('2026-06-01', '2026-06-04')).toBe(4);
    expect(daysGivenBack('2026-06-03', '2026-06-04')).toBe(2);
    expect(daysGivenBack('2026-06-05', '2026-06-04')).toBe(0);
  });
});
