// The back office's tills (Billing tab, ADMIN; issue 35, "The day's close"): the clinic's cash
// points listed oldest first (the first is where money goes when no till is named), a till added
// or one renamed, one at a time. A till is never deleted: renaming it keeps its days, counted or
// closed, and their history. Save is allowed only for a name of 1 to 60 characters that no other
// till has (in any case, as the server's unique index); after a save the list is read again. The
// server's refusal (409 for a name taken meanwhile) is shown in the form. Pure: the calls are the
// adapter's actors.
import { assign, fromPromise, setup } from 'xstate';

export interface BillingTill {
  id: number;
  name: string;
}

/** The till being added (`id` null) or renamed, with the name as typed. */
export interface TillEdit {
  id: number | null;
  name: string;
}

export interface TillsContext {
  tills: BillingTill[];
  editing: TillEdit | null;
  message: string | null;
}

export type TillsEvent =
  | { type: 'tills.retry' }
  | { type: 'tills.add' }
  | { type: 'tills.rename'; id: number }
  | { type: 'tills.name'; value: string }
  | { type: 'tills.cancel' }
  | { type: 'tills.save' };

/** The longest till name the contract takes. */
export const TILL_NAME_MAX = 60;

export const TILL_NAME_PROBLEMS = {
  empty: 'Name the till.',
  tooLong: `At most ${TILL_NAME_MAX} characters.`,
  taken: 'Another till has this name.',
} as const;

/** The names compared as the server's unique index does: trimmed, in any case. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why `edit` cannot be saved among `tills`, or null. */
export function tillNameProblem(edit: TillEdit, tills: BillingTill[]): string | null {
  const name = edit.name.trim();
  if (name === '') return TILL_NAME_PROBLEMS.empty;
  if (name.length > TILL_NAME_MAX) return TILL_NAME_PROBLEMS.tooLong;
  if (tills.some((t) => t.id !== edit.id && sameName(t.name, name))) return TILL_NAME_PROBLEMS.taken;
  return null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const tillsMachine = setup({
  types: {
    context: {} as TillsContext,
    events: {} as TillsEvent,
  },
  actors: {
    loadTills: fromPromise<BillingTill[]>(async () => {
      throw new Error('loadTills not provided');
    }),
    saveTill: fromPromise<void, TillEdit>(async () => {
      throw new Error('saveTill not provided');
    }),
  },
  guards: {
    canSave: ({ context }) => context.editing !== null && tillNameProblem(context.editing, context.tills) === null,
    tillKnown: ({ context }, params: { id: number }) => context.tills.some((t) => t.id === params.id),
  },
  actions: {
    showTills: assign((_, tills: BillingTill[]) => ({ tills, editing: null })),
    startAdding: assign({ editing: { id: null, name: '' }, message: null }),
    startRenaming: assign(({ context }, params: { id: number }) => ({
      editing: { id: params.id, name: context.tills.find((t) => t.id === params.id)!.name },
      message: null,
    })),
    setName: assign(({ context }, value: string) => ({ editing: context.editing && { ...context.editing, name: value } })),
    stopEditing: assign({ editing: null, message: null }),
    clearMessage: assign({ message: null }),
    showRefusal: assign((_, params: { error: unknown }) => ({ message: errorText(params.error) })),
  },
}).createMachine({
  id: 'billingTills',
  context: { tills: [], editing: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTills',
        src: 'loadTills',
        onDone: { target: 'ready', actions: { type: 'showTills', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { 'tills.retry': 'loading' } },
    ready: {
      on: {
        'tills.add': { target: 'editing', actions: 'startAdding' },
        'tills.rename': {
          target: 'editing',
          guard: { type: 'tillKnown', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'startRenaming', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    editing: {
      on: {
        'tills.name': { actions: { type: 'setName', params: ({ event }) => event.value } },
        'tills.cancel': { target: 'ready', actions: 'stopEditing' },
        'tills.save': { target: 'saving', guard: 'canSave', actions: 'clearMessage' },
      },
    },
    saving: {
      invoke: {
        id: 'saveTill',
        src: 'saveTill',
        input: ({ context }) => context.editing!,
        onDone: { target: 'loading', actions: 'stopEditing' },
        onError: { target: 'editing', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
