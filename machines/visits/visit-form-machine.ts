// The therapy visit page's chart: load the visit, then either edit it (a signed or aborted visit
// is `locked`: read only, addenda only) or chart it. Nothing typed is lost: every change schedules
// a save 1.5 s later (within the 2 s the clinic asked for), and this device's unsent changes are
// kept on the device (`storeDraft`, the adapter's storage) until the server has them, so a reload
// or a closed tab loses nothing: on opening the visit they are replayed onto the server's current
// version by the conflict rule (`restoring`, visit-rebase.ts). A save with no answer (`offline`)
// or a 5xx (`retrying`) keeps the changes and is tried again after 1 s, 2 s, 4 s … at most 30 s,
// and at once when the browser says the connection is back; a save the server refuses because
// another device changed the visit is a `conflict`, never an overwrite: reloading reads theirs
// and replays this device's own changes onto it. Status steps (start, complete, sign, abort) first
// save what is on screen, then ask the server, which decides with the same visit chart. Screening
// is recorded from the page and the visit read again. The calls are actors the adapter provides.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';
import type { Therapy } from './therapy-fields.ts';
import { changesOf, rebaseForm, replayChanges, type VisitChanges } from './visit-rebase.ts';
import {
  type AdverseEventEntry,
  EMPTY_VISIT_FORM,
  type FormIngredient,
  formOf,
  formWithSessionTimes,
  type Section,
  sectionsOf,
  type VisitEventEntry,
  type VisitForm,
  type VisitRecord,
  type VisitSections,
  withParameters,
} from './visit-form.ts';

export interface VisitFormContext {
  visit: VisitRecord | null;
  form: VisitForm;
  /** The form as the server last stored it: what this device's changes are counted from. */
  base: VisitForm;
  /** After a conflict, the fields both devices changed, kept as the other device saved them. */
  kept: string[];
  /** Changes typed while a save was in flight: saved again once it answers. */
  pending: boolean;
  /** Saves that found no answer or a 5xx in a row: the next try waits longer (retryDelay). */
  attempts: number;
  /** The step asked for, sent once what is on screen is saved. */
  move: MoveRequest | null;
  error: string | null;
  fieldErrors: Record<string, string[]>;
}

export interface RecipeChoice {
  id: number;
  base_fluid: string;
  bag_volume: number;
  ingredients: Array<{ item: string; dose: number; unit: string }>;
}

export interface MoveRequest {
  to: 'in_progress' | 'completed' | 'signed' | 'aborted';
  reason?: string;
  override_reason?: string;
}

export type VisitFormEvent =
  | { type: 'form.edit'; section: Section; field: string; value: string }
  | { type: 'form.notes'; value: string }
  | { type: 'form.recipe'; recipe: RecipeChoice }
  | { type: 'form.lot'; index: number; lot: string }
  | { type: 'form.addEvent'; entry: VisitEventEntry }
  | { type: 'form.addAdverse'; entry: AdverseEventEntry }
  | { type: 'visit.copyLast' }
  | ({ type: 'visit.move' } & MoveRequest)
  | { type: 'screen.record'; answers: Record<string, boolean> }
  | { type: 'screen.override'; reason: string }
  | { type: 'visit.addendum'; text: string }
  | { type: 'visit.reload' }
  /** The browser says the connection is back (the adapter's watchConnection). */
  | { type: 'connection.online' };

/** The wait before trying a failed save again: 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelay = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 30_000);

const CLOSED = ['signed', 'aborted'];

/** What is on screen and not on the server, kept on the device (or forgotten once nothing is left). */
const keep = { type: 'storeDraft', params: ({ context }: { context: VisitFormContext }) => ({ changes: changesOf(context.base, context.form) }) } as const;
const forget = { type: 'storeDraft', params: { changes: null } } as const;

/** While a save waits to be tried again, changes are taken and kept; the try already planned saves them. */
const QUEUED = {
  'form.edit': { actions: ['edit', keep] },
  'form.notes': { actions: ['editNotes', keep] },
  'form.recipe': { actions: ['chooseRecipe', keep] },
  'form.lot': { actions: ['chooseLot', keep] },
  'form.addEvent': { actions: ['addEvent', keep] },
  'form.addAdverse': { actions: ['addAdverse', keep] },
} as const;

