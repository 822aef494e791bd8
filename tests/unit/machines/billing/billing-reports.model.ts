// The back office Reports' model: a report and its range chosen (a range of more than a year, or
// ending before it starts, is never asked for), shown as a table or downloaded as CSV, each
// answered or refused in the server's words; a changed choice clears what was shown.
import { billingReportsMachine, type BillingReportResult } from '../../../../machines/billing/billing-reports-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const TODAY = '2026-11-28';
export const SAVED = 'billing-outstanding-2026-11-01-to-2026-11-28.csv';
export const REFUSAL = 'At most a year: the range ends before the same day a year later.';
export const RESULT: BillingReportResult = {
  report: 'outstanding',
  from: '2026-11-01',
  to: '2026-11-28',
  as_of: '2026-11-28',
  rows: [
    {
      label: 'Asha Kulkarni',
      client: 7,
      documents: 2,
      days_0_30_paise: 13_600_050,
      days_31_60_paise: 0,
      days_61_90_paise: 0,
      days_over_90_paise: 25_000,
      due_paise: 13_625_050,
    },
  ],
  total: {
    label: 'Total',
    documents: 2,
    days_0_30_paise: 13_600_050,
    days_31_60_paise: 0,
    days_61_90_paise: 0,
    days_over_90_paise: 25_000,
    due_paise: 13_625_050,
  },
};

export const model: MachineModel = {
  machine: billingReportsMachine,
  specs: [
    {
      input: { today: TODAY },
      events: [
        { type: 'reports.report', report: 'outstanding' },
        { type: 'reports.show' },
        { type: 'reports.download' },
        { type: 'reports.from', from: '2026-11-02' },
        { type: 'reports.to', to: '2027-11-28' },
      ],
      outcomes: {
        loadReport: [{ output: RESULT }, { error: new Error(REFUSAL) }],
        downloadReportCsv: [{ output: SAVED }, { error: new Error(REFUSAL) }],
      },
    },
  ],
};
