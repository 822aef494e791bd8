// What /user/reports/{clientId} says of the client's other results, beside their lab reports: the
// latest thrive check (when, the 10-year heart risk and the figures it was scored from) and their
// cognitive results (completed screening runs and in-clinic instruments: when, which test, the
// score), newest first. Each part is there only when the client has such a result.

export interface ThriveCheckRow {
  id: number;
  taken_at: string;
  band: string;
  riskPercentage: number;
  systolic_bp: number;
  total_cholesterol: number;
  hdl_cholesterol: number;
  smoker: boolean;
  diabetic: boolean;
  treats_hypertension: boolean;
}

export interface CognitiveRows {
  runs: { id: number; status: string; completed_at: string | null; total: number | null }[];
  instruments: { id: number; instrument: string; administered_on: string; total: number; max_total: number }[];
}

export interface CognitiveLine {
  key: string;
  /** ISO instant or date. */
  date: string;
  /** null for the clinic's own screening (the page names it); the instrument's name otherwise. */
  test: string | null;
  score: number;
  max: number;
}

export interface HealthSummary {
  thrive: ThriveCheckRow | null;
  cognitive: CognitiveLine[];
}

/** At most this many cognitive results are listed. */
export const COGNITIVE_LINES = 5;

const SCREENING_MAX = 100;

export function healthSummary(checks: ThriveCheckRow[], cognitive: CognitiveRows): HealthSummary {
  const thrive = [...checks].sort((a, b) => Date.parse(b.taken_at) - Date.parse(a.taken_at) || b.id - a.id)[0] ?? null;
  const lines: CognitiveLine[] = [
    ...cognitive.runs
      .filter((r) => r.status === 'completed' && r.total !== null && r.completed_at)
      .map((r) => ({ key: `run-${r.id}`, date: r.completed_at!, test: null, score: r.total!, max: SCREENING_MAX })),
    ...cognitive.instruments.map((i) => ({ key: `instrument-${i.id}`, date: i.administered_on, test: i.instrument, score: i.total, max: i.max_total })),
  ];
  lines.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return { thrive, cognitive: lines.slice(0, COGNITIVE_LINES) };
}

/** Whether the page has anything to say beside the lab reports. */
export const hasSummary = (s: HealthSummary) => s.thrive !== null || s.cognitive.length > 0;
