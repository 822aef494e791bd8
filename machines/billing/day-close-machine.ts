// The billing desk's "Day's close" (issue 35): a till and a day are chosen (the first till and the
// clinic's today at first), the day is read (expected per method, its state, the count and the
// close), the counted cash is typed (the difference shown as it is typed, a reason needed when it
// is short or over), Count, then Close. A closed day is shown read-only. The server's refusal is
// shown in its words, the form kept. Pure: the reads and writes are the adapter's actors.
import { assign, fromPromise, setup } from 'xstate';
import { rupeesToPaise } from './billing-document-machine.ts';
import { cashDifference, isBusinessDay, reasonNeeded } from './till-day.ts';
import type { TillDayStatus } from './day-close-lifecycle.ts';

export interface TillChoice {
  id: number;
  name: string;
}

export interface TillDayView {
  till: TillChoice;
  business_day: string;
  status: TillDayStatus;
  expected: { cash_paise: number; card_paise: number; upi_paise: number; online_paise: number };
  advance_applied_paise: number;
  counted_cash_paise: number | null;
  difference_paise: number | null;
  reason: string | null;
  counted_by: { id: number; name: string } | null;
  counted_at: string | null;
  closed_by: { id: number; name: string } | null;
  closed_at: string | null;
}

export interface DayCloseContext {
  mayCount: boolean;
  till: number | null;
  day: string;
  tills: TillChoice[];
  data: TillDayView | null;
  /** The counted cash as typed, in rupees. */
  counted: string;
  reason: string;
  error: string | null;
}

export type DayCloseEvent =
  | { type: 'day.till'; till: number }
  | { type: 'day.date'; day: string }
  | { type: 'day.counted'; value: string }
  | { type: 'day.reason'; value: string }
  | { type: 'day.count' }
  | { type: 'day.close' }
  | { type: 'day.retry' };

export interface DayLoaded {
  tills: TillChoice[];
  day: TillDayView;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The counted cash less the expected, as typed; null while the amount is not one. */
export function liveDifference(data: TillDayView | null, counted: string): number | null {
  const paise = rupeesToPaise(counted);
  return data === null || paise === null ? null : cashDifference(paise, data.expected.cash_paise);
}

/** What stops a count now: the amount, or the reason a difference needs; null when it can go. */
export function countProblem(data: TillDayView | null, counted: string, reason: string): 'counted' | 'reason' | null {
  const paise = rupeesToPaise(counted);
  if (data === null || paise === null) return 'counted';
  if (reasonNeeded(paise, data.expected.cash_paise) && reason.trim() === '') return 'reason';
  return null;
}

const formOf = (data: TillDayView) => ({
  counted: data.counted_cash_paise === null ? '' : String(data.counted_cash_paise / 100),
  reason: data.reason ?? '',
});

export const dayCloseMachine = setup({
  types: {
    context: {} as DayCloseContext,
    input: {} as { today: string; mayCount: boolean },
    events: {} as DayCloseEvent,
  },
  actors: {
    loadDay: fromPromise<DayLoaded, { till: number | null; day: string }>(async () => {
      throw new Error('loadDay not provided');
    }),
    countDay: fromPromise<TillDayView, { till: number; day: string; countedPaise: number; reason: string }>(async () => {
      throw new Error('countDay not provided');
    }),
    closeDay: fromPromise<TillDayView, { till: number; day: string }>(async () => {
      throw new Error('closeDay not provided');
    }),
  },
  guards: {
    dateValid: ({ event }) => event.type === 'day.date' && isBusinessDay(event.day),
    countable: ({ context }) =>
      context.mayCount && context.data !== null && context.data.status !== 'closed' && countProblem(context.data, context.counted, context.reason) === null,
    closable: ({ context }) => context.mayCount && context.data?.status === 'counted',
  },
  actions: {
    setTill: assign((_, till: number) => ({ till, data: null, error: null })),
    setDay: assign((_, day: string) => ({ day, data: null, error: null })),
    setCounted: assign((_, counted: string) => ({ counted })),
    setReason: assign((_, reason: string) => ({ reason })),
    showLoaded: assign((_, loaded: DayLoaded) => ({ tills: loaded.tills, till: loaded.day.till.id, data: loaded.day, ...formOf(loaded.day), error: null })),
    showDay: assign((_, data: TillDayView) => ({ data, ...formOf(data), error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
  },
}).createMachine({
  id: 'dayClose',
  context: ({ input }) => ({ mayCount: input.mayCount, till: null, day: input.today, tills: [], data: null, counted: '', reason: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({ till: context.till, day: context.day }),
        onDone: { target: 'ready', actions: { type: 'showLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'day.retry': 'loading' },
    },
    ready: {
      on: {
        'day.till': { target: 'loading', actions: { type: 'setTill', params: ({ event }) => event.till } },
        'day.date': { guard: 'dateValid', target: 'loading', actions: { type: 'setDay', params: ({ event }) => event.day } },
        'day.counted': { actions: { type: 'setCounted', params: ({ event }) => event.value } },
        'day.reason': { actions: { type: 'setReason', params: ({ event }) => event.value } },
        'day.count': { guard: 'countable', target: 'counting' },
        'day.close': { guard: 'closable', target: 'closing' },
      },
    },
    counting: {
      invoke: {
        id: 'countDay',
        src: 'countDay',
        input: ({ context }) => ({ till: context.till!, day: context.day, countedPaise: rupeesToPaise(context.counted)!, reason: context.reason.trim() }),
        onDone: { target: 'ready', actions: { type: 'showDay', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    closing: {
      invoke: {
        id: 'closeDay',
        src: 'closeDay',
        input: ({ context }) => ({ till: context.till!, day: context.day }),
        onDone: { target: 'ready', actions: { type: 'showDay', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
