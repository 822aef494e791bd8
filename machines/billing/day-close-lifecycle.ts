// A till's business day (issue 35, "The day's close"): open while money moves, counted when the
// desk has counted the cash in the drawer (the difference from what was expected, with a reason when
// there is one), closed when the count is accepted. A closed day is final and locked: no payment or
// refund is dated on it afterwards. A counted day goes back to open when it is counted again or when
// money moves on it after the count (the count no longer matches the day), so a day is only ever
// closed on a count of everything recorded on it.
import { setup } from 'xstate';

export const TILL_DAY_STATUSES = ['open', 'counted', 'closed'] as const;
export type TillDayStatus = (typeof TILL_DAY_STATUSES)[number];

export type TillDayEvent = { type: 'day.count' } | { type: 'day.reopen' } | { type: 'day.close' };

export const dayCloseLifecycle = setup({
  types: {
    events: {} as TillDayEvent,
  },
}).createMachine({
  id: 'tillDay',
  initial: 'open',
  states: {
    open: {
      on: { 'day.count': 'counted' },
    },
    counted: {
      on: { 'day.reopen': 'open', 'day.close': 'closed' },
    },
    closed: { type: 'final' },
  },
});

const verbsOf = (status: TillDayStatus): readonly string[] => dayCloseLifecycle.states[status]?.ownEvents ?? [];

/** Whether money may still be recorded on the day (open or counted: not closed). */
export const takesMoney = (status: TillDayStatus): boolean => verbsOf(status).length > 0;
/** Whether the day can be counted now (an open one; a counted one is reopened first). */
export const countable = (status: TillDayStatus): boolean => verbsOf(status).includes('day.count') || verbsOf(status).includes('day.reopen');
/** Whether the day can be closed now (counted). */
export const closable = (status: TillDayStatus): boolean => verbsOf(status).includes('day.close');
