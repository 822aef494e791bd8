// The funnel chart's model: each end of the range moved to a good date and to one the server
// would refuse (after the end, missing, more than a year), a reload, a retry, and the fetch
// answering with figures or failing. One path per (state, event, date, answer).
import type { AnyEventObject } from 'xstate';
import { type FunnelFigures, funnelMachine } from '../../../../machines/discovery/funnel-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const TODAY = '2026-11-23';
export const FIGURES: FunnelFigures = {
  date_from: '2026-08-25',
  date_to: TODAY,
  stages: [
    { stage: 'new', count: 12 },
    { stage: 'enrol', count: 3 },
  ],
  by_source: [{ source: 'website_form', prospects: 8, converted: 2 }],
  by_owner: [{ owner: 7, name: 'Meera Coach', prospects: 12, converted: 3 }],
};
export const FAILURE = { message: 'Server error: The server encountered an error. Please try again later.', fieldErrors: {}, status: 500 };

export const EVENTS: AnyEventObject[] = [
  { type: 'funnel.from', date: '2026-10-01' },
  { type: 'funnel.from', date: '2026-12-01' },
  { type: 'funnel.from', date: '2020-01-01' },
  { type: 'funnel.to', date: '2026-11-01' },
  { type: 'funnel.to', date: '' },
  { type: 'funnel.reload' },
  { type: 'funnel.retry' },
];

export const model: MachineModel = {
  machine: funnelMachine,
  specs: [
    {
      input: { today: TODAY },
      events: EVENTS,
      outcomes: { fetchFunnel: [{ output: FIGURES }, { error: FAILURE }] },
      edgeKey: (snapshot, event) =>
        `${JSON.stringify(snapshot.value)}|${event.type}|${'date' in event ? event.date : ''}|${'output' in event ? 'done' : 'error' in event ? 'error' : ''}`,
      describeEvent: (event) => `${event.type}${'date' in event ? ` ${event.date || '(empty)'}` : ''}`,
    },
  ],
};
