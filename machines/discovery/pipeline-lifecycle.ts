// A prospect's way through the discovery pipeline: from a new enquiry, through a first contact and
// a discovery visit, to one of the outcomes (enrol, nurture, not a fit, no-show). Any open stage can
// be closed as lost. Enrolling happens only by converting the prospect into a client (the convert
// action sets `converting`), so no plain stage move can claim a conversion that never happened.
import { setup } from 'xstate';

export const PIPELINE_STAGES = ['new', 'contacted', 'discovery_booked', 'discovery_done', 'enrol', 'nurture', 'not_a_fit', 'no_show', 'lost'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** The stages the board shows as columns, in the order a prospect travels. */
export const OPEN_STAGES: readonly PipelineStage[] = ['new', 'contacted', 'discovery_booked', 'discovery_done', 'nurture', 'no_show'];

/** What a stage move may carry: a reason (lost, not a fit), a follow-up date (nurture). */
export interface StageExtras {
  reason?: string;
  nurture_on?: string;
  converting?: boolean;
}

export type PipelineEvent =
  | ({ type: 'prospect.contact' } & StageExtras)
  | ({ type: 'prospect.book' } & StageExtras)
  | ({ type: 'prospect.hold' } & StageExtras)
  | ({ type: 'prospect.no_show' } & StageExtras)
  | ({ type: 'prospect.enrol' } & StageExtras)
  | ({ type: 'prospect.nurture' } & StageExtras)
  | ({ type: 'prospect.not_a_fit' } & StageExtras)
  | ({ type: 'prospect.lose' } & StageExtras);

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

const lose = { target: 'lost', guard: 'hasReason' } as const;

export const pipelineLifecycle = setup({
  types: {
    events: {} as PipelineEvent,
  },
  guards: {
    hasReason: ({ event }) => hasText(event.reason),
    hasFollowUpDate: ({ event }) => isDate(event.nurture_on),
    isConverting: ({ event }) => event.converting === true,
  },
}).createMachine({
  id: 'prospect',
  initial: 'new',
  states: {
    new: {
      on: {
        'prospect.contact': 'contacted',
        'prospect.book': 'discovery_booked',
        'prospect.lose': lose,
      },
    },
    contacted: {
      on: {
        'prospect.book': 'discovery_booked',
        'prospect.nurture': { target: 'nurture', guard: 'hasFollowUpDate' },
        'prospect.lose': lose,
      },
    },
    discovery_booked: {
      on: {
        'prospect.hold': 'discovery_done',
        'prospect.no_show': 'no_show',
        'prospect.lose': lose,
      },
    },
    discovery_done: {
      on: {
        'prospect.enrol': { target: 'enrol', guard: 'isConverting' },
        'prospect.nurture': { target: 'nurture', guard: 'hasFollowUpDate' },
        'prospect.not_a_fit': { target: 'not_a_fit', guard: 'hasReason' },
        'prospect.lose': lose,
      },
    },
    nurture: {
      on: {
        'prospect.contact': 'contacted',
        'prospect.book': 'discovery_booked',
        'prospect.lose': lose,
      },
    },
    no_show: {
      on: {
        'prospect.book': 'discovery_booked',
        'prospect.nurture': { target: 'nurture', guard: 'hasFollowUpDate' },
        'prospect.lose': lose,
      },
    },
    enrol: { type: 'final' },
    not_a_fit: { type: 'final' },
    lost: { type: 'final' },
  },
});
