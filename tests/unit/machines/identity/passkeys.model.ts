// The profile's passkeys model (issue 39): the list read (one passkey, none, or refused), a passkey
// added through the browser's dialog (or the dialog cancelled, or a browser without passkeys),
// one removed after a confirmation (or the confirmation cancelled, or the service refusing).
import { passkeysMachine } from '../../../../machines/identity/passkeys-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const PHONE = { credentialId: 'cred-phone', name: 'Android phone', createdAt: '2026-11-20T09:30:00.000Z' };
/** Cognito names none for some authenticators: the card says "Passkey". */
export const UNNAMED = { credentialId: 'cred-key', name: '', createdAt: null };

export const model: MachineModel = {
  machine: passkeysMachine,
  specs: [
    {
      events: [
        { type: 'passkeys.retry' },
        { type: 'passkeys.add' },
        { type: 'passkeys.remove', credentialId: PHONE.credentialId },
        { type: 'passkeys.remove', credentialId: 'cred-gone' },
        { type: 'passkeys.confirmRemove' },
        { type: 'passkeys.cancelRemove' },
      ],
      outcomes: {
        listPasskeys: [{ output: [PHONE, UNNAMED] }, { output: [] }, { error: { name: 'NetworkError', message: 'Network error' } }],
        addPasskey: [
          { output: undefined },
          { error: { name: 'PasskeyRegistrationCanceled', message: 'Passkey registration was canceled' } },
          { error: { name: 'PasskeyNotSupported', message: 'Passkeys are not supported' } },
        ],
        removePasskey: [{ output: undefined }, { error: { name: 'ResourceNotFoundException', message: 'The credential was not found.' } }],
      },
    },
  ],
};