export const visitFormMachine = setup({
  types: {
    context: {} as VisitFormContext,
    events: {} as VisitFormEvent,
  },
  actors: {
    loadVisit: fromPromise<VisitRecord, void>(async () => {
      throw new Error('loadVisit is provided by the adapter');
    }),
    saveVisit: fromPromise<VisitRecord, { version: number; sections: VisitSections }>(async () => {
      throw new Error('saveVisit is provided by the adapter');
    }),
    moveVisit: fromPromise<VisitRecord, MoveRequest>(async () => {
      throw new Error('moveVisit is provided by the adapter');
    }),
    loadPrevious: fromPromise<Record<string, unknown>, void>(async () => {
      throw new Error('loadPrevious is provided by the adapter');
    }),
    recordScreen: fromPromise<unknown, { therapy: Therapy; answers: Record<string, boolean> }>(async () => {
      throw new Error('recordScreen is provided by the adapter');
    }),
    overrideScreen: fromPromise<unknown, { screen: number; reason: string }>(async () => {
      throw new Error('overrideScreen is provided by the adapter');
    }),
    addAddendum: fromPromise<VisitRecord, { text: string }>(async () => {
      throw new Error('addAddendum is provided by the adapter');
    }),
    /** The unsent changes this device kept for the visit (null: none). */
    readDraft: fromPromise<VisitChanges | null, void>(async () => {
      throw new Error('readDraft is provided by the adapter');
    }),
    /** Sends `connection.online` when the browser is back online. */
    watchConnection: fromCallback(() => undefined),
  },
  actions: {
    /** Keeps this device's unsent changes on the device, or forgets them (null: all saved). Provided by the adapter. */
    storeDraft: (_, _params: { changes: VisitChanges | null }) => {},
    /** A visit read or stepped: the form shows what the server stored. */
    setVisit: assign((_, params: { visit: VisitRecord }) => {
      // The session clocks an open chart starts with count as read, not as typed: nothing is saved on opening.
      const form = formWithSessionTimes(params.visit);
      return { visit: params.visit, form, base: form, kept: [], pending: false, attempts: 0, error: null, fieldErrors: {} };
    }),
    /** A save answered: the version moves on, the form keeps what was typed meanwhile. */
    setSaved: assign((_, params: { visit: VisitRecord }) => ({ visit: params.visit, base: formOf(params.visit), attempts: 0, error: null, fieldErrors: {} })),
    /** The changes kept on this device, replayed onto the version just read (what both changed keeps the server's). */
    restore: assign(({ context }, params: { changes: VisitChanges }) => {
      const { form, kept } = replayChanges(params.changes, context.base);
      return { form, kept };
    }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    /** The other device's version, with this device's own changes replayed onto it. */
    rebase: assign(({ context }, params: { visit: VisitRecord }) => {
      const theirs = formOf(params.visit);
      const { form, kept } = rebaseForm(context.base, context.form, theirs);
      return { visit: params.visit, form, base: theirs, kept, pending: false, error: null, fieldErrors: {} };
    }),
    edit: assign(({ context, event }) => {
      if (event.type !== 'form.edit') return {};
      return { form: { ...context.form, [event.section]: { ...context.form[event.section], [event.field]: event.value } } };
    }),
    editNotes: assign(({ context, event }) => (event.type === 'form.notes' ? { form: { ...context.form, notes: event.value } } : {})),
    chooseRecipe: assign(({ context, event }) => {
      if (event.type !== 'form.recipe') return {};
      const r = event.recipe;
      const ingredients: FormIngredient[] = r.ingredients.map((i) => ({ item: i.item, dose: String(i.dose), unit: i.unit, lot: '' }));
      return {
        form: {
          ...context.form,
          parameters: { ...context.form.parameters, recipe: String(r.id), base_fluid: r.base_fluid, bag_volume: String(r.bag_volume) },
          ingredients,
        },
      };
    }),
    chooseLot: assign(({ context, event }) => {
      if (event.type !== 'form.lot') return {};
      return { form: { ...context.form, ingredients: context.form.ingredients.map((i, n) => (n === event.index ? { ...i, lot: event.lot } : i)) } };
    }),
    addEvent: assign(({ context, event }) =>
      event.type === 'form.addEvent' ? { form: { ...context.form, events: [...context.form.events, event.entry] } } : {},
    ),
    addAdverse: assign(({ context, event }) =>
      event.type === 'form.addAdverse' ? { form: { ...context.form, adverse_events: [...context.form.adverse_events, event.entry] } } : {},
    ),
    copyParameters: assign(({ context }, params: { parameters: Record<string, unknown> }) => ({
      form: context.visit ? withParameters(context.form, context.visit.therapy, params.parameters) : context.form,
    })),
    setMove: assign(({ event }) =>
      event.type === 'visit.move' ? { move: { to: event.to, reason: event.reason, override_reason: event.override_reason } } : {},
    ),
    markPending: assign({ pending: true }),
    clearPending: assign({ pending: false }),
    setError: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { error: failure.message, fieldErrors: failure.fieldErrors };
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    isClosed: (_, params: { visit: VisitRecord }) => CLOSED.includes(params.visit.status),
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
    isOffline: (_, params: { error: unknown }) => failureOf(params.error).status === 0,
    isUnavailable: (_, params: { error: unknown }) => (failureOf(params.error).status ?? 0) >= 500,
    restores: ({ context }, params: { changes: VisitChanges | null }) => params.changes !== null && replayChanges(params.changes, context.base).replayed,
    hasChanges: (_, params: { changes: VisitChanges | null }) => params.changes !== null,
    hasPending: ({ context }) => context.pending,
    replays: ({ context }, params: { visit: VisitRecord }) => rebaseForm(context.base, context.form, formOf(params.visit)).replayed,
    hasScreen: ({ context }) => typeof context.visit?.screen?.id === 'number',
  },
  delays: {
    autosave: 1500,
    retry: ({ context }) => retryDelay(context.attempts),
  },
}).createMachine({
  id: 'visitForm',
  context: { visit: null, form: EMPTY_VISIT_FORM, base: EMPTY_VISIT_FORM, kept: [], pending: false, attempts: 0, move: null, error: null, fieldErrors: {} },
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadVisit',
        src: 'loadVisit',
        onDone: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ visit: event.output }) },
            target: 'locked',
            actions: { type: 'setVisit', params: ({ event }) => ({ visit: event.output }) },
          },
          { target: 'restoring', actions: { type: 'setVisit', params: ({ event }) => ({ visit: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Changes this device kept and never got saved (a reload, a closed tab, no connection) are
    // replayed onto the version just read by the conflict rule, then saved; a field the server
    // changed since keeps the server's value and is named. Nothing kept, or unreadable: as read.
    restoring: {
      tags: 'pending',
      invoke: {
        id: 'readDraft',
        src: 'readDraft',
        onDone: [
          {
            guard: { type: 'restores', params: ({ event }) => ({ changes: event.output }) },
            target: 'editing.unsaved',
            actions: [{ type: 'restore', params: ({ event }) => ({ changes: event.output! }) }, keep],
          },
          // Everything kept is on the server already, or lost to the server's newer values (named).
          {
            guard: { type: 'hasChanges', params: ({ event }) => ({ changes: event.output }) },
            target: 'editing',
            actions: [{ type: 'restore', params: ({ event }) => ({ changes: event.output! }) }, forget],
          },
          { target: 'editing' },
        ],
        onError: 'editing',
      },
    },
    failed: {
      on: { 'visit.reload': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      initial: 'saved',
      on: {
        'form.edit': { target: '.unsaved', actions: ['edit', keep] },
        'form.notes': { target: '.unsaved', actions: ['editNotes', keep] },
        'form.recipe': { target: '.unsaved', actions: ['chooseRecipe', keep] },
        'form.lot': { target: '.unsaved', actions: ['chooseLot', keep] },
        'form.addEvent': { target: '.unsaved', actions: ['addEvent', keep] },
        'form.addAdverse': { target: '.unsaved', actions: ['addAdverse', keep] },
        'visit.copyLast': '.copying',
        'visit.move': { target: 'moving', actions: 'setMove' },
        'screen.record': 'screening',
        'screen.override': { target: 'overriding', guard: 'hasScreen' },
      },
      states: {
        saved: {},
        // Re-entered on every change, so the save waits for a pause in typing.
        unsaved: {
          after: { autosave: 'saving' },
        },
        saving: {
          tags: 'saving',
          on: {
            'form.edit': { actions: ['edit', keep, 'markPending'] },
            'form.notes': { actions: ['editNotes', keep, 'markPending'] },
            'form.recipe': { actions: ['chooseRecipe', keep, 'markPending'] },
            'form.lot': { actions: ['chooseLot', keep, 'markPending'] },
            'form.addEvent': { actions: ['addEvent', keep, 'markPending'] },
            'form.addAdverse': { actions: ['addAdverse', keep, 'markPending'] },
            // A step waits for the save in flight (its answer carries the version).
            'visit.move': {},
            'visit.copyLast': {},
          },
          invoke: {
            id: 'saveVisit',
            src: 'saveVisit',
            input: ({ context }) => ({ version: context.visit!.version, sections: sectionsOf(context.form, context.visit!.therapy) }),
            onDone: [
              {
                guard: 'hasPending',
                target: 'unsaved',
                actions: [{ type: 'setSaved', params: ({ event }) => ({ visit: event.output }) }, 'clearPending', keep],
              },
              // The server has all that was sent: nothing stays on the device.
              { target: 'saved', actions: [{ type: 'setSaved', params: ({ event }) => ({ visit: event.output }) }, forget] },
            ],
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                target: '#visitForm.conflict',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
              { guard: { type: 'isOffline', params: ({ event }) => ({ error: event.error }) }, target: 'offline', actions: ['clearPending', 'countAttempt'] },
              {
                guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
                target: 'retrying',
                actions: ['clearPending', 'countAttempt'],
              },
              { target: 'refused', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'clearPending'] },
            ],
          },
        },
        // No answer: every change stays on screen and on the device, and the save is tried again
        // after retryDelay, or at once when the browser is back online. Typing meanwhile waits
        // for that try.
        offline: {
          tags: 'offline',
          invoke: { id: 'watchConnection', src: 'watchConnection' },
          on: { ...QUEUED, 'connection.online': 'saving' },
          after: { retry: 'saving' },
        },
        // The server failed (5xx): the same, without a connection to wait for.
        retrying: {
          tags: 'retrying',
          on: QUEUED,
          after: { retry: 'saving' },
        },
        // The server named what is wrong; the next change saves again.
        refused: {},
        copying: {
          tags: 'pending',
          invoke: {
            id: 'loadPrevious',
            src: 'loadPrevious',
            onDone: { target: 'unsaved', actions: [{ type: 'copyParameters', params: ({ event }) => ({ parameters: event.output }) }, keep] },
            onError: { target: 'saved', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    moving: {
      tags: 'pending',
      initial: 'saving',
      states: {
        saving: {
          invoke: {
            id: 'saveVisit',
            src: 'saveVisit',
            input: ({ context }) => ({ version: context.visit!.version, sections: sectionsOf(context.form, context.visit!.therapy) }),
            onDone: { target: 'stepping', actions: [{ type: 'setSaved', params: ({ event }) => ({ visit: event.output }) }, forget] },
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                target: '#visitForm.conflict',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
              { target: '#visitForm.editing.refused', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        stepping: {
          invoke: {
            id: 'moveVisit',
            src: 'moveVisit',
            input: ({ context }) => context.move!,
            onDone: [
              {
                guard: { type: 'isClosed', params: ({ event }) => ({ visit: event.output }) },
                target: '#visitForm.locked',
                actions: { type: 'setVisit', params: ({ event }) => ({ visit: event.output }) },
              },
              { target: '#visitForm.editing', actions: { type: 'setVisit', params: ({ event }) => ({ visit: event.output }) } },
            ],
            onError: { target: '#visitForm.editing.refused', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    screening: {
      tags: 'pending',
      invoke: {
        id: 'recordScreen',
        src: 'recordScreen',
        input: ({ context, event }) => ({ therapy: context.visit!.therapy, answers: event.type === 'screen.record' ? event.answers : {} }),
        onDone: 'loading',
        onError: { target: 'editing.refused', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // A doctor overrides the relative contraindication the screen found (the server checks the
    // role and audits it); the visit is read again with the screen overridden.
    overriding: {
      tags: 'pending',
      invoke: {
        id: 'overrideScreen',
        src: 'overrideScreen',
        input: ({ context, event }) => ({ screen: context.visit!.screen!.id, reason: event.type === 'screen.override' ? event.reason : '' }),
        onDone: 'loading',
        onError: { target: 'editing.refused', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Another device changed the visit: shown, never overwritten. What is typed meanwhile is kept;
    // reloading reads theirs and replays this device's own changes onto it, then saves them.
    conflict: {
      on: {
        'form.edit': { actions: ['edit', keep] },
        'form.notes': { actions: ['editNotes', keep] },
        'form.recipe': { actions: ['chooseRecipe', keep] },
        'form.lot': { actions: ['chooseLot', keep] },
        'form.addEvent': { actions: ['addEvent', keep] },
        'form.addAdverse': { actions: ['addAdverse', keep] },
        'visit.reload': 'rebasing',
      },
    },
    rebasing: {
      tags: 'pending',
      invoke: {
        id: 'loadVisit',
        src: 'loadVisit',
        onDone: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ visit: event.output }) },
            target: 'locked',
            actions: { type: 'setVisit', params: ({ event }) => ({ visit: event.output }) },
          },
          {
            guard: { type: 'replays', params: ({ event }) => ({ visit: event.output }) },
            target: 'editing.unsaved',
            actions: [{ type: 'rebase', params: ({ event }) => ({ visit: event.output }) }, keep],
          },
          { target: 'editing', actions: [{ type: 'rebase', params: ({ event }) => ({ visit: event.output }) }, keep] },
        ],
        onError: { target: 'conflict', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Signed (or aborted): read only; a signed visit takes dated addenda.
    locked: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'visit.addendum': 'adding' },
        },
        adding: {
          tags: 'pending',
          invoke: {
            id: 'addAddendum',
            src: 'addAddendum',
            input: ({ event }) => ({ text: event.type === 'visit.addendum' ? event.text : '' }),
            onDone: { target: 'idle', actions: { type: 'setVisit', params: ({ event }) => ({ visit: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
