// What the scheduling back office's views read from the impact chart, by name.
import type { SnapshotFrom } from 'xstate';
import type { impactMachine } from './impact-machine.ts';

type ImpactSnapshot = SnapshotFrom<typeof impactMachine>;

export const impactSelectors = {
  isPending: (s: ImpactSnapshot) => s.hasTag('pending'),
  /** The impacted appointments, while the administrator decides what to do with them. */
  deciding: (s: ImpactSnapshot) => (s.matches('deciding') ? s.context.impact : null),
  isSaved: (s: ImpactSnapshot) => s.matches('saved'),
  error: (s: ImpactSnapshot) => s.context.error,
  fieldErrors: (s: ImpactSnapshot) => s.context.fieldErrors,
};
