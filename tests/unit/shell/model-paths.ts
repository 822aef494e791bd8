// Model-based testing over the PRODUCTION machines (xstate/graph): the adjacency map is built
// from the machine itself, with the events its invoked actors and timers would produce; every
// edge becomes a path (shortest path to its source + the edge). Each path is replayed against a
// real actor of the same machine, timers driven by vitest's fake clock and invoked actors
// resolved through deferred promises, and the transitions the actor actually took (reported by
// inspection) are counted against every transition the machine defines.
import { vi } from 'vitest';
import { type AnyEventObject, type AnyStateMachine, createActor, fromPromise } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

type Outcome = { output: unknown } | { error: unknown };

export interface ModelSpec {
  machine: AnyStateMachine;
  input?: unknown;
  /** Events the outside world sends, by type; the machine's own timer and actor events are derived. */
  events: AnyEventObject[];
  /** What each invoked actor (by src name) may resolve or reject with. */
  outcomes?: Record<string, Outcome[]>;
  /** Effect actions replaced by spies (stubs the view provides in production). */
  actions?: Record<string, (...args: any[]) => void>;
}

export interface ModelPath {
  description: string;
  steps: Array<{ event: AnyEventObject; state: ReturnType<AnyStateMachine['transition']> }>;
}

interface Deferred {
  src: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

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
  for (const node of getStateNodes(machine.root) as any[]) {
    for (const [, defs] of node.transitions as Map<string, any[]>) for (const t of defs) all.push(transitionKey(t));
    for (const t of node.always ?? []) all.push(transitionKey(t));
  }
  return all;
}

function eventsFor(spec: ModelSpec, snapshot: any): AnyEventObject[] {
  if (snapshot.status !== 'active') return [];
  const derived: AnyEventObject[] = [];
  for (const node of snapshot._nodes as any[]) {
    for (const invoke of node.invoke as Array<{ id: string; src: string }>) {
      for (const outcome of spec.outcomes?.[invoke.src] ?? []) {
        derived.push('output' in outcome ? { type: `xstate.done.actor.${invoke.id}`, output: outcome.output } : { type: `xstate.error.actor.${invoke.id}`, error: outcome.error });
      }
    }
    for (const delayed of node.after as Array<{ eventType: string }>) derived.push({ type: delayed.eventType });
  }
  const unique = new Map(derived.map((e) => [JSON.stringify(e), e]));
  return [...spec.events, ...unique.values()];
}

/** One path per edge of the machine's adjacency map (reaching every state and taking every transition). */
export function edgePaths(spec: ModelSpec): ModelPath[] {
  const options = { input: spec.input, events: (s: any) => eventsFor(spec, s), serializeState: (s: any) => serialize(s) } as any;
  const shortest = new Map(getShortestPaths(spec.machine, options).map((p: any) => [serialize(p.state), p]));
  const adjacency = getAdjacencyMap(spec.machine, options) as Record<string, any>;
  // The start itself is a path: eventless transitions run there, and a machine may end at once.
  const paths: ModelPath[] = [{ description: '(start)', steps: [] }];
  const seen = new Set<string>();
  for (const [, vertex] of Object.entries(adjacency)) {
    const prefix = shortest.get(serialize(vertex.state));
    if (!prefix) continue;
    for (const { event, state } of Object.values(vertex.transitions) as any[]) {
      // An event that changes nothing (ignored in that state) is not an edge.
      if (serialize(state) === serialize(vertex.state) && !isTransitionFor(vertex.state, event)) continue;
      const steps = [...prefix.steps.filter((s: any) => s.event.type !== 'xstate.init'), { event, state }];
      const description = steps.map((s: any) => s.event.type.replace(/^xstate\.(done|error)\.actor\..*/, 'xstate.$1.actor')).join(' → ');
      const key = `${description}|${serialize(state)}|${JSON.stringify(event)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      paths.push({ description: `${description || '(start)'} ⇒ ${JSON.stringify(state.value)}`, steps });
    }
  }
  return paths;
}

function isTransitionFor(snapshot: any, event: AnyEventObject): boolean {
  return (snapshot._nodes as any[]).some((node) => node.next?.(snapshot, event)?.length);
}

function delayFor(machine: AnyStateMachine, eventType: string, context: unknown): number {
  const ref = eventType.slice('xstate.after.'.length).split('.')[0];
  const numeric = Number(ref);
  if (!Number.isNaN(numeric)) return numeric;
  const delay = (machine.implementations.delays as Record<string, unknown>)[ref];
  return typeof delay === 'function' ? (delay as (a: { context: unknown }) => number)({ context }) : (delay as number);
}

/**
 * Replays a path on a real actor of the production machine. Returns the transitions it took.
 * `check` runs after every step with the actor's snapshot.
 */
export async function replay(
  spec: ModelSpec,
  path: ModelPath,
  check?: (snapshot: any, event: AnyEventObject) => void,
): Promise<{ transitions: Set<string>; states: Set<string> }> {
  const taken = new Set<string>();
  const states = new Set<string>();
  const pending: Deferred[] = [];
  const actors = Object.fromEntries(
    Object.keys(spec.machine.implementations.actors).map((src) => [
      src,
      fromPromise(() => new Promise((resolve, reject) => pending.push({ src, resolve, reject }))),
    ]),
  );
  const logic = spec.machine.provide({ actors, actions: spec.actions ?? {} } as any);
  vi.useFakeTimers();
  const actor = createActor(logic, {
    input: spec.input as any,
    inspect: (e: any) => {
      if (e.type === '@xstate.microstep') {
        // A transition's source was active even when it is transient (eventless) and never in a snapshot.
        for (const t of e._transitions) {
          taken.add(transitionKey(t));
          states.add(t.source.id);
        }
        for (const node of e.snapshot._nodes) states.add(node.id);
      }
    },
  });
  try {
    actor.start();
    for (const node of (actor.getSnapshot() as any)._nodes) states.add(node.id);
    for (const step of path.steps) {
      const { event } = step;
      if (event.type.startsWith('xstate.after.')) {
        const ms = delayFor(spec.machine, event.type, actor.getSnapshot().context);
        const before = serialize(actor.getSnapshot());
        if (ms > 0) {
          await vi.advanceTimersByTimeAsync(ms - 1);
          if (serialize(actor.getSnapshot()) !== before) throw new Error(`${event.type} fired before ${ms} ms`);
        }
        await vi.advanceTimersByTimeAsync(ms > 0 ? 1 : 0);
      } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
        const deferred = pending.pop();
        if (!deferred) throw new Error(`no invoked actor is running for ${event.type}`);
        pending.length = 0;
        if (event.type.startsWith('xstate.done.')) deferred.resolve(event.output);
        else deferred.reject(event.error);
        await vi.advanceTimersByTimeAsync(0);
      } else {
        actor.send(event);
      }
      const actual = actor.getSnapshot();
      if (serialize(actual) !== serialize(step.state)) {
        throw new Error(`after ${event.type}: expected ${serialize(step.state)}, got ${serialize(actual)}`);
      }
      check?.(actual, event);
    }
  } finally {
    actor.stop();
    vi.useRealTimers();
  }
  return { transitions: taken, states };
}

/** Every state node of the machine. */
export function allStates(machine: AnyStateMachine): string[] {
  return (getStateNodes(machine.root) as any[]).map((n) => n.id);
}
