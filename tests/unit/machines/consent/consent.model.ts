// The consent machine's model: a client who has not consented (with a usable id), and the cases
// where no modal shows: staff, a client who already consented, no usable client id.
import { vi } from 'vitest';
import { consentMachine } from '../../../../machines/consent/consent-machine.ts';
import type { MachineModel, ModelSpec } from '../../../support/model-paths.ts';

export const spies = { toastTickRequired: vi.fn(), toastSaveFailed: vi.fn(), consentRecorded: vi.fn() };

const spec = (name: string, input: ModelSpec['input']): ModelSpec => ({
  name,
  input,
  events: [{ type: 'consent.toggle' }, { type: 'consent.submit' }],
  outcomes: { recordConsent: [{ output: undefined }, { error: new Error('500') }] },
  actions: spies,
});

export const model: MachineModel = {
  machine: consentMachine,
  specs: [
    spec('client', { signedInRole: 'CLIENT', clientRole: 'client', hasConsented: false, clientId: '7' }),
    spec('staff', { signedInRole: 'NURSE', clientRole: 'CLIENT', hasConsented: false, clientId: '7' }),
    spec('consented', { signedInRole: 'CLIENT', clientRole: 'CLIENT', hasConsented: true, clientId: '7' }),
    spec('no usable id', { signedInRole: 'CLIENT', clientRole: 'client', hasConsented: false, clientId: 'NaN' }),
  ],
};
