// What the discovery views read from the funnel and visit note charts, by name: views never read
// state names or context fields directly.
import type { SnapshotFrom } from 'xstate';
import type { funnelMachine } from './funnel-machine.ts';
import { estimateOf } from './visit-note.ts';
import type { visitNoteMachine } from './visit-note-machine.ts';

type FunnelSnapshot = SnapshotFrom<typeof funnelMachine>;
type NoteSnapshot = SnapshotFrom<typeof visitNoteMachine>;

export const funnelSelectors = {
  range: (s: FunnelSnapshot) => s.context.range,
  /** The figures of the range shown (kept on screen while the next ones load). */
  figures: (s: FunnelSnapshot) => (s.matches('invalid') ? null : s.context.figures),
  isLoading: (s: FunnelSnapshot) => s.hasTag('pending'),
  failure: (s: FunnelSnapshot) => (s.matches('failed') ? s.context.error : null),
  /** Why the range is not asked for, by the server's field name. */
  problem: (s: FunnelSnapshot) => (s.matches('invalid') ? s.context.problem : null),
};

export const noteSelectors = {
  note: (s: NoteSnapshot) => s.context.note,
  form: (s: NoteSnapshot) => s.context.form,
  isLoading: (s: NoteSnapshot) => s.matches('loading'),
  loadFailure: (s: NoteSnapshot) => (s.matches('failed') ? s.context.error : null),
  /** A refused save or signature, while the form is still being edited. */
  error: (s: NoteSnapshot) => (s.matches('editing') ? s.context.error : null),
  fieldErrors: (s: NoteSnapshot) => s.context.fieldErrors,
  isLocked: (s: NoteSnapshot) => s.matches('locked'),
  isBusy: (s: NoteSnapshot) => s.matches('saving') || s.matches('signing'),
  canSign: (s: NoteSnapshot) => s.can({ type: 'note.sign' }),
  estimate: (s: NoteSnapshot) => estimateOf(s.context.form),
};
