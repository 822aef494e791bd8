// The one model-path helper for every machine in machines/ (model-based testing over the
// PRODUCTION machines with xstate/graph).
//
//   1. Declare a model next to the tests, in a file named `<name>.model.ts` that exports
//      `model: MachineModel` (`npm run paths` finds these files and prints their figures):
//        export const model: MachineModel = {
//          machine: consentMachine,
//          specs: [{ input: {...}, events: [{ type: 'consent.submit' }], outcomes: { recordConsent: [{ output: undefined }] } }],
//        };
//   2. In the test file: `describeModel('consent', model, check)`. One test per generated path,
//      replayed on a real actor of the machine (timers on vitest's fake clock, invoked actors
//      settled as the path says); the action spies of the spec are cleared before every path,
//      so `check` sees only what that path did; then a coverage test fails when a state or a
//      transition of the machine was never taken.
//   A model whose paths are also replayed against the views (sign-in) sets `views: true` and
//   replays `selectedPaths(model)` itself (see tests/unit/machines/identity/authenticator.model.ts).
//
// Paths: the adjacency map is built from the machine itself, with the events its invoked actors
// (done/error, from `outcomes`) and timers (`after`) would produce; every edge becomes a path
// (shortest path to its source + the edge).
import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type AnyStateMachine, createActor, fromPromise } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

export type Outcome = { output: unknown } | { error: unknown };

export interface ModelSpec {
  /** Shown in path descriptions when a model has several specs (inputs or configurations). */
  name?: string;
  input?: unknown;
  /** Events the outside world sends: a fixed list, or computed from the snapshot (e.g. the next field to fill). */
  events: AnyEventObject[] | ((snapshot: any) => AnyEventObject[]);
  /** What each invoked actor may resolve or reject with, by invoke src (or invoke id). */
  outcomes?: Record<string, Outcome[]>;
  /** Effect actions replaced by spies (stubs the view provides in production); cleared before every path. */
  actions?: Record<string, (...args: any[]) => void>;
  /** Keep only the events the snapshot accepts (default: every event; ignored events are not edges anyway). */
  filterEvents?: (snapshot: any, event: AnyEventObject) => boolean;
  /** What makes two snapshots the same vertex (default: value, context and status). */
  serializeState?: (snapshot: any) => string;
  /** Edges with the same key yield one path (default: every distinct edge). */
  edgeKey?: (snapshot: any, event: AnyEventObject) => string;
  /** A readable event label for path descriptions. */
  describeEvent?: (event: AnyEventObject) => string;
  /** Traversal limit (xstate/graph), default 10,000 vertices. */
  limit?: number;
}

export interface MachineModel {
  machine: AnyStateMachine;
  specs: ModelSpec[];
  /** Which generated paths the tests replay (default: all), e.g. a covering subset. */
  select?: (paths: ModelPath[]) => ModelPath[];
  /** The replayed paths are also driven through the rendered views. */
  views?: boolean;
}

export interface ModelPath {
  description: string;
  spec: ModelSpec;
  steps: Array<{ event: AnyEventObject; state: any }>;
}

export interface Coverage {
  transitions: Set<string>;
  states: Set<string>;
}

/** The whole snapshot, as replays compare it. */
export function serialize(snapshot: any): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });
}

/** A transition named by source, event, candidate index and targets: stable across `provide()` copies. */
export function transitionKey(t: any): string {
  const siblings: any[] = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? []);
  const index = siblings.findIndex((s) => s === t);
  return `${t.source.id} --${t.eventType || '(always)'}#${index}--> ${t.target?.map((n: any) => n.id).join(',') ?? '(stay)'}`;
}

/** Every transition the machine defines. */
export function allTransitions(machine: AnyStateMachine): string[] {
  const all: string[] = [];
  // The root's own transitions (`on` at the top of the chart) count too: getStateNodes leaves the root out.
  for (const node of [machine.root, ...getStateNodes(machine.root)] as any[]) {
    for (const [, defs] of node.transitions as Map<string, any[]>) for (const t of defs) all.push(transitionKey(t));
    for (const t of node.always ?? []) all.push(transitionKey(t));
  }
  return all;
}

/** Every state node of the machine, the root excluded. */
export function allStates(machine: AnyStateMachine): string[] {
  return (getStateNodes(machine.root) as any[]).map((n) => n.id).filter((id) => id !== machine.root.id);
}

