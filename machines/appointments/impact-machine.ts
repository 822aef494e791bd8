// Saving a change to the clinic's rules (a service, someone's hours, the opening hours) with the
// impact check first: the server lists the booked appointments the change would break; with none
// the change is saved at once, otherwise the administrator decides — keep them as exceptions
// (save, appointments untouched), cancel them and tell the clients (save, then cancel), or drop
// the change. Nothing is written before that decision. The calls are actors from the adapter.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf, type FieldErrors } from '../rules/failure.ts';

export interface ImpactedAppointment {
  appointment: { id: number; start: string; end: string; client: number; staff: number; service_name: string; status: string };
  reasons: string[];
}

export interface ImpactPreview {
  total: number;
  appointments: ImpactedAppointment[];
}

export interface ImpactContext {
  /** The change as the adapter sends it (a service patch, an hours patch). */
  change: unknown;
  impact: ImpactPreview | null;
  reason: string;
  error: string | null;
  fieldErrors: FieldErrors;
}

export type ImpactEvent =
  | { type: 'change.save'; change: unknown }
  | { type: 'impact.keep' }
  | { type: 'impact.cancelAppointments'; reason: string }
  | { type: 'impact.abandon' }
  | { type: 'change.dismiss' };

export const impactMachine = setup({
  types: {
    context: {} as ImpactContext,
    events: {} as ImpactEvent,
  },
  actors: {
    previewImpact: fromPromise<ImpactPreview, { change: unknown }>(async () => {
      throw new Error('previewImpact is provided by the adapter');
    }),
    applyChange: fromPromise<unknown, { change: unknown }>(async () => {
      throw new Error('applyChange is provided by the adapter');
    }),
    cancelImpacted: fromPromise<unknown, { appointments: number[]; reason: string }>(async () => {
      throw new Error('cancelImpacted is provided by the adapter');
    }),
  },
  actions: {
    /** The view's toast and reload once the change is saved (and the appointments handled). */
    notifySaved: (_, _params: { cancelled: number }) => {},
    setFailure: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { error: failure.message, fieldErrors: failure.fieldErrors };
    }),
    // A new change starts its check afresh: nothing of the last one's impact, reason or failure.
    takeChange: assign((_, params: { change: unknown }) => ({ change: params.change, impact: null, reason: '', error: null, fieldErrors: {} })),
    setImpact: assign((_, params: { impact: ImpactPreview }) => ({ impact: params.impact })),
    setReason: assign((_, params: { reason: string }) => ({ reason: params.reason.trim() })),
    forgetImpact: assign({ impact: null }),
    startOver: assign({ impact: null, reason: '', error: null, fieldErrors: {} }),
  },
  guards: {
    nothingImpacted: (_, params: { impact: ImpactPreview }) => params.impact.total === 0,
    cancelling: ({ context }) => context.reason !== '',
  },
}).createMachine({
  id: 'impact',
  context: { change: null, impact: null, reason: '', error: null, fieldErrors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'change.save': { target: 'checking', actions: { type: 'takeChange', params: ({ event }) => ({ change: event.change }) } },
      },
    },
    checking: {
      tags: 'pending',
      invoke: {
        id: 'previewImpact',
        src: 'previewImpact',
        input: ({ context }) => ({ change: context.change }),
        onDone: [
          {
            guard: { type: 'nothingImpacted', params: ({ event }) => ({ impact: event.output }) },
            target: 'saving',
            actions: { type: 'setImpact', params: ({ event }) => ({ impact: event.output }) },
          },
          { target: 'deciding', actions: { type: 'setImpact', params: ({ event }) => ({ impact: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deciding: {
      on: {
        'impact.keep': 'saving',
        'impact.cancelAppointments': { target: 'saving', actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) } },
        'impact.abandon': { target: 'editing', actions: 'forgetImpact' },
      },
    },
    saving: {
      tags: 'pending',
      invoke: {
        id: 'applyChange',
        src: 'applyChange',
        input: ({ context }) => ({ change: context.change }),
        onDone: [
          { guard: 'cancelling', target: 'cancelling' },
          { target: 'saved', actions: { type: 'notifySaved', params: { cancelled: 0 } } },
        ],
        onError: { target: 'editing', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    cancelling: {
      tags: 'pending',
      invoke: {
        id: 'cancelImpacted',
        src: 'cancelImpacted',
        input: ({ context }) => ({ appointments: context.impact!.appointments.map((a) => a.appointment.id), reason: context.reason }),
        onDone: { target: 'saved', actions: { type: 'notifySaved', params: ({ context }) => ({ cancelled: context.impact!.appointments.length }) } },
        // The change itself is saved; only the cancellations failed: say so, and let them be retried from the calendar.
        onError: { target: 'saved', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      on: {
        'change.dismiss': { target: 'editing', actions: 'startOver' },
        'change.save': { target: 'checking', actions: { type: 'takeChange', params: ({ event }) => ({ change: event.change }) } },
      },
    },
  },
});
