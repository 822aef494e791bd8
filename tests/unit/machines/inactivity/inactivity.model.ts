// The inactivity machine's model: input, the warning timer and the sign-out timer.
import { vi } from 'vitest';
import { inactivityMachine } from '../../../../machines/inactivity/inactivity-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const spies = { signOut: vi.fn() };

export const model: MachineModel = {
  machine: inactivityMachine,
  specs: [{ input: { timeoutMs: 15 * 60_000, warningMs: 60_000 }, events: [{ type: 'user.activity' }], actions: spies }],
};
