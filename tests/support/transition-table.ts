// A chart checked against a transition table written by hand from the domain's words (the design's
// domain notes, /work/shared/design/domain.md in the project guide, and the issues that asked for
// each chart), not from the chart: an oracle independent of it. Paths generated from a chart can
// only say the chart does what it does; a table says what it should do, cell by cell.
//
// A table lists, for the facts it names, every status and where each verb takes it; a verb a
// status does not list is refused there (the chart must not move, and `can` must say no). Every
// status of the chart and every verb it knows must be in the table, so a new status or verb fails
// until someone writes down what it should do.
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  createEmptyActor,
  type EventObject,
  getNextSnapshot,
  type StateValue,
} from 'xstate';
import { expect } from 'vitest';
import { actionName } from '../../scripts/charts.ts';

/**
 * State → event → where it leads: a state (or status) as its path under the root ("asking.ticked"),
 * followed, for a page chart, by the named actions the transition runs ("asking.unticked /
 * toastTickRequired"). An absent event is refused.
 */
export type Steps = Record<string, Record<string, string>>;

export interface TableCase {
  /** The facts, in the clinic's words ("the start has passed, check-in open"). */
  name: string;
  /** The entity's facts (or the page's context) the chart's guards read. */
  context?: Record<string, unknown>;
  /** What every event carries (a collector, results counted, a reason). */
  extras?: Record<string, unknown>;
  /** What one event carries beyond the extras (an actor's own answer, by its done or error event). */
  payloads?: Record<string, Record<string, unknown>>;
  /** Where the chart rests once started with `context` as its input (after its eventless decisions). */
  start?: string;
  steps: Steps;
}

export interface TransitionTable {
  chart: AnyStateMachine;
  /** Where the table comes from. */
  source: string;
  /**
   * Every resting state of the chart: a lifecycle's statuses, a page chart's leaf states; for a
   * parallel chart, the combinations of its regions' states the table pins ("data.ready |
   * visit.counting"), which together name every leaf.
   */
  statuses: string[];
  /** Every event the chart answers somewhere (an invoked actor's as `xstate.done.actor.<id>`). */
  verbs: string[];
  cases: TableCase[];
}

/** Every node of the chart below the root. */
function nodesOf(chart: AnyStateMachine): AnyStateNode[] {
  const all: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      all.push(child);
      walk(child);
    }
  };
  walk(chart.root);
  return all;
}

/** The chart's leaf states, as paths ("asking.ticked"), in chart order. */
function leavesOf(chart: AnyStateMachine): string[] {
  return nodesOf(chart)
    .filter((n) => Object.keys(n.states).length === 0)
    .map((n) => n.path.join('.'));
}

/** Every event any state of the chart (or its root) answers. */
function verbsOf(chart: AnyStateMachine): string[] {
  return [...new Set([chart.root, ...nodesOf(chart)].flatMap((node) => [...node.ownEvents]))].sort();
}

/**
 * "asking.ticked" → { asking: 'ticked' }; a parallel chart's state is its regions' paths joined by
 * " | " ("data.ready | visit.counting" → { data: 'ready', visit: 'counting' }).
 */
function valueOf(path: string): StateValue {
  const merge = (into: Record<string, unknown>, keys: string[]) => {
    if (keys.length === 1) return Object.assign(into, { [keys[0]]: {} });
    into[keys[0]] = merge((into[keys[0]] as Record<string, unknown> | undefined) ?? {}, keys.slice(1));
    return into;
  };
  const tree = path.split(' | ').reduce<Record<string, unknown>>((into, one) => merge(into, one.split('.')), {});
  // A leaf is its parent's string value: { asking: { ticked: {} } } → { asking: 'ticked' }.
  const collapse = (node: Record<string, unknown>): StateValue => {
    const entries = Object.entries(node);
    if (entries.length === 1 && Object.keys(entries[0][1] as object).length === 0) return entries[0][0];
    return Object.fromEntries(
      entries.map(([key, inner]) => [key, Object.keys(inner as object).length === 0 ? {} : collapse(inner as Record<string, unknown>)]),
    ) as StateValue;
  };
  return collapse(tree);
}

/** { asking: 'ticked' } → "asking.ticked"; every region of a parallel state, sorted, joined by " | ". */
function pathOf(value: StateValue): string {
  const leaves = (v: StateValue, prefix: string): string[] => {
    if (typeof v === 'string') return [`${prefix}${v}`];
    return Object.entries(v).flatMap(([key, inner]) =>
      inner === undefined || (typeof inner === 'object' && Object.keys(inner).length === 0)
        ? [`${prefix}${key}`]
        : leaves(inner as StateValue, `${prefix}${key}.`),
    );
  };
  return leaves(value, '').sort().join(' | ');
}

/** The named actions a transition of `snapshot` on `event` runs, written after its target. */
function landing(chart: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string {
  const to = pathOf(getNextSnapshot(chart, snapshot, event).value);
  const transitions = chart.getTransitionData(snapshot as never, event) ?? [];
  const actions = transitions.flatMap((t) => (t.actions ?? []).map((a) => actionName(a))).filter((name) => !/^(assign|raise|cancel)$/.test(name));
  return actions.length ? `${to} / ${actions.join(', ')}` : to;
}

/** The cells where the chart and the table disagree, as readable lines (none: they agree). */
export function disagreements(table: TransitionTable): string[] {
  const { chart } = table;
  const out: string[] = [];
  const statuses = leavesOf(chart);
  // The same states, in any order (the order of a chart's states is no transition).
  // (A parallel chart's table lists states of all its regions; together they name every leaf.)
  const named = [...new Set(table.statuses.flatMap((s) => s.split(' | ')))];
  if (JSON.stringify([...statuses].sort()) !== JSON.stringify(named.sort())) out.push(`states: chart ${statuses.join(', ')}; table ${named.join(', ')}`);
  const verbs = verbsOf(chart);
  if (JSON.stringify(verbs) !== JSON.stringify([...table.verbs].sort()))
    out.push(`events: chart ${verbs.join(', ')}; table ${[...table.verbs].sort().join(', ')}`);
  for (const c of table.cases) {
    if (c.start !== undefined) {
      const actor = createActor(chart, { input: c.context });
      actor.start();
      const at = pathOf(actor.getSnapshot().value);
      actor.stop();
      if (at !== c.start) out.push(`${c.name}: starts in ${at}, table ${c.start}`);
    }
    for (const from of table.statuses) {
      const snapshot = chart.resolveState({ value: valueOf(from), context: { ...(chart.config.context as object | undefined), ...c.context } });
      // The children the state's invokes would have started, as silent stand-ins, so a transition
      // that passes an event on to one (sendTo) can be taken (nothing is sent: actions only resolve).
      (snapshot as { children: Record<string, unknown> }).children = Object.fromEntries(
        (snapshot._nodes as AnyStateNode[]).flatMap((node) => node.invoke.map((invoke) => [invoke.id, createEmptyActor()])),
      );
      for (const verb of table.verbs) {
        const event = { ...c.extras, ...c.payloads?.[verb], type: verb } as EventObject;
        const expected = c.steps[from]?.[verb] ?? null;
        // A chart resting in one of its own final states is done: its actor answers nothing more.
        const done = (snapshot._nodes as AnyStateNode[]).some((node) => node.type === 'final' && node.parent === chart.root);
        const to = !done && snapshot.can(event) ? landing(chart, snapshot, event) : null;
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

/** How many cells a table pins (states × events × cases). */
export function cellsOf(table: TransitionTable): number {
  return table.statuses.length * table.verbs.length * table.cases.length;
}
