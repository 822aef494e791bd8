// One confirmed action or form dialog of the staff pages (new client, create user, change role,
// deactivate, resend invitation, reset password, enrol, save profile, save settings, ...):
// closed -> open -> submitting -> closed on success (the view toasts and refreshes), or back to
// open with the server's message and field errors. `perform` is provided by the view.
import { assign, fromPromise, setup } from 'xstate';

/** What `perform` rejects with when the server refuses: its message and per-field reasons. */
export interface ActionFailure {
  message: string;
  fields?: Record<string, string[]>;
}

export interface ActionContext {
  /** What the action is about (a user, an enrollment, ...), set when the dialog opens. */
  subject: unknown;
  values: Record<string, unknown>;
  error: string | null;
  fieldErrors: Record<string, string[]>;
}

export type ActionEvent =
  | { type: 'action.open'; subject?: unknown; values?: Record<string, unknown> }
  | { type: 'action.cancel' }
  | { type: 'action.submit'; values?: Record<string, unknown> };

function failureOf(error: unknown): ActionFailure {
  if (error && typeof error === 'object' && 'message' in error) {
    const e = error as { message: unknown; fields?: unknown };
    return { message: String(e.message), fields: (e.fields as Record<string, string[]>) ?? {} };
  }
  return { message: String(error) };
}

export const actionMachine = setup({
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
  },
  actors: {
    perform: fromPromise<unknown, { subject: unknown; values: Record<string, unknown> }>(async () => {
      throw new Error('perform is provided by the view');
    }),
  },
  actions: {
    open: assign({
      subject: ({ event }) => (event.type === 'action.open' ? event.subject : null),
      values: ({ event }) => (event.type === 'action.open' ? (event.values ?? {}) : {}),
      error: null,
      fieldErrors: {},
    }),
    takeValues: assign({
      values: ({ context, event }) => (event.type === 'action.submit' && event.values ? event.values : context.values),
    }),
    setFailure: assign({
      error: ({ event }) => failureOf((event as unknown as { error: unknown }).error).message,
      fieldErrors: ({ event }) => failureOf((event as unknown as { error: unknown }).error).fields ?? {},
    }),
    // Provided by the view: a toast, a refresh of what changed.
    notifyDone: () => {},
  },
}).createMachine({
  id: 'action',
  context: { subject: null, values: {}, error: null, fieldErrors: {} },
  initial: 'closed',
  states: {
    closed: {
      on: { 'action.open': { target: 'open', actions: 'open' } },
    },
    open: {
      on: {
        'action.cancel': 'closed',
        'action.submit': { target: 'submitting', actions: 'takeValues' },
      },
    },
    submitting: {
      tags: 'pending',
      invoke: {
        src: 'perform',
        input: ({ context }) => ({ subject: context.subject, values: context.values }),
        onDone: { target: 'closed', actions: 'notifyDone' },
        onError: { target: 'open', actions: 'setFailure' },
      },
    },
  },
});
