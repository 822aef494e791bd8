// One confirmed action or form dialog of the staff pages (new client, create user, change role,
// deactivate, resend invitation, reset password, enrol, change an enrollment, save a profile,
// save settings, ...): closed -> open -> submitting -> closed on success (the feature toasts and
// refreshes), or back to open with the server's message and field errors. `perform` is provided
// by the feature's adapter.
import { assign, fromPromise, setup } from 'xstate';
import { type FieldErrors, failureOf } from '../rules/failure.ts';

export interface ActionContext {
  /** What the action is about (a user, an enrollment, ...), set when the dialog opens. */
  subject: unknown;
  values: Record<string, unknown>;
  error: string | null;
  fieldErrors: FieldErrors;
}

export type ActionEvent =
  | { type: 'action.open'; subject?: unknown; values?: Record<string, unknown> }
  | { type: 'action.cancel' }
  | { type: 'action.submit'; values?: Record<string, unknown> };

export const actionMachine = setup({
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
  },
  actors: {
    perform: fromPromise<unknown, { subject: unknown; values: Record<string, unknown> }>(async () => {
      throw new Error('perform is provided by the adapter');
    }),
  },
  actions: {
    open: assign((_, params: { subject?: unknown; values?: Record<string, unknown> }) => ({
      subject: params.subject ?? null,
      values: params.values ?? {},
      error: null,
      fieldErrors: {},
    })),
    takeValues: assign({ values: ({ context }, params: { values?: Record<string, unknown> }) => params.values ?? context.values }),
    setFailure: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { error: failure.message, fieldErrors: failure.fieldErrors };
    }),
    // Provided by the feature: a toast, a refresh of what changed.
    notifyDone: (_, _params: { subject: unknown; output: unknown }) => {},
  },
}).createMachine({
  id: 'action',
  context: { subject: null, values: {}, error: null, fieldErrors: {} },
  initial: 'closed',
  states: {
    closed: {
      on: { 'action.open': { target: 'open', actions: { type: 'open', params: ({ event }) => ({ subject: event.subject, values: event.values }) } } },
    },
    open: {
      on: {
        'action.cancel': 'closed',
        'action.submit': { target: 'submitting', actions: { type: 'takeValues', params: ({ event }) => ({ values: event.values }) } },
      },
    },
    submitting: {
      tags: 'pending',
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ subject: context.subject, values: context.values }),
        onDone: { target: 'closed', actions: { type: 'notifyDone', params: ({ context, event }) => ({ subject: context.subject, output: event.output }) } },
        onError: { target: 'open', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
