// The server's side of "one lifecycle chart, enforced on both sides": a requested status change
// is accepted only when it is one step of the entity's chart in machines/ (guards included);
// anything else is a 409 {detail} and the caller writes nothing.
import type { AnyStateMachine } from 'xstate';
import { type LifecycleStep, stepTo } from '../../machines/lifecycle/lifecycle.ts';
import { HttpError } from '../http/errors.ts';
import { wordsInSentence } from '../../machines/rules/words.ts';

/** The step from `from` to `to`, or a 409 naming both statuses. Call it before any write. */
export function requireLifecycleStep(
  chart: AnyStateMachine,
  entity: string,
  from: string,
  to: string,
  options: { context?: Record<string, unknown>; extras?: Record<string, unknown> } = {},
): LifecycleStep {
  const step = stepTo(chart, from, to, options);
  if (!step) throw new HttpError(409, `This ${entity} cannot go from ${wordsInSentence(from)} to ${wordsInSentence(to)}.`);
  return step;
}
