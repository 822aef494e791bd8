// The pure scheduling rules: clinic time zones (Asia/Kolkata, and New York across both
// daylight-saving changes), the late-cancellation window, buffers and the slot search.
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../server/api/contract.ts';
import {
  clampSeriesCount,
  isOpenAt,
  SERIES_OCCURRENCES,
  visibleHours,
  deliveringRoles,
  durationMinutes,
  findSlots,
  nextOpeningStart,
  withoutWorkingHours,
  hasUtcOffset,
  isLateCancellation,
  localTime,
  openWindows,
  returnsPackageSession,
  forfeitsCredit,
  seriesDates,
  workingWindows,
  zonedInstant,
  zoneOffsetMinutes,
} from '../../../../machines/appointments/scheduling-rules.ts';

const iso = (t: number) => new Date(t).toISOString();
const H = 3_600_000;

describe('time zones', () => {
  it('Asia/Kolkata is UTC+05:30 all year', () => {
    expect(zoneOffsetMinutes('Asia/Kolkata', Date.parse('2026-01-15T00:00:00Z'))).toBe(330);
    expect(zoneOffsetMinutes('Asia/Kolkata', Date.parse('2026-07-15T00:00:00Z'))).toBe(330);
    expect(iso(zonedInstant('Asia/Kolkata', '2026-03-02', 10 * 60))).toBe('2026-03-02T04:30:00.000Z');
    expect(localTime('Asia/Kolkata', Date.parse('2026-03-01T20:00:00Z'))).toEqual({ date: '2026-03-02', weekday: 1, minutes: 90 });
  });

  it('New York: 10:00 is 15:00Z before the spring change and 14:00Z after it', () => {
    expect(iso(zonedInstant('America/New_York', '2026-03-07', 600))).toBe('2026-03-07T15:00:00.000Z');
    expect(iso(zonedInstant('America/New_York', '2026-03-08', 600))).toBe('2026-03-08T14:00:00.000Z');
  });

  it('a skipped wall time moves forward; a repeated one is the first', () => {
    expect(iso(zonedInstant('America/New_York', '2026-03-08', 150))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedInstant('America/New_York', '2026-11-01', 90))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('opening hours on a change day keep their wall-clock times', () => {
    const hours = [7].map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' }));
    const [spring] = openWindows('America/New_York', ['2026-03-08'], hours, new Set());
    expect(iso(spring.start)).toBe('2026-03-08T12:00:00.000Z');
    expect(iso(spring.end)).toBe('2026-03-09T00:00:00.000Z');
    const [fall] = openWindows('America/New_York', ['2026-11-01'], hours, new Set());
    expect((fall.end - fall.start) / H).toBe(12);
  });

  it('the grid skips wall times that do not exist and never repeats a start', () => {
    const day = '2026-03-08';
    const open = [{ start: zonedInstant('America/New_York', day, 0), end: zonedInstant('America/New_York', day, 6 * 60) }];
    const slots = findSlots({
      zone: 'America/New_York',
      dates: [day],
      gridMinutes: 30,
      timing: { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
      clinicOpen: open,
      staff: [{ id: 1, working: open, busy: [] }],
      pools: [],
      earliest: 0,
    });
    const starts = slots.map((s) => s.start);
    expect(new Set(starts).size).toBe(starts.length);
    // 00:00 to 06:00 local is five real hours that day: ten half-hour starts, the last at 05:30.
    expect(slots.map((s) => localTime('America/New_York', s.start).minutes)).toEqual([0, 30, 60, 90, 180, 210, 240, 270, 300, 330]);
  });
});

describe('input rules', () => {
  it('accepts only date-times with a UTC offset', () => {
    expect(hasUtcOffset('2026-03-02T10:00:00+05:30')).toBe(true);
    expect(hasUtcOffset('2026-03-02T04:30:00Z')).toBe(true);
    expect(hasUtcOffset('2026-03-02T10:00:00')).toBe(false);
    expect(hasUtcOffset('2026-03-02')).toBe(false);
  });

  it('reads a profile’s appointment_duration, defaulting to 30 minutes', () => {
    expect(durationMinutes('00:45:00')).toBe(45);
    expect(durationMinutes(null)).toBe(30);
  });
});

describe('late cancellation', () => {
  const startsAt = '2026-03-02T04:30:00Z';
  it('is late inside the window', () => {
    expect(isLateCancellation({ startsAt, bookedAt: '2026-02-20T00:00:00Z', now: '2026-03-01T10:00:00Z', windowHours: 24 })).toBe(true);
    expect(isLateCancellation({ startsAt, bookedAt: '2026-02-20T00:00:00Z', now: '2026-03-01T04:00:00Z', windowHours: 24 })).toBe(false);
  });
  it('is never late within 5 minutes of booking', () => {
    expect(isLateCancellation({ startsAt, bookedAt: '2026-03-02T02:00:00Z', now: '2026-03-02T02:04:59Z', windowHours: 24 })).toBe(false);
    expect(isLateCancellation({ startsAt, bookedAt: '2026-03-02T02:00:00Z', now: '2026-03-02T02:05:01Z', windowHours: 24 })).toBe(true);
  });
  it('gives a package session back for the clinic’s cancellations and timely ones', () => {
    expect(returnsPackageSession('clinic', true)).toBe(true);
    expect(returnsPackageSession('client', false)).toBe(true);
    expect(returnsPackageSession('client', true)).toBe(false);
  });
  it('forfeits the credit on a no-show or a late client cancellation only while the setting is on (issue 35)', () => {
    expect(forfeitsCredit({ kind: 'no_show' }, true)).toBe(true);
    expect(forfeitsCredit({ kind: 'cancelled', by: 'client', late: true }, true)).toBe(true);
    expect(forfeitsCredit({ kind: 'cancelled', by: 'client', late: false }, true)).toBe(false);
    expect(forfeitsCredit({ kind: 'cancelled', by: 'clinic', late: true }, true)).toBe(false);
    expect(forfeitsCredit({ kind: 'cancelled', by: 'clinic', late: false }, true)).toBe(false);
    expect(forfeitsCredit({ kind: 'no_show' }, false)).toBe(false);
    expect(forfeitsCredit({ kind: 'cancelled', by: 'client', late: true }, false)).toBe(false);
  });
});

describe('slot search', () => {
  const zone = 'Asia/Kolkata';
  const day = '2026-03-02';
  const at = (clock: string) => zonedInstant(zone, day, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)));
  const open = [{ start: at('09:00'), end: at('12:00') }];
  const base = {
    zone,
    dates: [day],
    gridMinutes: 15,
    timing: { durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
    clinicOpen: open,
    earliest: 0,
  };

  it('fits the buffers inside opening hours and around held time', () => {
    const slots = findSlots({ ...base, staff: [{ id: 7, working: open, busy: [{ start: at('10:30'), end: at('11:00') }] }], pools: [] });
    // Held span [start-15, start+75] must fit 09:00-12:00 and miss 10:30-11:00.
    expect(slots.map((s) => iso(s.start))).toEqual([iso(at('09:15'))]);
  });

  it('needs a free unit in every pool', () => {
    const staff = [{ id: 7, working: open, busy: [] }];
    const chamber = {
      kind: 'hbot_chamber',
      units: 1,
      members: [
        { id: 1, busy: [{ start: at('09:00'), end: at('10:30') }] },
        { id: 2, busy: [{ start: at('09:00'), end: at('11:00') }] },
      ],
    };
    const slots = findSlots({ ...base, staff, pools: [chamber] });
    expect(slots.map((s) => iso(s.start))).toEqual([iso(at('10:45'))]);
    // Held 10:30-12:00: unit 1 is free from 10:30, unit 2 only from 11:00.
    expect(slots[0].resources).toEqual({ hbot_chamber: [1] });
  });

  it('a staff member’s leave cuts their template; an extra shift adds to it', () => {
    const windows = workingWindows(
      zone,
      [day],
      [{ weekday: 1, opens: '09:00', closes: '17:00' }],
      [{ start: at('12:00'), end: at('13:00') }],
      [{ start: at('18:00'), end: at('20:00') }],
    );
    expect(windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      [iso(at('09:00')), iso(at('12:00'))],
      [iso(at('13:00')), iso(at('17:00'))],
      [iso(at('18:00')), iso(at('20:00'))],
    ]);
  });

  it('lists a weekly series on the chosen weekdays', () => {
    expect(seriesDates('2026-03-02', [1, 3, 5], 5)).toEqual(['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-09', '2026-03-11']);
  });
});

describe('where a new booking starts, and who has no hours (issue 32)', () => {
  const zone = 'Asia/Kolkata';
  // Monday to Saturday 09:00-18:00; Sunday closed.
  const hours = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '09:00', closes: '18:00' }));
  const at = (date: string, hhmm: string) => zonedInstant(zone, date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

  it('during opening hours: the next start on the grid', () => {
    expect(nextOpeningStart(zone, hours, new Set(), at('2026-03-02', '10:07'), 15)).toBe(at('2026-03-02', '10:15'));
    expect(nextOpeningStart(zone, hours, new Set(), at('2026-03-02', '10:15'), 15)).toBe(at('2026-03-02', '10:15'));
  });
  it('before opening: the opening; after closing: the next open day\'s opening, never "now"', () => {
    expect(nextOpeningStart(zone, hours, new Set(), at('2026-03-02', '06:00'), 15)).toBe(at('2026-03-02', '09:00'));
    expect(nextOpeningStart(zone, hours, new Set(), at('2026-03-02', '18:00'), 15)).toBe(at('2026-03-03', '09:00'));
    expect(nextOpeningStart(zone, hours, new Set(), at('2026-03-02', '21:40'), 15)).toBe(at('2026-03-03', '09:00'));
    // Saturday evening: Sunday is closed, Monday a holiday, so Tuesday.
    expect(nextOpeningStart(zone, hours, new Set(['2026-03-09']), at('2026-03-07', '19:00'), 15)).toBe(at('2026-03-10', '09:00'));
  });
  it('a clinic with no opening hours has no next opening', () => {
    expect(nextOpeningStart(zone, [], new Set(), at('2026-03-02', '10:00'), 15)).toBeNull();
  });
  it('staff with no weekly hours and no extra shift still to come have no working hours', () => {
    const now = Date.parse('2026-03-02T06:00:00Z');
    const weekly = [{ staff: 4 }, { staff: 4 }];
    const exceptions = [
      { staff: 5, kind: 'extra', end: '2026-03-03T12:00:00Z' },
      { staff: 6, kind: 'extra', end: '2026-03-01T12:00:00Z' },
      { staff: 7, kind: 'leave', end: '2026-03-05T12:00:00Z' },
    ];
    expect([...withoutWorkingHours([4, 5, 6, 7, 8], weekly, exceptions, now)]).toEqual([6, 7, 8]);
  });
  it('the roles that need hours are those delivering an active service', () => {
    expect(
      [...deliveringRoles([{ delivered_by: ['NURSE'] }, { delivered_by: ['DOCTOR', 'NURSE'] }, { delivered_by: ['HEALTH_COACH'], active: false }])].sort(),
    ).toEqual(['DOCTOR', 'NURSE']);
  });
});

