// The portal home's model: everything loads together, or fails and is retried.
import { homeMachine } from '../../../../machines/portal/home-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const model: MachineModel = {
  machine: homeMachine,
  specs: [
    {
      input: { clientId: '7' },
      events: [{ type: 'home.retry' }],
      outcomes: { loadHome: [{ output: { profile: {} } }, { error: new Error('offline') }] },
    },
  ],
};
