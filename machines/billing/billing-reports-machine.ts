// The back office's "Reports" (issue 35, docs/billing.md "Reports"): a report and a clinic-local
// range are chosen; Show reads it as a table, Download CSV saves it. Only a range the server takes
// (real days, in order, at most a year) is asked for. A changed choice clears the table, so the
// table on screen is always the one chosen; a refusal is shown in the server's words and the
// choice kept. Pure: the reading and the download are the adapter's actors.
import { assign, fromPromise, setup } from 'xstate';
import { type BillingReportName, type BillingReportRow, reportRangeProblems } from './reports.ts';

export interface BillingReportResult {
  report: BillingReportName;
  from: string;
  to: string;
  as_of: string | null;
  rows: BillingReportRow[];
  total: BillingReportRow;
}

export interface BillingReportsContext {
  report: BillingReportName;
  from: string;
  to: string;
  result: BillingReportResult | null;
  /** The file the last CSV was saved as. */
  saved: string | null;
  error: string | null;
}

export interface ReportChoice {
  report: BillingReportName;
  from: string;
  to: string;
}

export type BillingReportsEvent =
  | { type: 'reports.report'; report: BillingReportName }
  | { type: 'reports.from'; from: string }
  | { type: 'reports.to'; to: string }
  | { type: 'reports.show' }
  | { type: 'reports.download' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The month so far: the range offered first on `today` (clinic-local YYYY-MM-DD). */
export const monthToDate = (today: string): { from: string; to: string } => ({ from: `${today.slice(0, 8)}01`, to: today });

const choice = (c: BillingReportsContext): ReportChoice => ({ report: c.report, from: c.from, to: c.to });
const cleared = { result: null, saved: null, error: null };

export const billingReportsMachine = setup({
  types: {
    context: {} as BillingReportsContext,
    input: {} as { today: string },
    events: {} as BillingReportsEvent,
  },
  actors: {
    loadReport: fromPromise<BillingReportResult, ReportChoice>(async () => {
      throw new Error('loadReport not provided');
    }),
    downloadReportCsv: fromPromise<string, ReportChoice>(async () => {
      throw new Error('downloadReportCsv not provided');
    }),
  },
  guards: {
    rangeValid: ({ context }) => Object.keys(reportRangeProblems(context.from, context.to)).length === 0,
  },
  actions: {
    setReport: assign((_, report: BillingReportName) => ({ report, ...cleared })),
    setFrom: assign((_, from: string) => ({ from, ...cleared })),
    setTo: assign((_, to: string) => ({ to, ...cleared })),
    showReport: assign((_, result: BillingReportResult) => ({ result, error: null })),
    showSaved: assign((_, saved: string) => ({ saved, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ saved: null, error: errorText(params.error) })),
  },
}).createMachine({
  id: 'billingReports',
  context: ({ input }) => ({ report: 'sales-by-day', ...monthToDate(input.today), ...cleared }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'reports.report': { actions: { type: 'setReport', params: ({ event }) => event.report } },
        'reports.from': { actions: { type: 'setFrom', params: ({ event }) => event.from } },
        'reports.to': { actions: { type: 'setTo', params: ({ event }) => event.to } },
        'reports.show': { guard: 'rangeValid', target: 'loading' },
        'reports.download': { guard: 'rangeValid', target: 'downloading' },
      },
    },
    loading: {
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => choice(context),
        onDone: { target: 'choosing', actions: { type: 'showReport', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    downloading: {
      invoke: {
        id: 'downloadReportCsv',
        src: 'downloadReportCsv',
        input: ({ context }) => choice(context),
        onDone: { target: 'choosing', actions: { type: 'showSaved', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
