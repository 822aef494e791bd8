// The reliability suite's summary: each area appends its counts (cases tried, failures, data
// lost) to one file while it runs; the runner (`npm test`, `npm run test:reliability:full`)
// clears it before and prints the table after. Counts come from what the tests did, not
// from expectations.
import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_FILE = path.resolve(import.meta.dirname, '../../.tmp/reliability-results.jsonl');

/** Long parameters (bench mode) when RELIABILITY_FULL=1; short ones for CI. */
export const FULL = process.env.RELIABILITY_FULL === '1';

export interface ReliabilityResult {
  area: string;
  cases: number;
  failures: number;
  dataLost: number;
  note?: string;
}

export function recordReliability(result: ReliabilityResult): void {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.appendFileSync(RESULTS_FILE, `${JSON.stringify(result)}\n`);
}

export function clearReliabilityResults(): void {
  fs.rmSync(RESULTS_FILE, { force: true });
}

export function readReliabilityResults(): ReliabilityResult[] {
  if (!fs.existsSync(RESULTS_FILE)) return [];
  return fs
    .readFileSync(RESULTS_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReliabilityResult);
}

/** The table as Markdown (it pastes into an issue as it is); null when nothing ran. */
export function renderReliabilitySummary(results = readReliabilityResults(), full = FULL): string | null {
  if (results.length === 0) return null;
  const rows = results.map((r) => `| ${r.area} | ${r.cases} | ${r.failures} | ${r.dataLost} | ${r.note ?? ''} |`);
  const total = results.reduce((t, r) => ({ cases: t.cases + r.cases, failures: t.failures + r.failures, dataLost: t.dataLost + r.dataLost }), {
    cases: 0,
    failures: 0,
    dataLost: 0,
  });
  return [
    `Reliability summary (${full ? 'full' : 'short'} mode)`,
    '',
    '| area | cases tried | failures | data lost | notes |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    `| **total** | ${total.cases} | ${total.failures} | ${total.dataLost} | |`,
  ].join('\n');
}
