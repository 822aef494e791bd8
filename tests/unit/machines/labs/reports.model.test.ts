// Every path of the reports chart, replayed on the production machine; and the trend it draws:
// the client's own values of one marker, oldest first.
import { describe, expect, it } from 'vitest';
import { COGNITIVE_LINES, hasSummary, healthSummary, type ThriveCheckRow } from '../../../../machines/labs/health-summary.ts';
import { markersOf, trendOf } from '../../../../machines/labs/reports-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, REPORTS, SUMMARY } from './reports.model.ts';

describeModel('lab reports', model, (snapshot) => {
  if (snapshot.matches('ready')) expect(snapshot.context.reports).toHaveLength(2);
  // The summary is the one loaded, or none at all (never a half or a placeholder).
  expect([null, SUMMARY]).toContainEqual(snapshot.context.summary);
  if (!snapshot.matches({ ready: 'summarised' })) expect(snapshot.context.summary).toBeNull();
});

const check = (id: number, taken_at: string, risk: number): ThriveCheckRow => ({
  id,
  taken_at,
  band: String(risk),
  riskPercentage: risk,
  systolic_bp: 120 + id,
  total_cholesterol: 180,
  hdl_cholesterol: 50,
  smoker: false,
  diabetic: false,
  treats_hypertension: false,
});

describe('the summary of thrive checks and cognitive results', () => {
  it('is the latest thrive check, in any order', () => {
    const s = healthSummary([check(1, '2026-01-01T00:00:00Z', 4), check(3, '2026-03-01T00:00:00Z', 9), check(2, '2026-02-01T00:00:00Z', 6)], {
      runs: [],
      instruments: [],
    });
    expect(s.thrive?.id).toBe(3);
    expect(s.cognitive).toEqual([]);
  });

  it('lists completed screenings (out of 100) and in-clinic instruments, newest first, at most five', () => {
    const s = healthSummary([], {
      runs: [
        { id: 1, status: 'completed', completed_at: '2026-03-10T05:00:00Z', total: 82 },
        { id: 2, status: 'in_progress', completed_at: null, total: null },
        { id: 3, status: 'incomplete', completed_at: null, total: null },
      ],
      instruments: [
        { id: 7, instrument: 'MoCA', administered_on: '2026-04-02', total: 27, max_total: 30 },
        { id: 8, instrument: 'SAGE', administered_on: '2026-01-15', total: 19, max_total: 22 },
      ],
    });
    expect(s.thrive).toBeNull();
    expect(s.cognitive).toEqual([
      { key: 'instrument-7', date: '2026-04-02', test: 'MoCA', score: 27, max: 30 },
      { key: 'run-1', date: '2026-03-10T05:00:00Z', test: null, score: 82, max: 100 },
      { key: 'instrument-8', date: '2026-01-15', test: 'SAGE', score: 19, max: 22 },
    ]);
    const many = healthSummary([], {
      runs: [],
      instruments: Array.from({ length: 8 }, (_, i) => ({ id: i, instrument: 'MoCA', administered_on: `2026-0${i + 1}-01`, total: 20 + i, max_total: 30 })),
    });
    expect(many.cognitive).toHaveLength(COGNITIVE_LINES);
    expect(many.cognitive[0].score).toBe(27);
  });

  it('is absent when there is nothing to summarise', () => {
    expect(hasSummary(healthSummary([], { runs: [{ id: 2, status: 'paused', completed_at: null, total: null }], instruments: [] }))).toBe(false);
    expect(hasSummary(SUMMARY)).toBe(true);
  });
});

describe('the trend per marker', () => {
  it('is oldest first across reports', () => {
    expect(trendOf(REPORTS, 'GLU').map((p) => p.value)).toEqual([92, 110]);
    expect(markersOf(REPORTS)).toEqual([{ code: 'GLU', name: 'Glucose', unit: 'mg/dL' }]);
  });
});
