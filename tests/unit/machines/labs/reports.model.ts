// The reports chart's model: loading succeeds or fails; the trend's marker is chosen; the summary of
// thrive checks and cognitive results loads beside the reports, or is left out when it cannot.
import type { HealthSummary } from '../../../../machines/labs/health-summary.ts';
import { reportsMachine, type Report } from '../../../../machines/labs/reports-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const result = (value: number, flag: 'normal' | 'high') => ({
  marker: 1,
  marker_code: 'GLU',
  marker_name: 'Glucose',
  unit: 'mg/dL',
  value,
  low: 70,
  high: 99,
  flag,
  status: 'final' as const,
  person: 1,
});
export const REPORTS: Report[] = [
  { order: 2, status: 'ready', start: '2026-06-01T01:30:00Z', people: [{ id: 1, self: true, name: 'Meera' }], results: [result(110, 'high')], pdf: null },
  { order: 1, status: 'ready', start: '2026-01-01T01:30:00Z', people: [{ id: 1, self: true, name: 'Meera' }], results: [result(92, 'normal')], pdf: null },
];

export const SUMMARY: HealthSummary = {
  thrive: {
    id: 3,
    taken_at: '2026-05-01T04:30:00Z',
    band: '6.7',
    riskPercentage: 6.7,
    systolic_bp: 128,
    total_cholesterol: 190,
    hdl_cholesterol: 48,
    smoker: false,
    diabetic: false,
    treats_hypertension: false,
  },
  cognitive: [{ key: 'instrument-1', date: '2026-04-02', test: 'MoCA', score: 27, max: 30 }],
};

export const model: MachineModel = {
  machine: reportsMachine,
  specs: [
    {
      input: { clientId: '7' },
      events: [{ type: 'reports.retry' }, { type: 'reports.marker', code: 'GLU' }, { type: 'reports.marker', code: 'HGB' }],
      outcomes: { loadReports: [{ output: REPORTS }, { error: new Error('offline') }], loadSummary: [{ output: SUMMARY }, { error: new Error('offline') }] },
    },
  ],
};
