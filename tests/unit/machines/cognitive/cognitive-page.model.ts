// The cognitive page's model: results load (or fail and are retried); the client starts a run
// (or starting fails) or resumes the open one, takes the battery, and the results load again;
// read-only (a SUPER_ADMIN in the client's portal) only reads.
import { cognitivePageMachine, type Results } from '../../../../machines/cognitive/cognitive-page-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const RUN = { id: 3, seed: 42, status: 'in_progress' as const, progress: { tasks: [] } };
export const OPEN: Results = { runs: [{ ...RUN, status: 'paused' }], instruments: [] };
export const NONE: Results = { runs: [], instruments: [] };

const events = [{ type: 'page.start' }, { type: 'page.resume' }, { type: 'page.retry' }];
const failed = { error: { message: 'offline', fieldErrors: {}, status: 0 } };

export const model: MachineModel = {
  machine: cognitivePageMachine,
  specs: [
    {
      name: 'nothing open',
      input: { clientId: '7' },
      events,
      outcomes: { loadResults: [{ output: NONE }, failed], startRun: [{ output: RUN }, failed], battery: [{ output: undefined }] },
    },
    {
      name: 'a run open',
      input: { clientId: '7' },
      events,
      outcomes: { loadResults: [{ output: OPEN }], startRun: [{ output: RUN }], battery: [{ output: undefined }] },
    },
    { name: 'read-only', input: { clientId: '7', readOnly: true }, events, outcomes: { loadResults: [{ output: OPEN }, failed] } },
  ],
};
