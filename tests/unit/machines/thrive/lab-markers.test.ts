// The dashboard's lab markers: the client's own latest value per marker, never a family member's.
import { describe, expect, it } from 'vitest';
import { latestOwnMarkers, type MarkerReport } from '../../../../machines/thrive/lab-markers.ts';

const glucose = (person: number, value: number, flag: 'normal' | 'high' = 'normal') => ({
  person,
  marker: 1,
  marker_name: 'Fasting glucose',
  value,
  unit: 'mg/dL',
  flag,
});

describe('latestOwnMarkers', () => {
  it('keeps the newest report’s value per marker, whatever order the reports come in', () => {
    const older: MarkerReport = { start: '2026-10-01T01:30:00Z', people: [{ id: 7, self: true }], results: [glucose(7, 92)] };
    const newer: MarkerReport = { start: '2026-11-20T01:30:00Z', people: [{ id: 9, self: true }], results: [glucose(9, 118, 'high')] };
    for (const reports of [
      [older, newer],
      [newer, older],
    ]) {
      expect(latestOwnMarkers(reports)).toEqual([{ marker: 1, name: 'Fasting glucose', value: 118, unit: 'mg/dL', flag: 'high', at: '2026-11-20T01:30:00Z' }]);
    }
  });

  it('leaves out family members on the client’s order', () => {
    const report: MarkerReport = {
      start: '2026-11-20T01:30:00Z',
      people: [
        { id: 7, self: true },
        { id: 8, self: false },
      ],
      results: [glucose(8, 140, 'high')],
    };
    expect(latestOwnMarkers([report])).toEqual([]);
  });
});