function outcomesFor(spec: ModelSpec, invoke: { id: string; src: unknown }): Outcome[] {
  return spec.outcomes?.[typeof invoke.src === 'string' ? invoke.src : ''] ?? spec.outcomes?.[invoke.id] ?? [];
}

/** The outside events of the spec plus the done/error events of running actors and the due timers. */
export function eventsFor(spec: ModelSpec, snapshot: any): AnyEventObject[] {
  if (snapshot.status !== 'active') return [];
  const derived: AnyEventObject[] = [];
  for (const node of snapshot._nodes as any[]) {
    for (const invoke of node.invoke as Array<{ id: string; src: string }>) {
      for (const outcome of outcomesFor(spec, invoke)) {
        derived.push(
          'output' in outcome
            ? { type: `xstate.done.actor.${invoke.id}`, output: outcome.output }
            : { type: `xstate.error.actor.${invoke.id}`, error: outcome.error },
        );
      }
    }
    for (const delayed of node.after as Array<{ eventType: string }>) derived.push({ type: delayed.eventType });
  }
  const outside = typeof spec.events === 'function' ? spec.events(snapshot) : spec.events;
  const unique = new Map([...outside, ...derived].map((e) => [JSON.stringify(e), e]));
  const events = [...unique.values()];
  return spec.filterEvents ? events.filter((e) => spec.filterEvents!(snapshot, e)) : events;
}

function isTransitionFor(snapshot: any, event: AnyEventObject): boolean {
  return (snapshot._nodes as any[]).some((node) => node.next?.(snapshot, event)?.length);
}

export function defaultDescribeEvent(event: AnyEventObject): string {
  return event.type.replace(/^xstate\.(done|error)\.actor\..*/, 'xstate.$1.actor');
}

