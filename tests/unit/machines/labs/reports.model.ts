// The reports chart's model: loading succeeds or fails; the trend's marker is chosen.
import { reportsMachine, type Report } from '../../../../machines/labs/reports-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

const result = (value: number, flag: 'normal' | 'high') => ({ marker: 1, marker_code: 'GLU', marker_name: 'Glucose', unit: 'mg/dL', value, low: 70, high: 99, flag, status: 'final' as const, person: 1 });
export const REPORTS: Report[] = [
  { order: 2, status: 'ready', start: '2026-06-01T01:30:00Z', people: [{ id: 1, self: true, name: 'Meera' }], results: [result(110, 'high')], pdf: null },
  { order: 1, status: 'ready', start: '2026-01-01T01:30:00Z', people: [{ id: 1, self: true, name: 'Meera' }], results: [result(92, 'normal')], pdf: null },
];

export const model: MachineModel = {
  machine: reportsMachine,
  specs: [
    {
      input: { clientId: '7' },
      events: [{ type: 'reports.retry' }, { type: 'reports.marker', code: 'GLU' }, { type: 'reports.marker', code: 'HGB' }],
      outcomes: { loadReports: [{ output: REPORTS }, { error: new Error('offline') }] },
    },
  ],
};
