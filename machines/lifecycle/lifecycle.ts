// One lifecycle chart, enforced on both sides. A lifecycle chart (enrollment, appointment, visit,
// lab order, ticket, prospect) is a flat machine whose top-level states are exactly the entity's
// statuses and whose events are the clinic's verbs (`enrollment.pause`). The browser asks it which
// verbs are allowed now; the server asks it whether a requested status change is one step of the
// chart, with the same guards, and refuses anything else. Pure: no React, no network.
import { type AnyStateMachine, type EventObject, getNextSnapshot } from 'xstate';

export interface LifecycleStep {
  /** The event (verb) that takes the entity from `from` to `to`. */
  event: string;
  to: string;
}

/** The snapshot of `chart` resting in status `from` with `context` (the entity's facts the guards read). */
function snapshotAt(chart: AnyStateMachine, from: string, context?: Record<string, unknown>) {
  const base = chart.resolveState({ value: from, context: { ...(chart.config.context as object | undefined), ...context } });
  return base;
}

/** The statuses `from` can move to in one step, each with its event, given the entity's facts and the event's extras. */
export function nextSteps(
  chart: AnyStateMachine,
  from: string,
  options: { context?: Record<string, unknown>; extras?: Record<string, unknown> } = {},
): LifecycleStep[] {
  const node = chart.states[from];
  if (!node) return [];
  const snapshot = snapshotAt(chart, from, options.context);
  const steps: LifecycleStep[] = [];
  for (const type of node.ownEvents) {
    const next = getNextSnapshot(chart, snapshot, { ...options.extras, type } as EventObject);
    const to = typeof next.value === 'string' ? next.value : null;
    if (to && to !== from) steps.push({ event: type, to });
  }
  return steps;
}

/** The one step from `from` to `to`, or null when the chart has no such step (or its guard refuses it). */
export function stepTo(
  chart: AnyStateMachine,
  from: string,
  to: string,
  options: { context?: Record<string, unknown>; extras?: Record<string, unknown> } = {},
): LifecycleStep | null {
  return nextSteps(chart, from, options).find((step) => step.to === to) ?? null;
}

/** Every status of the chart (its top-level states), in chart order. */
export function statusesOf(chart: AnyStateMachine): string[] {
  return Object.keys(chart.states);
}
