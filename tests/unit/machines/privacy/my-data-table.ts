// The "Download my data" card's transition table, written by hand from issue 38 ("Access: Download
// my data builds, in the background, one archive ... and tells them when it is ready") and the
// privacy brief (one export under way at a time; the card shows the request's state): the card loads
// (or fails and is tried again); the client, with no export under way, asks for one; the card reads
// the exports afresh saying it was asked for, or refused; the list is read again on request.
import { myDataMachine } from '../../../../machines/privacy/my-data-machine.ts';
import type { TransitionTable } from '../../../support/transition-table.ts';
import { EXPORTS_DONE, EXPORTS_UNDER_WAY } from './my-data.model.ts';

const CLIENT = { clientId: 21, readOnly: false, exports: EXPORTS_DONE, message: null };

const steps = (asks: boolean) => ({
  loading: { 'xstate.done.actor.loadExports': 'shown / show', 'xstate.error.actor.loadExports': 'failed' },
  failed: { 'data.retry': 'loading' },
  shown: { 'data.refresh': 'loading / quiet', ...(asks ? { 'data.request': 'requesting / quiet' } : {}) } as Record<string, string>,
  requesting: { 'xstate.done.actor.requestExport': 'loading / requested', 'xstate.error.actor.requestExport': 'loading / requestFailed' },
});

export const myDataTable: TransitionTable = {
  chart: myDataMachine,
  source: 'issue 38 (Access: Download my data, built in the background) and the privacy brief (one under way at a time)',
  statuses: ['loading', 'failed', 'shown', 'requesting'],
  verbs: [
    'data.retry',
    'data.request',
    'data.refresh',
    'xstate.done.actor.loadExports',
    'xstate.error.actor.loadExports',
    'xstate.done.actor.requestExport',
    'xstate.error.actor.requestExport',
  ],
  cases: [
    { name: 'the client, none under way', context: CLIENT, extras: { output: EXPORTS_DONE }, start: 'loading', steps: steps(true) },
    { name: 'the client, never asked before', context: { ...CLIENT, exports: [] }, extras: { output: [] }, steps: steps(true) },
    { name: 'the client, one being prepared', context: { ...CLIENT, exports: EXPORTS_UNDER_WAY }, extras: { output: EXPORTS_UNDER_WAY }, steps: steps(false) },
    { name: 'a SUPER_ADMIN reading the portal', context: { ...CLIENT, readOnly: true }, extras: { output: EXPORTS_DONE }, steps: steps(false) },
  ],
};
