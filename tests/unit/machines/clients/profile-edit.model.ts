// The portal profile page's model: load (or fail), edit, cancel, save (stored, refused by field,
// or failed), and the sign-in email changing underneath; and read-only (a SUPER_ADMIN in the
// client's portal), where every write event is sent and none is taken.
import { profileEditMachine } from '../../../../machines/clients/profile-edit-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

/** Every event that leads to a write, and the retry. */
const WRITES = [
  { type: 'profile.edit' },
  { type: 'profile.cancel' },
  { type: 'profile.save', patch: { city: 'Pune' } },
  { type: 'profile.retry' },
  { type: 'profile.emailChanged', profile: { client_id: 7, email: 'new@x.test' } },
];

export const model: MachineModel = {
  machine: profileEditMachine,
  specs: [
    {
      input: { clientId: '7' },
      events: WRITES,
      outcomes: {
        loadProfile: [{ output: { client_id: 7, email: 'old@x.test' } }, { error: new Error('offline') }],
        saveProfile: [
          { output: { client_id: 7, email: 'old@x.test', city: 'Pune' } },
          { error: { fieldErrors: { zipcode: ['Must match pattern'] } } },
          { error: { message: 'Server error' } },
        ],
      },
    },
    {
      name: 'read-only',
      input: { clientId: '7', readOnly: true },
      events: WRITES,
      outcomes: {
        loadProfile: [{ output: { client_id: 7, email: 'old@x.test' } }, { error: new Error('offline') }],
        saveProfile: [{ output: { client_id: 7, email: 'old@x.test', city: 'Pune' } }],
      },
    },
  ],
};
