// The calendar's wall-clock crossing: a clinic time drawn as a browser-local Date reads the
// clinic's clock, and a drop at a drawn time is that time on the clinic's clock, with its offset.
import { describe, expect, it } from 'vitest';
import { clockOf, drawnDay, fromDrawn, offsetIso, toDrawn } from '../../../../src/features/appointments/clinic-time.ts';

describe('clinic time', () => {
  it('draws a clinic time on the browser clock and reads it back with the clinic offset', () => {
    const drawn = toDrawn('2026-03-02T04:30:00Z', 'Asia/Kolkata');
    expect([drawnDay(drawn), drawn.getHours(), drawn.getMinutes()]).toEqual(['2026-03-02', 10, 0]);
    expect(fromDrawn(drawn, 'Asia/Kolkata')).toBe('2026-03-02T10:00:00+05:30');
    expect(clockOf('2026-03-02T04:30:00Z', 'Asia/Kolkata')).toBe('10:00 am');
  });

  it('writes offsets across daylight saving (New York)', () => {
    expect(offsetIso(Date.parse('2026-07-01T14:00:00Z'), 'America/New_York')).toBe('2026-07-01T10:00:00-04:00');
    expect(offsetIso(Date.parse('2026-01-05T15:00:00Z'), 'America/New_York')).toBe('2026-01-05T10:00:00-05:00');
    expect(fromDrawn(new Date(2026, 6, 1, 10, 0), 'America/New_York')).toBe('2026-07-01T10:00:00-04:00');
  });
});
