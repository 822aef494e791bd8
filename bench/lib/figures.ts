// The shape every benchmark reports in: a figure is a measured value printed beside what it is
// compared against and its target, so the table never shows a number without its yardstick.
import fs from 'node:fs';

export interface Comparison {
  label: string;
  value: number | null;
  unit: string;
}

export interface Figure {
  name: string;
  value: number | null;
  unit: string;
  compared?: Comparison;
  /** The target in words, e.g. "<= 0.8x reference". */
  target?: string;
  /** null when the figure has a target that could not be judged (a missing value). */
  met?: boolean | null;
  note?: string;
}

export type SectionStatus = 'ok' | 'not available' | 'failed';

export interface SectionResult {
  section: string;
  status: SectionStatus;
  figures: Figure[];
  notes: string[];
  durationMs: number;
}

export interface BenchOptions {
  quick: boolean;
  /**
   * The run's shared real server for an engine, started on first use (a fresh PGlite directory
   * or PostgreSQL database) and stopped by the runner; sections share it to save start-ups.
   */
  server(engine: 'pglite' | 'postgres'): Promise<import('./servers.ts').BenchServer>;
  /** The SPA build the front-end section made; servers started after it serve that build. */
  distDir?: string;
  /** Where sections may write scratch files; removed by the runner. */
  workDir: string;
  log(message: string): void;
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A figure is a number only if it is finite; NaN/Infinity mean the measurement did not happen. */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * How a standalone benchmark (bench/billing.ts, bench/scheduling.ts) ends: its figures printed under
 * a title, each beside its yardstick and target, then its notes; with `--json <file>` the same
 * figures for bench/run.ts, with the machine's state at the end of the run.
 */
export function reportFigures(title: string, figures: Figure[], notes: string[], options: { jsonOut: string | null; machine: unknown }): void {
  console.log(`\n${title}`);
  for (const f of figures) {
    const cmp = f.compared ? `   vs ${f.compared.label}: ${f.compared.value} ${f.compared.unit}` : '';
    const target = f.target ? `   target ${f.target}: ${f.met ? 'met' : 'NOT met'}` : '';
    console.log(`  ${f.name}: ${f.value} ${f.unit}${cmp}${target}`);
  }
  for (const n of notes) console.log(`  note: ${n}`);
  if (options.jsonOut) fs.writeFileSync(options.jsonOut, `${JSON.stringify({ machine: options.machine, figures, notes }, null, 2)}\n`);
}
