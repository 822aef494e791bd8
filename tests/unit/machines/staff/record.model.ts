// The staff record machine's model: a load that succeeds or fails (a 404 or a server error),
// retry after a failure, reload of a shown record.
import { recordMachine } from '../../../../machines/staff/record-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const CLIENT = { id: 12, first_name: 'Kavya' };
export const MISSING = { message: 'Not found.', fieldErrors: {}, status: 404 };
export const NO_ANSWER = new Error('Network error: Unable to connect to the API server. Please check your internet connection or contact support.');

export const model: MachineModel = {
  machine: recordMachine,
  specs: [
    {
      events: [{ type: 'record.reload' }, { type: 'record.retry' }],
      outcomes: { load: [{ output: CLIENT }, { error: MISSING }, { error: NO_ANSWER }] },
    },
  ],
};
