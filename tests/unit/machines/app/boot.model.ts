// The boot machine's model: /config.json loads, has no user pool, or does not answer at all.
import { bootMachine } from '../../../../machines/app/boot-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const model: MachineModel = {
  machine: bootMachine,
  specs: [
    {
      events: [{ type: 'boot.retry' }],
      outcomes: { loadConfiguration: [{ output: { apiBase: '/api/v1' } }, { error: { kind: 'configuration' } }, { error: { kind: 'network' } }] },
    },
  ],
};
