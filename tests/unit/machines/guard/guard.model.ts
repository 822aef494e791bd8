// The guard machine's model: a nurse on a nurse page, no role, SUPER_ADMIN on a page that lists
// nobody, and the role changing while the page shows.
import { vi } from 'vitest';
import { guardMachine } from '../../../../machines/guard/guard-machine.ts';
import type { MachineModel, ModelSpec } from '../../../support/model-paths.ts';

export const spies = { redirectToLogin: vi.fn(), redirectToUnauthorized: vi.fn() };
export const ORIGIN = '/clients?page=2';

const spec = (name: string, input: ModelSpec['input']): ModelSpec => ({
  name,
  input,
  events: [
    { type: 'guard.roleChanged', role: null },
    { type: 'guard.roleChanged', role: 'NURSE' },
    { type: 'guard.roleChanged', role: 'CLIENT' },
  ],
  actions: spies,
});

export const model: MachineModel = {
  machine: guardMachine,
  specs: [
    spec('nurse', { role: 'NURSE', allowedRoles: ['NURSE', 'DOCTOR'], origin: ORIGIN }),
    spec('no role', { role: null, allowedRoles: ['NURSE'], origin: ORIGIN }),
    spec('super admin', { role: 'SUPER_ADMIN', allowedRoles: [], origin: ORIGIN }),
  ],
};
