// A chart checked against a transition table written by hand from the domain's words (the design's
// domain notes, /work/shared/design/domain.md in the project guide, and the issues that asked for
// each chart), not from the chart: an oracle independent of it. Paths generated from a chart can
// only say the chart does what it does; a table says what it should do, cell by cell.
//
// A table lists, for the facts it names, every status and where each verb takes it; a verb a
// status does not list is refused there (the chart must not move, and `can` must say no). Every
// status of the chart and every verb it knows must be in the table, so a new status or verb fails
// until someone writes down what it should do.
import { type AnyStateMachine, type EventObject, getNextSnapshot } from 'xstate';
import { expect } from 'vitest';

/** Status → verb → the status it leads to; an absent verb is refused. */
export type Steps = Record<string, Record<string, string>>;

export interface TableCase {
  /** The facts, in the clinic's words ("the start has passed, check-in open"). */
  name: string;
  /** The entity's facts the chart's guards read. */
  context?: Record<string, unknown>;
  /** What every verb carries (a collector, results counted, a reason). */
  extras?: Record<string, unknown>;
  steps: Steps;
}

export interface TransitionTable {
  chart: AnyStateMachine;
  /** Where the table comes from. */
  source: string;
  statuses: string[];
  verbs: string[];
  cases: TableCase[];
}

/** Every verb any status of the chart answers. */
function verbsOf(chart: AnyStateMachine): string[] {
  return [...new Set(Object.values(chart.states).flatMap((node) => [...node.ownEvents]))].sort();
}

/** The cells where the chart and the table disagree, as readable lines (none: they agree). */
export function disagreements(table: TransitionTable): string[] {
  const { chart } = table;
  const out: string[] = [];
  const statuses = Object.keys(chart.states);
  if (JSON.stringify(statuses) !== JSON.stringify(table.statuses)) out.push(`statuses: chart ${statuses.join(', ')}; table ${table.statuses.join(', ')}`);
  const verbs = verbsOf(chart);
  if (JSON.stringify(verbs) !== JSON.stringify([...table.verbs].sort())) out.push(`verbs: chart ${verbs.join(', ')}; table ${[...table.verbs].sort().join(', ')}`);
  for (const c of table.cases) {
    for (const from of table.statuses) {
      const snapshot = chart.resolveState({ value: from, context: { ...(chart.config.context as object | undefined), ...c.context } });
      for (const verb of table.verbs) {
        const event = { ...c.extras, type: verb } as EventObject;
        const expected = c.steps[from]?.[verb] ?? null;
        const accepted = snapshot.can(event);
        const to = accepted ? String(getNextSnapshot(chart, snapshot, event).value) : null;
        if (to !== expected) out.push(`${c.name}: ${from} --${verb}--> chart ${to ?? 'refuses'}, table ${expected ?? 'refuses'}`);
      }
    }
  }
  return out;
}

/** Fails with every cell where the chart leaves its table. */
export function expectChartFollowsTable(table: TransitionTable) {
  expect(disagreements(table), `${table.chart.id} against ${table.source}`).toEqual([]);
}

/** How many cells a table pins (statuses × verbs × cases). */
export function cellsOf(table: TransitionTable): number {
  return table.statuses.length * table.verbs.length * table.cases.length;
}
