// @vitest-environment happy-dom
// The staff record chart's model paths replayed on the portal's completed sessions card
// (/user/home/{clientId}), a view with one record: the real card, hook and adapter; the chart's
// load settles as each path says, with the model's outcomes (found, missing, no answer) but the
// sessions list the card reads in place of the model's client. The person retries through the
// card; a reload is the owning page's call, sent as the hook sends it. After every step the card
// shows what the chart holds: the busy line while nothing is shown yet, the failure with its
// retry, the sessions (kept while reloading), or the empty line.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { recordSelectors } from '../../../../machines/staff/selectors.ts';
import { CompletedSessionsSection } from '../../../../src/features/visits/completed-sessions.tsx';
import { SESSIONS_TEXT as T } from '../../../../src/features/visits/sessions-texts.ts';
import type { MachineModel } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { CLIENT, model } from './record.model.ts';

const SESSIONS = [
  { id: 7, therapy: 'hbot', therapy_name: 'HBOT', date: '2026-11-20T05:30:00Z', duration_minutes: 75, staff_first_name: 'Meera' },
  { id: 5, therapy: 'fir', therapy_name: 'FIR sauna', date: '2026-11-12T06:00:00Z', duration_minutes: null, staff_first_name: null },
];

// The model's paths with the card's data in place of the client: the same chart, events and outcomes.
const onCard: MachineModel = {
  ...model,
  specs: model.specs.map((spec) => ({
    ...spec,
    outcomes: { load: spec.outcomes!.load.map((o) => ('output' in o && o.output === CLIENT ? { output: SESSIONS } : o)) },
  })),
};

describeReplayOnView('the completed sessions card (staff record)', {
  model: onCard,
  mount: (_path, wrap) => renderPage(wrap(<CompletedSessionsSection clientId="42" />), { path: '/user/home/42', answer: () => undefined }),
  drive: async (event) => {
    const retry = event.type === 'record.retry' && screen.queryByRole('button', { name: T.retry });
    if (retry) await step(() => fireEvent.click(retry));
    return !!retry;
  },
  expectScreen: (snapshot) => {
    const data = recordSelectors.data(snapshot) as typeof SESSIONS | null;
    expect(screen.queryByText(T.loadFailed) !== null, 'the failure').toBe(recordSelectors.isFailed(snapshot));
    expect(screen.queryByRole('button', { name: T.retry }) !== null, 'retry').toBe(recordSelectors.isFailed(snapshot));
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the busy line').toBe(recordSelectors.isLoading(snapshot) && data === null);
    const list = screen.queryByRole('list', { name: T.title });
    expect(list ? within(list).getAllByRole('listitem').length : 0, 'the sessions shown').toBe(data?.length ?? 0);
    expect(screen.queryByText(T.empty) !== null, 'the empty line').toBe(data?.length === 0);
  },
});
