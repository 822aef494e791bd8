// What the staff views read from the staff machines' snapshots, by name: views never read state
// names or context fields directly.
import type { SnapshotFrom } from 'xstate';
import type { actionMachine } from './action-machine.ts';
import type { inviteMachine } from './invite-machine.ts';
import type { listMachine } from './list-machine.ts';
import type { recordMachine } from './record-machine.ts';

type ListSnapshot = SnapshotFrom<typeof listMachine>;
type ActionSnapshot = SnapshotFrom<typeof actionMachine>;
type RecordSnapshot = SnapshotFrom<typeof recordMachine>;

const NO_FIELD_ERRORS: Record<string, string[]> = Object.freeze({}) as Record<string, string[]>;

export const listSelectors = {
  query: (s: ListSnapshot) => s.context.query,
  rows: (s: ListSnapshot) => s.context.rows,
  count: (s: ListSnapshot) => s.context.count,
  isLoading: (s: ListSnapshot) => s.hasTag('pending'),
  /** The failure's message while the list failed to load, else null. */
  failure: (s: ListSnapshot) => (s.matches('failed') ? s.context.error : null),
};

export const actionSelectors = {
  isOpen: (s: ActionSnapshot) => !s.matches('closed'),
  isPending: (s: ActionSnapshot) => s.hasTag('pending'),
  subject: (s: ActionSnapshot) => s.context.subject,
  /** The values the dialog opened with (a proposed start, say), then the ones last submitted. */
  values: (s: ActionSnapshot) => s.context.values,
  /** The last refusal while the dialog is still open (a form that is its own dialog clears it on success). */
  error: (s: ActionSnapshot) => (s.matches('closed') ? null : s.context.error),
  fieldErrors: (s: ActionSnapshot) => (s.matches('closed') ? NO_FIELD_ERRORS : s.context.fieldErrors),
};

export const recordSelectors = {
  data: (s: RecordSnapshot) => s.context.data,
  isLoading: (s: RecordSnapshot) => s.hasTag('pending'),
  isFailed: (s: RecordSnapshot) => s.matches('failed'),
  error: (s: RecordSnapshot) => s.context.error,
  /** A failed load because the record does not exist (404), told apart from the rest. */
  isMissing: (s: RecordSnapshot) => s.matches('failed') && s.context.status === 404,
};

type InviteSnapshot = SnapshotFrom<typeof inviteMachine>;

/** The invitation's steps as the users page shows them. */
export const inviteSelectors = {
  /** The person and role form is open (while it is being created too). */
  isEditing: (s: InviteSnapshot) => s.matches('editing') || s.matches('creating'),
  /** The new staff member's working hours are asked for (while they are being saved too). */
  isAskingHours: (s: InviteSnapshot) => s.matches('askingHours') || s.matches('savingHours'),
  isPending: (s: InviteSnapshot) => s.hasTag('pending'),
  user: (s: InviteSnapshot) => s.context.user,
  weekly: (s: InviteSnapshot) => s.context.weekly,
  canSaveHours: (s: InviteSnapshot) => s.can({ type: 'invite.saveHours' }),
  error: (s: InviteSnapshot) => s.context.error,
  fieldErrors: (s: InviteSnapshot) => s.context.fieldErrors,
};
