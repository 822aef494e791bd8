// Scores of a finished battery, from its raw data and the battery its seed rebuilds. The server
// stores what this returns; the portal shows it; tests check it with known response sets.
// Each domain is 0-100 (higher is better) and the total is their mean. These are the app's own
// scales, not norms: the page compares a client with their own earlier results, and the clinic
// reviews them. Pure.
import { type Battery, type Item, isCorrect, recalledWords, type Task, type TaskKind, type TaskRecord, connectStep } from './battery.ts';

export type Domain = 'memory' | 'attention' | 'processing_speed' | 'executive_function';
export const DOMAINS: readonly Domain[] = ['memory', 'attention', 'processing_speed', 'executive_function'];

/** The raw figures each task gives, shown beside the domain scores. */
export interface Measures {
  words_recalled_immediate: number;
  words_recalled_delayed: number;
  digit_span_forward: number;
  digit_span_backward: number;
  simple_reaction_median_ms: number | null;
  choice_reaction_median_ms: number | null;
  choice_reaction_accuracy: number;
  symbols_coded: number;
  connect_numbers_ms: number | null;
  connect_numbers_errors: number;
  connect_alternating_ms: number | null;
  connect_alternating_errors: number;
}

export interface BatteryScores {
  domains: Record<Domain, number>;
  total: number;
  measures: Measures;
}

export class IncompleteBatteryError extends Error {
  constructor(readonly missing: TaskKind[]) {
    super(`The battery is missing ${missing.join(', ')}.`);
  }
}

/** Speed as points: `best` ms or faster is 100, `worst` ms or slower (or never) is 0, linear between. */
export function speedPoints(ms: number | null, best: number, worst: number): number {
  if (ms === null) return 0;
  return clamp(((worst - ms) / (worst - best)) * 100);
}

const clamp = (n: number) => Math.max(0, Math.min(100, n));
const mean = (ns: number[]) => ns.reduce((a, b) => a + b, 0) / ns.length;

export function median(ns: number[]): number | null {
  if (ns.length === 0) return null;
  const sorted = [...ns].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** The app's scale ends (ms) for the timed measures. */
export const SCALE = {
  simpleReaction: [250, 1000],
  choiceReaction: [350, 1200],
  connectNumbers: [10_000, 60_000],
  connectAlternating: [15_000, 90_000],
  codingFull: 45,
  errorPenalty: 5,
} as const;

function recallCount(task: Task, record: TaskRecord): number {
  const item = task.items[0] as Extract<Item, { kind: 'recall' }>;
  const said = record.responses.flatMap((r) => recalledWords(r.value));
  return new Set(said.filter((w) => item.words.includes(w))).size;
}

function longestSpan(task: Task, record: TaskRecord): number {
  let longest = 0;
  for (const r of record.responses) {
    const item = task.items[r.item];
    if (item?.kind === 'digits' && isCorrect(task, item, r.value)) longest = Math.max(longest, item.digits.length);
  }
  return longest;
}

function connectFigures(task: Task, record: TaskRecord): { ms: number | null; errors: number } {
  const item = task.items[0];
  if (item?.kind !== 'connect') return { ms: null, errors: 0 };
  let step = 0;
  let errors = 0;
  let ms: number | null = null;
  for (const r of record.responses) {
    if (isCorrect(task, item, r.value, step)) {
      step += 1;
      if (step === item.targets.length) ms = r.rt_ms;
    } else errors += 1;
  }
  return { ms: connectStep(task, item, record.responses) >= item.targets.length ? ms : null, errors };
}

export function scoreBattery(battery: Battery, records: TaskRecord[]): BatteryScores {
  const byKind = new Map(records.map((r) => [r.task, r]));
  const missing = battery.tasks.map((t) => t.kind).filter((k) => !byKind.has(k));
  if (missing.length) throw new IncompleteBatteryError(missing);
  const task = (kind: TaskKind) => battery.tasks.find((t) => t.kind === kind)!;
  const record = (kind: TaskKind) => byKind.get(kind)!;

  const simple = record('simple_reaction').responses.map((r) => r.rt_ms);
  const choiceTask = task('choice_reaction');
  const choice = record('choice_reaction').responses;
  const choiceRight = choice.filter((r) => choiceTask.items[r.item] && isCorrect(choiceTask, choiceTask.items[r.item], r.value));
  const codingTask = task('symbol_coding');
  const coded = record('symbol_coding').responses.filter((r) => codingTask.items[r.item] && isCorrect(codingTask, codingTask.items[r.item], r.value)).length;
  const numbers = connectFigures(task('connect_numbers'), record('connect_numbers'));
  const alternating = connectFigures(task('connect_alternating'), record('connect_alternating'));

  const measures: Measures = {
    words_recalled_immediate: recallCount(task('recall_immediate'), record('recall_immediate')),
    words_recalled_delayed: recallCount(task('recall_delayed'), record('recall_delayed')),
    digit_span_forward: longestSpan(task('digit_span_forward'), record('digit_span_forward')),
    digit_span_backward: longestSpan(task('digit_span_backward'), record('digit_span_backward')),
    simple_reaction_median_ms: median(simple),
    choice_reaction_median_ms: median(choiceRight.map((r) => r.rt_ms)),
    choice_reaction_accuracy: choiceTask.items.length ? choiceRight.length / choiceTask.items.length : 0,
    symbols_coded: coded,
    connect_numbers_ms: numbers.ms,
    connect_numbers_errors: numbers.errors,
    connect_alternating_ms: alternating.ms,
    connect_alternating_errors: alternating.errors,
  };

  const words = battery.words.length;
  const maxForward = Math.max(...task('digit_span_forward').items.map((i) => (i.kind === 'digits' ? i.digits.length : 0)));
  const maxBackward = Math.max(...task('digit_span_backward').items.map((i) => (i.kind === 'digits' ? i.digits.length : 0)));
  const penalty = (errors: number) => errors * SCALE.errorPenalty;

  const domains: Record<Domain, number> = {
    memory: Math.round(((measures.words_recalled_immediate + measures.words_recalled_delayed) / (2 * words)) * 100),
    attention: Math.round(mean([(measures.digit_span_forward / maxForward) * 100, measures.choice_reaction_accuracy * 100])),
    processing_speed: Math.round(
      mean([
        speedPoints(measures.simple_reaction_median_ms, ...SCALE.simpleReaction),
        speedPoints(measures.choice_reaction_median_ms, ...SCALE.choiceReaction),
        clamp((measures.symbols_coded / SCALE.codingFull) * 100),
        clamp(speedPoints(measures.connect_numbers_ms, ...SCALE.connectNumbers) - penalty(measures.connect_numbers_errors)),
      ]),
    ),
    executive_function: Math.round(
      mean([
        (measures.digit_span_backward / maxBackward) * 100,
        clamp(speedPoints(measures.connect_alternating_ms, ...SCALE.connectAlternating) - penalty(measures.connect_alternating_errors)),
      ]),
    ),
  };
  return { domains, total: Math.round(mean(DOMAINS.map((d) => domains[d]))), measures };
}

/** A domain's change from the client's previous completed run (null when there is none). */
export function changeSince(current: Record<Domain, number>, previous: Record<Domain, number> | null): Record<Domain, number> | null {
  if (!previous) return null;
  return Object.fromEntries(DOMAINS.map((d) => [d, current[d] - previous[d]])) as Record<Domain, number>;
}
