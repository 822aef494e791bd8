// The client's reports page (/user/reports/{clientId}): the released reports load once; the client
// picks the marker whose trend across reports the chart shows (the first marker with a value at
// first). A failed load offers a retry. Once the reports are shown, the summary of the client's
// thrive checks and cognitive results loads beside them (machines/labs/health-summary.ts); if it
// cannot be read, the page simply has no summary.
import { assign, fromPromise, setup } from 'xstate';
import type { HealthSummary } from './health-summary.ts';

export interface ReportResult {
  marker: number;
  marker_code?: string;
  marker_name: string;
  unit: string;
  value: number;
  low: number | null;
  high: number | null;
  flag: 'normal' | 'low' | 'high' | 'critical';
  status: 'partial' | 'final' | 'amended';
  person: number;
}

export interface Report {
  order: number;
  status: string;
  start: string;
  people: { id: number; self: boolean; name: string }[];
  results: ReportResult[];
  pdf: { file_name: string; size: number } | null;
}

export interface ReportsContext {
  clientId: string;
  reports: Report[];
  marker: string | null;
  summary: HealthSummary | null;
}

export type ReportsEvent = { type: 'reports.retry' } | { type: 'reports.marker'; code: string };

/** The client's own values of one marker across reports, oldest first (what the trend chart draws). */
export function trendOf(reports: Report[], code: string): { start: string; value: number; flag: ReportResult['flag'] }[] {
  const points: { start: string; value: number; flag: ReportResult['flag'] }[] = [];
  for (const report of reports) {
    const self = report.people.find((p) => p.self);
    for (const r of report.results)
      if ((r.marker_code ?? r.marker_name) === code && (!self || r.person === self.id)) points.push({ start: report.start, value: r.value, flag: r.flag });
  }
  return points.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Every marker with a value in any report, by code, with its name and unit. */
export function markersOf(reports: Report[]): { code: string; name: string; unit: string }[] {
  const seen = new Map<string, { code: string; name: string; unit: string }>();
  for (const report of reports)
    for (const r of report.results) {
      const code = r.marker_code ?? r.marker_name;
      if (!seen.has(code)) seen.set(code, { code, name: r.marker_name, unit: r.unit });
    }
  return [...seen.values()];
}

export const reportsMachine = setup({
  types: {
    context: {} as ReportsContext,
    events: {} as ReportsEvent,
    input: {} as { clientId: string },
  },
  actors: {
    loadReports: fromPromise<Report[], { clientId: string }>(async () => {
      throw new Error('loadReports not provided');
    }),
    loadSummary: fromPromise<HealthSummary, { clientId: string }>(async () => {
      throw new Error('loadSummary not provided');
    }),
  },
  actions: {
    // The first marker of the reports is the one the trend shows until the client picks another.
    showReports: assign((_, params: { reports: Report[] }) => ({ reports: params.reports, marker: markersOf(params.reports)[0]?.code ?? null })),
    setSummary: assign((_, params: { summary: HealthSummary }) => ({ summary: params.summary })),
    pickMarker: assign((_, params: { code: string }) => ({ marker: params.code })),
  },
}).createMachine({
  id: 'reports',
  context: ({ input }) => ({ clientId: input.clientId, reports: [], marker: null, summary: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadReports',
        src: 'loadReports',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'ready', actions: { type: 'showReports', params: ({ event }) => ({ reports: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { 'reports.retry': 'loading' } },
    ready: {
      initial: 'summarising',
      states: {
        summarising: {
          invoke: {
            id: 'loadSummary',
            src: 'loadSummary',
            input: ({ context }) => ({ clientId: context.clientId }),
            onDone: { target: 'summarised', actions: { type: 'setSummary', params: ({ event }) => ({ summary: event.output }) } },
            // No summary rather than a failed page: the reports are what the page is for.
            onError: 'summarised',
          },
        },
        summarised: {},
      },
      on: { 'reports.marker': { actions: { type: 'pickMarker', params: ({ event }) => ({ code: event.code }) } } },
    },
  },
});