describe("a series' count", () => {
  it("is the contract's bounds on `count`", () => {
    const count = loadContract().document.components.schemas.SeriesCreate.properties.count;
    expect(SERIES_OCCURRENCES).toEqual({ min: count.minimum, max: count.maximum });
  });

  it('is held within them as typed, an empty or unreadable entry being one', () => {
    expect(clampSeriesCount('10')).toBe(10);
    expect(clampSeriesCount('0')).toBe(1);
    expect(clampSeriesCount('')).toBe(1);
    expect(clampSeriesCount('abc')).toBe(1);
    expect(clampSeriesCount('-4')).toBe(1);
    expect(clampSeriesCount('53')).toBe(52);
    expect(clampSeriesCount(400)).toBe(52);
  });

  it('books as many occurrences as asked, up to the most', () => {
    expect(seriesDates('2026-11-23', [1], 52)).toHaveLength(52);
  });
});

describe("the calendar's hours", () => {
  const opening = new Map([
    [
      1,
      [
        { opens: 9 * 60, closes: 13 * 60 },
        { opens: 14 * 60, closes: 18 * 60 },
      ],
    ],
    [6, [{ opens: 7 * 60 + 30, closes: 12 * 60 }]],
  ]);

  it('run from the earliest opening to the latest closing of the week', () => {
    expect(visibleHours(opening)).toEqual({ opens: 450, closes: 1080 });
  });

  it('are 8 am to 8 pm when no hours are set', () => {
    expect(visibleHours(new Map())).toEqual({ opens: 480, closes: 1200 });
  });

  it('shade what is closed: between the rows, other days, holidays', () => {
    const none = new Set<string>();
    expect(isOpenAt(opening, none, '2026-11-23', 9 * 60)).toBe(true);
    expect(isOpenAt(opening, none, '2026-11-23', 13 * 60)).toBe(false);
    expect(isOpenAt(opening, none, '2026-11-23', 18 * 60)).toBe(false);
    expect(isOpenAt(opening, none, '2026-11-24', 10 * 60)).toBe(false);
    expect(isOpenAt(opening, new Set(['2026-11-23']), '2026-11-23', 10 * 60)).toBe(false);
  });
});
