// The portal home's model: the data loads together, or fails and is retried; the client's opening
// is counted once beside it (a reader's is not counted at all).
import { homeMachine } from '../../../../machines/clients/home-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

// The home as the adapter loads it (the page renders every part), for a client with nothing yet.
export const loadedHome = { profile: { first_name: 'Asha', hipaa_consent: false }, enrollments: [], programs: [], checks: [] };

const outcomes = {
  loadHome: [{ output: loadedHome }, { error: new Error('offline') }],
  recordVisit: [{ output: { firstVisit: true } }, { error: new Error('offline') }],
};

export const model: MachineModel = {
  machine: homeMachine,
  specs: [
    { name: 'the client', input: { clientId: '7', countsVisit: true }, events: [{ type: 'home.retry' }], outcomes },
    { name: 'a reader', input: { clientId: '7', countsVisit: false }, events: [{ type: 'home.retry' }], outcomes },
  ],
};