/** One path per edge of the machine's adjacency map (reaching every state and taking every transition). */
export function edgePaths(machine: AnyStateMachine, spec: ModelSpec): ModelPath[] {
  const serializeState = spec.serializeState ?? serialize;
  const options = {
    input: spec.input,
    events: (s: any) => eventsFor(spec, s),
    serializeState: (s: any) => serializeState(s),
    limit: spec.limit ?? 10_000,
  } as any;
  const shortest = new Map(getShortestPaths(machine, options).map((p: any) => [serializeState(p.state), p]));
  const adjacency = getAdjacencyMap(machine, options) as Record<string, any>;
  const describe = spec.describeEvent ?? defaultDescribeEvent;
  const label = spec.name ? `${spec.name}: ` : '';
  // The start itself is a path: eventless transitions run there, and a machine may end at once.
  const paths: ModelPath[] = [{ description: `${label}(start)`, spec, steps: [] }];
  const seen = new Set<string>();
  for (const vertex of Object.values(adjacency)) {
    const prefix = shortest.get(serializeState(vertex.state));
    if (!prefix) continue;
    for (const { event, state } of Object.values(vertex.transitions) as any[]) {
      // An event that changes nothing (ignored in that state) is not an edge.
      if (serialize(state) === serialize(vertex.state) && !isTransitionFor(vertex.state, event)) continue;
      const steps = [...prefix.steps.filter((s: any) => s.event.type !== 'xstate.init'), { event, state }];
      const description = steps.map((s: any) => describe(s.event)).join(' → ');
      const key = spec.edgeKey ? spec.edgeKey(vertex.state, event) : `${description}|${serialize(state)}|${JSON.stringify(event)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      paths.push({ description: `${label}${description} ⇒ ${JSON.stringify(state.value)}`, spec, steps });
    }
  }
  return paths;
}

/** Every path of a model, over all its specs. */
export function generatedPaths(model: MachineModel): ModelPath[] {
  return model.specs.flatMap((spec) => edgePaths(model.machine, spec));
}

/** The paths the tests replay: `model.select` of the generated ones (default: all of them). */
export function selectedPaths(model: MachineModel, generated = generatedPaths(model)): ModelPath[] {
  return model.select ? model.select(generated) : generated;
}

export function delayFor(machine: AnyStateMachine, eventType: string, context: unknown): number {
  const ref = eventType.slice('xstate.after.'.length).split('.')[0];
  const numeric = Number(ref);
  if (!Number.isNaN(numeric)) return numeric;
  const delay = (machine.implementations.delays as Record<string, unknown>)[ref];
  return typeof delay === 'function' ? (delay as (a: { context: unknown }) => number)({ context }) : (delay as number);
}

interface Deferred {
  id: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Invoked actors whose promises wait for the path to settle them (by invoke id). */
export function deferredActors(machine: AnyStateMachine) {
  const pending: Deferred[] = [];
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [
      src,
      fromPromise(({ self }) => new Promise((resolve, reject) => pending.push({ id: self.id, resolve, reject }))),
    ]),
  );
  /** Settles the actor a done/error event names; false for any other event. */
  const settle = (event: AnyEventObject): boolean => {
    const match = event.type.match(/^xstate\.(done|error)\.actor\.(.+)$/);
    if (!match) return false;
    // The latest call: a state left and re-entered invokes the same id again, and the earlier call was stopped.
    const index = pending.findLastIndex((d) => d.id === match[2]);
    if (index < 0) throw new Error(`no invoked actor ${match[2]} is running for ${event.type}`);
    const [deferred] = pending.splice(index, 1);
    if (match[1] === 'done') deferred.resolve(event.output);
    else deferred.reject(event.error);
    return true;
  };
  return { actors, pending, settle };
}

/** Records the transitions a running actor took and the states it was in, from inspection. */
export function coverageRecorder() {
  const coverage: Coverage = { transitions: new Set(), states: new Set() };
  const inspect = (e: any) => {
    if (e.type !== '@xstate.microstep') return;
    // A transition's source was active even when it is transient (eventless) and never in a snapshot.
    for (const t of e._transitions) {
      coverage.transitions.add(transitionKey(t));
      coverage.states.add(t.source.id);
    }
    for (const node of e.snapshot._nodes) coverage.states.add(node.id);
  };
  return { ...coverage, coverage, inspect };
}

/**
 * Replays a path on a real actor of the production machine: outside events are sent, timers run
 * on vitest's fake clock (not a millisecond early), invoked actors settle as the path says.
 * Fails when a snapshot differs from the one the path predicted. `check` runs after every step.
 */
export async function replay(machine: AnyStateMachine, path: ModelPath, check?: (snapshot: any, event: AnyEventObject) => void): Promise<Coverage> {
  const { spec } = path;
  const recorder = coverageRecorder();
  const deferred = deferredActors(machine);
  const logic = machine.provide({ actors: deferred.actors, actions: spec.actions ?? {} } as any);
  vi.useFakeTimers();
  const actor = createActor(logic, { input: spec.input as any, inspect: recorder.inspect });
  try {
    actor.start();
    for (const node of (actor.getSnapshot() as any)._nodes) recorder.states.add(node.id);
    for (const step of path.steps) {
      const { event } = step;
      if (event.type.startsWith('xstate.after.')) {
        const ms = delayFor(machine, event.type, actor.getSnapshot().context);
        const before = serialize(actor.getSnapshot());
        if (ms > 0) {
          await vi.advanceTimersByTimeAsync(ms - 1);
          if (serialize(actor.getSnapshot()) !== before) throw new Error(`${event.type} fired before ${ms} ms`);
        }
        await vi.advanceTimersByTimeAsync(ms > 0 ? 1 : 0);
      } else if (deferred.settle(event)) {
        await vi.advanceTimersByTimeAsync(0);
      } else {
        actor.send(event);
      }
      const actual = actor.getSnapshot();
      // Compared as the traversal told states apart: a vertex stands for every snapshot with its key.
      const same = spec.serializeState ?? serialize;
      if (same(actual) !== same(step.state)) {
        throw new Error(`after ${event.type}: expected ${same(step.state)}, got ${same(actual)}`);
      }
      check?.(actual, event);
    }
  } finally {
    actor.stop();
    vi.useRealTimers();
  }
  return recorder.coverage;
}

/** Replays a path at once (done/error events sent as the actors would send them), to learn what it covers. */
export function quickCoverage(machine: AnyStateMachine, path: ModelPath): Coverage {
  const recorder = coverageRecorder();
  const { actors } = deferredActors(machine);
  const noop = Object.fromEntries(Object.keys(path.spec.actions ?? {}).map((name) => [name, () => {}]));
  const actor = createActor(machine.provide({ actors, actions: noop } as any), { input: path.spec.input as any, inspect: recorder.inspect });
  actor.start();
  for (const node of (actor.getSnapshot() as any)._nodes) recorder.states.add(node.id);
  for (const step of path.steps) actor.send(step.event);
  actor.stop();
  return recorder.coverage;
}

/** A small set of paths that together take every transition and visit every state the full set does (greedy set cover). */
export function coveringPaths(machine: AnyStateMachine, paths: ModelPath[]): ModelPath[] {
  const items = paths.map((path) => {
    const c = quickCoverage(machine, path);
    return { path, keys: new Set([...[...c.transitions].map((t) => `t:${t}`), ...[...c.states].map((s) => `s:${s}`)]) };
  });
  const covered = new Set<string>();
  const selected: ModelPath[] = [];
  for (;;) {
    let best: (typeof items)[number] | null = null;
    let bestGain = 0;
    for (const item of items) {
      let gain = 0;
      for (const k of item.keys) if (!covered.has(k)) gain++;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && item.path.steps.length < best.path.steps.length)) {
        best = item;
        bestGain = gain;
      }
    }
    if (!best) break;
    selected.push(best.path);
    for (const k of best.keys) covered.add(k);
  }
  return selected;
}

type Step = ModelPath['steps'][number];

const coverageKeys = (c: Coverage) => new Set([...[...c.transitions].map((t) => `t:${t}`), ...[...c.states].map((s) => `s:${s}`)]);

/** A quick replay that can be carried on step by step, recording the keys (transitions, states) it takes. */
function quickWalker(machine: AnyStateMachine, spec: ModelSpec) {
  let taken = new Set<string>();
  const inspect = (e: any) => {
    if (e.type !== '@xstate.microstep') return;
    for (const t of e._transitions) taken.add(`t:${transitionKey(t)}`).add(`s:${t.source.id}`);
    for (const node of e.snapshot._nodes) taken.add(`s:${node.id}`);
  };
  const { actors } = deferredActors(machine);
  const noop = Object.fromEntries(Object.keys(spec.actions ?? {}).map((name) => [name, () => {}]));
  const actor = createActor(machine.provide({ actors, actions: noop } as any), { input: spec.input as any, inspect });
  actor.start();
  for (const node of (actor.getSnapshot() as any)._nodes) taken.add(`s:${node.id}`);
  return {
    actor,
    /** The keys taken since the last call (the start's, on the first). */
    taken(): Set<string> {
      const keys = taken;
      taken = new Set();
      return keys;
    },
  };
}

/**
 * Walks through the model's graph that together take every transition and visit every state the
 * given paths do, each from the start and at most `maxSteps` long. Where covering paths each go
 * back to the start and repeat a prefix to reach one more edge, a walk goes on from where it is
 * to the nearest edge not yet taken: the same guarantee in fewer steps and far fewer renders,
 * which is what a replay on a rendered view pays for. Every step of a walk is checked on the
 * machine as it is chosen (it leads to the state it predicts); what the walks still miss is added
 * as covering paths.
 */
export function coveringWalks(machine: AnyStateMachine, paths: ModelPath[], maxSteps = 12): ModelPath[] {
  const START = '(start)';
  interface Edge {
    step: Step;
    to: string;
    keys: Set<string>;
  }
  // Each spec's graph as its paths walk it: from each state (by the spec's key) the steps taken
  // from it, with the keys each takes there; and everything the paths take, which the walks must.
  const graphs = new Map<ModelSpec, Map<string, Edge[]>>();
  const missing = new Set<string>();
  for (const path of paths) {
    const { spec } = path;
    const same = spec.serializeState ?? serialize;
    const edges = graphs.get(spec) ?? new Map<string, Edge[]>();
    graphs.set(spec, edges);
    const walker = quickWalker(machine, spec);
    for (const k of walker.taken()) missing.add(k);
    let from = START;
    for (const step of path.steps) {
      walker.actor.send(step.event);
      const keys = walker.taken();
      for (const k of keys) missing.add(k);
      const to = same(step.state);
      const out = edges.get(from) ?? [];
      const event = JSON.stringify(step.event);
      if (!out.some((e) => e.to === to && JSON.stringify(e.step.event) === event)) out.push({ step, to, keys });
      edges.set(from, out);
      from = to;
    }
    walker.actor.stop();
  }
  const walks: ModelPath[] = [];
  for (const [spec, edges] of graphs) {
    const same = spec.serializeState ?? serialize;
    // Edges that, reached along a walk, did not do what their path predicted (a state key stands for
    // snapshots whose contexts differ) or took nothing new: not tried again.
    const refused = new Set<Edge>();
    /** The shortest way from `at` through an edge that takes something still missing. */
    const nearest = (at: string): Edge[] | null => {
      const routes = new Map<string, Edge[]>([[at, []]]);
      const queue = [at];
      while (queue.length) {
        const from = queue.shift()!;
        for (const edge of edges.get(from) ?? []) {
          if (refused.has(edge)) continue;
          const route = [...routes.get(from)!, edge];
          if ([...edge.keys].some((k) => missing.has(k))) return route;
          if (!routes.has(edge.to)) {
            routes.set(edge.to, route);
            queue.push(edge.to);
          }
        }
      }
      return null;
    };
    const describe = spec.describeEvent ?? defaultDescribeEvent;
    const label = spec.name ? `${spec.name}: ` : '';
    for (;;) {
      let steps: Step[] = [];
      let at = START;
      // A live replay at the walk's end; a route tried and dropped leaves it elsewhere, so it is replayed afresh.
      let walker = quickWalker(machine, spec);
      let taken = walker.taken();
      while (steps.length < maxSteps) {
        const route = nearest(at);
        if (!route || (steps.length > 0 && steps.length + route.length > maxSteps)) break;
        const predicted = route.every((edge) => {
          walker.actor.send(edge.step.event);
          for (const k of walker.taken()) taken.add(k);
          return same(walker.actor.getSnapshot()) === same(edge.step.state);
        });
        const gain = predicted ? [...taken].filter((k) => missing.has(k)) : [];
        if (!gain.length) {
          refused.add(route[route.length - 1]);
          walker.actor.stop();
          walker = quickWalker(machine, spec);
          for (const step of steps) walker.actor.send(step.event);
          taken = walker.taken();
          continue;
        }
        for (const k of gain) missing.delete(k);
        steps = [...steps, ...route.map((e) => e.step)];
        at = route[route.length - 1].to;
        taken = new Set();
      }
      walker.actor.stop();
      if (!steps.length) break;
      const description = steps.map((s) => describe(s.event)).join(' → ');
      walks.push({ description: `${label}${description} ⇒ ${JSON.stringify(steps[steps.length - 1].state.value)}`, spec, steps });
    }
  }
  if (missing.size) {
    for (const path of coveringPaths(machine, paths)) {
      const keys = coverageKeys(quickCoverage(machine, path));
      if (![...keys].some((k) => missing.has(k))) continue;
      walks.push(path);
      for (const k of keys) missing.delete(k);
    }
  }
  return walks;
}

/** What a set of coverages missed of the machine's states and transitions. */
export function uncovered(machine: AnyStateMachine, runs: Coverage[]): { states: string[]; transitions: string[] } {
  const taken = new Set(runs.flatMap((r) => [...r.transitions]));
  const reached = new Set(runs.flatMap((r) => [...r.states]));
  return {
    states: allStates(machine).filter((id) => !reached.has(id)),
    transitions: allTransitions(machine).filter((key) => !taken.has(key)),
  };
}

function clearSpies(spec: ModelSpec) {
  for (const action of Object.values(spec.actions ?? {})) (action as { mockClear?: () => void }).mockClear?.();
}

/**
 * One describe per machine: a test per selected path (spies cleared first), then the coverage
 * test, which fails when a state or transition of the production machine was never reached.
 */
export function describeModel(name: string, model: MachineModel, check?: (snapshot: any, event: AnyEventObject) => void) {
  describe(`${name} (model-based, production machine)`, () => {
    const generated = generatedPaths(model);
    const paths = selectedPaths(model, generated);
    const runs: Coverage[] = [];

    // The paths themselves, before any is replayed: together they must reach every state and take
    // every transition of the machine (a model whose events or outcomes miss a branch fails here).
    it('generates paths that reach every state and take every transition', () => {
      expect(
        uncovered(
          model.machine,
          paths.map((path) => quickCoverage(model.machine, path)),
        ),
      ).toEqual({ states: [], transitions: [] });
    });

    for (const [i, path] of paths.entries()) {
      it(`path ${i + 1}: ${path.description}`, async () => {
        clearSpies(path.spec);
        runs.push(await replay(model.machine, path, check));
      });
    }

    it('covers every state and every transition of the machine', () => {
      const missed = uncovered(model.machine, runs);
      const states = allStates(model.machine).length;
      const transitions = allTransitions(model.machine).length;
      console.log(
        `[model] ${name}: ${generated.length} generated paths, ${paths.length} replayed; states ${states - missed.states.length}/${states}; transitions ${transitions - missed.transitions.length}/${transitions}`,
      );
      expect(missed).toEqual({ states: [], transitions: [] });
    });
  });
}
