// The discovery visit note page: the note is loaded, and the chart decides what comes next. A
// signed note is `locked` (read only, nothing to send); a draft is `editing`, its form seeded from
// the stored note (and seeded again from what the server stored after each save). "Sign and
// lock" saves what is on screen and then signs it; a refusal of either keeps the form as typed
// with the reason. The calls are actors the adapter provides; toasts are the view's `notify`.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';
import { EMPTY_FORM, formOf, type HeartField, type NoteField, type NoteForm, type NoteValues, valuesOf, type VisitNote } from './visit-note.ts';

export interface VisitNoteContext {
  note: VisitNote | null;
  form: NoteForm;
  error: string | null;
  fieldErrors: Record<string, string[]>;
}

export type VisitNoteEvent =
  | { type: 'note.edit'; field: NoteField; value: string }
  | { type: 'note.heart'; field: HeartField; value: string }
  | { type: 'note.save' }
  | { type: 'note.sign' }
  | { type: 'note.retry' };

export const visitNoteMachine = setup({
  types: {
    context: {} as VisitNoteContext,
    events: {} as VisitNoteEvent,
  },
  actors: {
    loadNote: fromPromise<VisitNote, void>(async () => {
      throw new Error('loadNote is provided by the adapter');
    }),
    saveNote: fromPromise<VisitNote, NoteValues>(async () => {
      throw new Error('saveNote is provided by the adapter');
    }),
    signNote: fromPromise<VisitNote, void>(async () => {
      throw new Error('signNote is provided by the adapter');
    }),
  },
  actions: {
    setNote: assign((_, params: { note: VisitNote }) => ({ note: params.note, form: formOf(params.note), error: null, fieldErrors: {} })),
    edit: assign(({ context, event }) => (event.type === 'note.edit' ? { form: { ...context.form, [event.field]: event.value } } : {})),
    editHeart: assign(({ context, event }) =>
      event.type === 'note.heart' ? { form: { ...context.form, heart: { ...context.form.heart, [event.field]: event.value } } } : {},
    ),
    setError: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { error: failure.message, fieldErrors: failure.fieldErrors };
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
    notify: (_, _params: { what: 'saved' | 'signed' }) => {},
  },
  guards: {
    isSigned: (_, params: { note: VisitNote }) => params.note.status === 'signed',
    hasOutcome: ({ context }) => context.form.outcome !== '',
  },
}).createMachine({
  id: 'visitNote',
  context: { note: null, form: EMPTY_FORM, error: null, fieldErrors: {} },
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadNote',
        src: 'loadNote',
        onDone: [
          {
            guard: { type: 'isSigned', params: ({ event }) => ({ note: event.output }) },
            target: 'locked',
            actions: { type: 'setNote', params: ({ event }) => ({ note: event.output }) },
          },
          { target: 'editing', actions: { type: 'setNote', params: ({ event }) => ({ note: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'note.retry': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      on: {
        'note.edit': { actions: 'edit' },
        'note.heart': { actions: 'editHeart' },
        'note.save': 'saving',
        'note.sign': { guard: 'hasOutcome', target: 'signing' },
      },
    },
    saving: {
      tags: 'pending',
      invoke: {
        id: 'saveNote',
        src: 'saveNote',
        input: ({ context }) => valuesOf(context.form),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'setNote', params: ({ event }) => ({ note: event.output }) },
            { type: 'notify', params: { what: 'saved' } },
          ],
        },
        onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signing: {
      tags: 'pending',
      initial: 'saving',
      states: {
        saving: {
          invoke: {
            id: 'saveNote',
            src: 'saveNote',
            input: ({ context }) => valuesOf(context.form),
            onDone: { target: 'sealing', actions: { type: 'setNote', params: ({ event }) => ({ note: event.output }) } },
            onError: { target: '#visitNote.editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        sealing: {
          invoke: {
            id: 'signNote',
            src: 'signNote',
            onDone: {
              target: '#visitNote.locked',
              actions: [
                { type: 'setNote', params: ({ event }) => ({ note: event.output }) },
                { type: 'notify', params: { what: 'signed' } },
              ],
            },
            onError: { target: '#visitNote.editing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    // Signed by its author: read only, like a therapy visit note.
    locked: {},
  },
});
