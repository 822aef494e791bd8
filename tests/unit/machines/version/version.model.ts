// The version machine's model: the first answer, the same again, a new build, a failed check,
// the tab hiding and returning, and Refresh Now.
import { vi } from 'vitest';
import { versionMachine } from '../../../../machines/version/version-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const spies = { reloadPage: vi.fn() };

export const model: MachineModel = {
  machine: versionMachine,
  specs: [
    {
      events: [{ type: 'visibility.hidden' }, { type: 'visibility.visible' }, { type: 'version.refresh' }],
      outcomes: { fetchVersion: [{ output: '1.0.0+a' }, { output: '1.0.0+b' }, { error: new Error('offline') }] },
      actions: spies,
    },
  ],
};
