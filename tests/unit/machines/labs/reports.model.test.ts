// Every path of the reports chart, replayed on the production machine; and the trend it draws:
// the client's own values of one marker, oldest first.
import { describe, expect, it } from 'vitest';
import { markersOf, trendOf } from '../../../../machines/labs/reports-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, REPORTS } from './reports.model.ts';

describeModel('lab reports', model, (snapshot) => {
  if (snapshot.value === 'ready') expect(snapshot.context.reports).toHaveLength(2);
});

describe('the trend per marker', () => {
  it('is oldest first across reports', () => {
    expect(trendOf(REPORTS, 'GLU').map((p) => p.value)).toEqual([92, 110]);
    expect(markersOf(REPORTS)).toEqual([{ code: 'GLU', name: 'Glucose', unit: 'mg/dL' }]);
  });
});
