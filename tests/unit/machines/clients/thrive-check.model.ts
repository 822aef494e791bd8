// The thrive check's model: the history and profile load (or fail), a check is scored and stored
// by the server or refused with field reasons, check again; and read-only (a SUPER_ADMIN in the
// client's portal), where the stored checks show and a submitted check is never taken.
import { thriveCheckMachine } from '../../../../machines/clients/thrive-check-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const STORED = { id: 1, taken_at: '2026-11-22T00:00:00Z', points: 8, band: '12.1' };
export const PROFILE = { gender: 'F', date_of_birth: '1985-06-15' };

export const model: MachineModel = {
  machine: thriveCheckMachine,
  specs: [
    {
      input: { clientId: '7' },
      events: [{ type: 'check.submit', input: { sex: 'male', age: '50' } }, { type: 'check.again' }, { type: 'check.retry' }],
      outcomes: {
        loadHistory: [{ output: { history: [], profile: PROFILE } }, { error: new Error('offline') }],
        submitCheck: [{ output: STORED }, { error: { fieldErrors: { hdl_cholesterol: ['Must be a whole number.'] } } }],
      },
    },
    {
      name: 'read-only',
      input: { clientId: '7', readOnly: true },
      events: [{ type: 'check.submit', input: { sex: 'male', age: '50' } }, { type: 'check.again' }, { type: 'check.retry' }],
      outcomes: {
        loadHistory: [{ output: { history: [STORED], profile: PROFILE } }, { error: new Error('offline') }],
        submitCheck: [{ output: STORED }],
      },
    },
  ],
};
