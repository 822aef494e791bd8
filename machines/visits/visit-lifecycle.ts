// A therapy visit's chart (IV, HBOT, PET, red light, FIR sauna): opened as a draft, started once
// nothing blocks it (screening cleared or overridden by a doctor, no vitals in the blocking range),
// completed once the required sections are filled, then signed by its clinician, which locks it for
// good. After signing the only verb left is a dated addendum, signed by its author; the content of
// a signed visit never changes again. A draft or a running visit can be aborted, with a reason.
// A visit charted for an appointment is neither completed nor signed before that appointment's
// start (`before_appointment`, issue 32); what each step does to the appointment is
// machines/visits/appointment-coupling.ts.
//
// `visit.edit` and `visit.addendum` keep the visit in its status: the server asks the chart whether
// a status accepts them (`visitAccepts`), so "signed refuses edits" is the chart's, not a route's.
import { setup } from 'xstate';

export const VISIT_STATUSES = ['draft', 'in_progress', 'completed', 'signed', 'aborted'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** What a verb may carry: what still blocks a start, what is missing for completion, the signer, a reason or text. */
export interface VisitExtras {
  /** Why the visit may not start yet (e.g. `screening`, `vitals_before.systolic`); empty when nothing blocks it. */
  blockers?: string[];
  /** Required sections still empty (e.g. `vitals_after`); empty when the visit can be completed. */
  missing?: string[];
  signer_id?: number;
  reason?: string;
  text?: string;
  /** True while the visit's appointment has not started yet (its start is still ahead). */
  before_appointment?: boolean;
}

export type VisitVerb = 'visit.start' | 'visit.edit' | 'visit.complete' | 'visit.sign' | 'visit.abort' | 'visit.addendum';
export type VisitEvent = { type: VisitVerb } & VisitExtras;

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

const abort = { target: 'aborted', guard: 'hasReason' } as const;

export const visitLifecycle = setup({
  types: {
    events: {} as VisitEvent,
  },
  guards: {
    nothingBlocks: ({ event }) => isEmptyList(event.blockers),
    hasReason: ({ event }) => hasText(event.reason),
    hasText: ({ event }) => hasText(event.text),
    nothingMissingAndStarted: ({ event }) => isEmptyList(event.missing) && event.before_appointment !== true,
    hasSignerAndStarted: ({ event }) =>
      typeof event.signer_id === 'number' && Number.isInteger(event.signer_id) && event.signer_id > 0 && event.before_appointment !== true,
  },
}).createMachine({
  id: 'therapyVisit',
  initial: 'draft',
  states: {
    draft: {
      on: {
        'visit.edit': 'draft',
        'visit.start': { target: 'in_progress', guard: 'nothingBlocks' },
        'visit.abort': abort,
      },
    },
    in_progress: {
      on: {
        'visit.edit': 'in_progress',
        'visit.complete': { target: 'completed', guard: 'nothingMissingAndStarted' },
        'visit.abort': abort,
      },
    },
    completed: {
      on: {
        'visit.edit': 'completed',
        'visit.sign': { target: 'signed', guard: 'hasSignerAndStarted' },
      },
    },
    signed: {
      on: {
        'visit.addendum': { target: 'signed', guard: 'hasText' },
      },
    },
    aborted: { type: 'final' },
  },
});

/** Whether a visit in `status` accepts `verb` (with what it carries): the chart's answer, for views and the server alike. */
export function visitAccepts(status: string, verb: VisitVerb, extras: VisitExtras = {}): boolean {
  if (!(VISIT_STATUSES as readonly string[]).includes(status)) return false;
  const snapshot = visitLifecycle.resolveState({ value: status, context: undefined as never });
  return snapshot.can({ type: verb, ...extras } as VisitEvent);
}

/** The statuses whose content can still change (the chart accepts `visit.edit`). */
export const EDITABLE_STATUSES: readonly VisitStatus[] = VISIT_STATUSES.filter((s) => visitAccepts(s, 'visit.edit'));
