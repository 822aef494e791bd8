// What the visit page reads from the visit form chart, by name: views never read state names or
// context fields directly.
import type { SnapshotFrom } from 'xstate';
import { nextSteps } from '../lifecycle/lifecycle.ts';
import type { visitFormMachine } from './visit-form-machine.ts';
import { visitLifecycle } from './visit-lifecycle.ts';

type Snapshot = SnapshotFrom<typeof visitFormMachine>;

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'refused';

/** Every guard satisfied: the page offers the chart's steps; the server says what is still in the way. */
const EVERYTHING = { blockers: [], missing: [], signer_id: 1, reason: 'x', text: 'x' };

export const visitFormSelectors = {
  visit: (s: Snapshot) => s.context.visit,
  form: (s: Snapshot) => s.context.form,
  isLoading: (s: Snapshot) => s.matches('loading') && s.context.visit === null,
  loadFailure: (s: Snapshot) => (s.matches('failed') ? s.context.error : null),
  error: (s: Snapshot) => (s.matches('failed') ? null : s.context.error),
  fieldErrors: (s: Snapshot) => s.context.fieldErrors,
  /** Fields another device changed too, kept as it saved them (after a conflict). */
  kept: (s: Snapshot) => s.context.kept,
  isLocked: (s: Snapshot) => s.matches('locked'),
  isBusy: (s: Snapshot) => s.hasTag('pending'),
  saveState: (s: Snapshot): SaveState => {
    if (s.matches('conflict') || s.matches('rebasing')) return 'conflict';
    if (s.hasTag('offline')) return 'offline';
    if (s.hasTag('retrying')) return 'retrying';
    if (s.hasTag('saving')) return 'saving';
    if (s.matches({ editing: 'unsaved' })) return 'unsaved';
    if (s.matches({ editing: 'refused' })) return 'refused';
    return 'saved';
  },
  /** The statuses the chart allows from here (the buttons shown). */
  steps: (s: Snapshot): string[] =>
    s.context.visit && !s.matches('locked') ? nextSteps(visitLifecycle, s.context.visit.status, { extras: EVERYTHING }).map((step) => step.to) : [],
};

/**
 * Whether the loaded visit is the one the address names: a visit of another therapy or another
 * client is "not found" there, never shown under the wrong client's name.
 */
export const isVisitAt = (visit: { therapy: string; client: number }, address: { therapy: string; clientId: number }): boolean =>
  visit.therapy === address.therapy && visit.client === address.clientId;
