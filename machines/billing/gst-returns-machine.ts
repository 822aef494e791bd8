// The back office's "GST returns" (issue 35): a month is chosen and its GSTR-1 downloaded as the
// JSON the GST portal's offline tool imports (GET /billing/returns/gstr1). Only a well-formed month
// is asked for; the download is under way, then saved (its file named) or refused (the server's
// words shown, the month kept to try again). Pure: the download is the adapter's actor.
import { assign, fromPromise, setup } from 'xstate';
import { monthPeriod } from './gstr1.ts';

export interface GstReturnsContext {
  /** YYYY-MM, as the month picker gives it. */
  month: string;
  /** The file the last download was saved as. */
  saved: string | null;
  error: string | null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Why the month cannot be asked for, or null. */
export const monthProblem = (month: string): string | null => {
  const p = monthPeriod(month);
  return 'problem' in p ? p.problem : null;
};

/** The month a return is usually drawn for on `today` (YYYY-MM-DD): the one just ended. */
export function previousMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export const gstReturnsMachine = setup({
  types: {
    context: {} as GstReturnsContext,
    input: {} as { month: string },
    events: {} as { type: 'returns.month'; month: string } | { type: 'returns.download' },
  },
  actors: {
    downloadGstr1: fromPromise<string, { month: string }>(async () => {
      throw new Error('downloadGstr1 not provided');
    }),
  },
  guards: {
    monthValid: ({ context }) => monthProblem(context.month) === null,
  },
  actions: {
    setMonth: assign((_, month: string) => ({ month, saved: null, error: null })),
    showSaved: assign((_, saved: string) => ({ saved, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ saved: null, error: errorText(params.error) })),
  },
}).createMachine({
  id: 'gstReturns',
  context: ({ input }) => ({ month: input.month, saved: null, error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'returns.month': { actions: { type: 'setMonth', params: ({ event }) => event.month } },
        'returns.download': { guard: 'monthValid', target: 'downloading' },
      },
    },
    downloading: {
      invoke: {
        id: 'downloadGstr1',
        src: 'downloadGstr1',
        input: ({ context }) => ({ month: context.month }),
        onDone: { target: 'choosing', actions: { type: 'showSaved', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
