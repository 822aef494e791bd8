// The client's latest value of each lab marker for their dashboard: only results of the client
// themself (family members on an order are people on it, not the client), the newest report's
// value winning.

export type LabFlag = 'normal' | 'low' | 'high' | 'critical';

export interface MarkerReport {
  start: string;
  people: ReadonlyArray<{ id: number; self: boolean }>;
  results: ReadonlyArray<{ person: number; marker: number; marker_name: string; value: number; unit: string; flag: LabFlag }>;
}

export interface LatestMarker {
  marker: number;
  name: string;
  value: number;
  unit: string;
  flag: LabFlag;
  /** When the report's sample was taken. */
  at: string;
}

export function latestOwnMarkers(reports: readonly MarkerReport[]): LatestMarker[] {
  const latest = new Map<number, LatestMarker>();
  for (const report of reports) {
    const self = new Set(report.people.filter((p) => p.self).map((p) => p.id));
    for (const r of report.results) {
      if (!self.has(r.person)) continue;
      const seen = latest.get(r.marker);
      if (!seen || Date.parse(seen.at) < Date.parse(report.start))
        latest.set(r.marker, { marker: r.marker, name: r.marker_name, value: r.value, unit: r.unit, flag: r.flag, at: report.start });
    }
  }
  return [...latest.values()];
}
