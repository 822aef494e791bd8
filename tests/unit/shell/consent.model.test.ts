import { expect, vi } from 'vitest';
import { consentMachine } from '../../../machines/consent/consent-machine';
import { describeModel } from './model-suite';

const toastTickRequired = vi.fn();
const toastSaveFailed = vi.fn();
const consentRecorded = vi.fn();
const base = {
  machine: consentMachine,
  events: [{ type: 'consent.toggle' }, { type: 'consent.submit' }],
  outcomes: { recordConsent: [{ output: undefined }, { error: new Error('500') }] },
  actions: { toastTickRequired, toastSaveFailed, consentRecorded },
};

describeModel(
  'consent',
  { ...base, input: { signedInRole: 'CLIENT', clientRole: 'client', hasConsented: false, clientId: 'c-1' } },
  (snapshot, event) => {
    if (snapshot.matches({ asking: 'unticked' }) && event.type === 'consent.submit') expect(toastTickRequired).toHaveBeenCalled();
    if (snapshot.matches('saving')) expect(snapshot.hasTag('pending')).toBe(true);
    if (snapshot.matches('accepted')) expect(consentRecorded).toHaveBeenCalled();
    if (event.type.startsWith('xstate.error.actor')) expect(toastSaveFailed).toHaveBeenCalled();
  },
  [
    // Staff looking at a client, a client who already consented, a client record that is not a client: no modal.
    { ...base, input: { signedInRole: 'NURSE', clientRole: 'CLIENT', hasConsented: false, clientId: 'c-1' } },
    { ...base, input: { signedInRole: 'CLIENT', clientRole: 'CLIENT', hasConsented: true, clientId: 'c-1' } },
  ],
);
