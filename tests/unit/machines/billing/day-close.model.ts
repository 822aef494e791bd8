// The desk's day's close model (issue 35): the day is read (or fails and is retried), another till
// and another day are chosen, the cash is typed (exact, ₹100 short, not an amount) with or without
// a reason, counted (or refused in the server's words), and closed (or refused).
import { dayCloseMachine, type DayLoaded, type TillDayView } from '../../../../machines/billing/day-close-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const TILLS = [
  { id: 1, name: 'Front desk' },
  { id: 2, name: 'Spa counter' },
];

/** Front desk, 28 November 2026, open: ₹2,080 cash expected. */
export const TILL_DAY: TillDayView = {
  till: TILLS[0],
  business_day: '2026-11-28',
  status: 'open',
  expected: { cash_paise: 208_000, card_paise: 50_000, upi_paise: 92_500, online_paise: 262_500 },
  advance_applied_paise: 50_000,
  counted_cash_paise: null,
  difference_paise: null,
  reason: null,
  counted_by: null,
  counted_at: null,
  closed_by: null,
  closed_at: null,
};

export const DAY_LOADED: DayLoaded = { tills: TILLS, day: TILL_DAY };

export const COUNTED: TillDayView = {
  ...TILL_DAY,
  status: 'counted',
  counted_cash_paise: 198_000,
  difference_paise: -10_000,
  reason: 'Change given twice',
  counted_by: { id: 7, name: 'Ravi Desai' },
  counted_at: '2026-11-28T14:00:00.000Z',
};

export const CLOSED: TillDayView = { ...COUNTED, status: 'closed', closed_by: { id: 7, name: 'Ravi Desai' }, closed_at: '2026-11-28T14:05:00.000Z' };

export const REFUSED = "The Front desk till's day 2026-11-28 is closed, so nothing more is recorded on it: record it on the next open day, or at another till.";

export const model: MachineModel = {
  machine: dayCloseMachine,
  specs: [
    {
      input: { today: '2026-11-28', mayCount: true },
      events: [
        { type: 'day.counted', value: '1980' },
        { type: 'day.counted', value: '2080' },
        { type: 'day.counted', value: 'abc' },
        { type: 'day.reason', value: 'Change given twice' },
        { type: 'day.count' },
        { type: 'day.close' },
        { type: 'day.retry' },
        { type: 'day.till', till: 2 },
        { type: 'day.date', day: '2026-11-27' },
      ],
      outcomes: {
        loadDay: [{ output: DAY_LOADED }, { error: new Error('offline') }],
        countDay: [{ output: COUNTED }, { error: new Error(REFUSED) }],
        closeDay: [{ output: CLOSED }, { error: new Error(REFUSED) }],
      },
    },
  ],
};
