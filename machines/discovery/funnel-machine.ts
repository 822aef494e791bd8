// The /discovery funnel: the date range it is drawn for lives here (not in the view), and every
// change of it asks the server again (GET discovery/funnel?date_from&date_to). A range the server
// would refuse (a missing date, the end before the start, more than a year) is never sent: the
// chart waits in `invalid` with the reason until it is mended. A change or a reload while a fetch
// is in flight starts the fetch again, so the figures shown are always those of the range shown
// and of the pipeline after the last change. The fetch is an actor the adapter provides.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';
import { defaultRange, type FunnelRange, rangeProblem } from './funnel-range.ts';
import type { PipelineStage } from './pipeline-lifecycle.ts';

/** The figures the server answers for a range. */
export interface FunnelFigures {
  date_from: string;
  date_to: string;
  stages: Array<{ stage: PipelineStage; count: number }>;
  by_source: Array<{ source: string; prospects: number; converted: number }>;
  by_owner: Array<{ owner: number | null; name: string; prospects: number; converted: number }>;
}

export interface FunnelContext {
  range: FunnelRange;
  figures: FunnelFigures | null;
  error: string | null;
  problem: { field: 'date_from' | 'date_to'; reason: string } | null;
}

export type FunnelEvent = { type: 'funnel.from'; date: string } | { type: 'funnel.to'; date: string } | { type: 'funnel.reload' } | { type: 'funnel.retry' };

const rangeAfter = (range: FunnelRange, event: FunnelEvent): FunnelRange =>
  event.type === 'funnel.from' ? { ...range, from: event.date } : event.type === 'funnel.to' ? { ...range, to: event.date } : range;

export const funnelMachine = setup({
  types: {
    context: {} as FunnelContext,
    events: {} as FunnelEvent,
    input: {} as { today: string },
  },
  actors: {
    fetchFunnel: fromPromise<FunnelFigures, FunnelRange>(async () => {
      throw new Error('fetchFunnel is provided by the adapter');
    }),
  },
  actions: {
    setRange: assign(({ context, event }) => {
      const range = rangeAfter(context.range, event);
      return { range, problem: rangeProblem(range) };
    }),
    setFigures: assign((_, params: { figures: FunnelFigures }) => ({ figures: params.figures, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error).message })),
  },
  guards: {
    isRangeAskable: ({ context, event }) => rangeProblem(rangeAfter(context.range, event)) === null,
  },
}).createMachine({
  id: 'funnel',
  context: ({ input }) => {
    const range = defaultRange(input.today);
    return { range, figures: null, error: null, problem: rangeProblem(range) };
  },
  initial: 'loading',
  on: {
    'funnel.from': [
      { guard: 'isRangeAskable', target: '.loading', actions: 'setRange' },
      { target: '.invalid', actions: 'setRange' },
    ],
    'funnel.to': [
      { guard: 'isRangeAskable', target: '.loading', actions: 'setRange' },
      { target: '.invalid', actions: 'setRange' },
    ],
  },
  states: {
    loading: {
      tags: 'pending',
      on: { 'funnel.reload': { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchFunnel',
        src: 'fetchFunnel',
        input: ({ context }) => context.range,
        onDone: { target: 'ready', actions: { type: 'setFigures', params: ({ event }) => ({ figures: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: { 'funnel.reload': 'loading' },
    },
    failed: {
      on: { 'funnel.retry': 'loading', 'funnel.reload': 'loading' },
    },
    // Nothing to ask until the range is mended (a reload after a write waits for that too).
    invalid: {},
  },
});
