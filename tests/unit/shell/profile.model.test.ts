import { expect } from 'vitest';
import { profileMachine } from '../../../machines/profile/profile-machine';
import { describeModel } from './model-suite';

const profile = { client_id: 'c-1', first_name: 'Ada', last_name: 'Lovelace', gender: 'F', role: 'client', hipaa_consent: false };

describeModel(
  'profile',
  {
    machine: profileMachine,
    input: { userId: 'c-1' },
    events: [{ type: 'banner.dismiss' }, { type: 'profile.consentRecorded' }],
    outcomes: { loadProfile: [{ output: profile }, { output: null }, { error: { kind: 'http', status: 503 } }] },
  },
  (snapshot) => {
    if (snapshot.matches('loaded') && snapshot.context.profile.first_name === 'Unknown') {
      expect(snapshot.context.profile).toMatchObject({ gender: null, role: 'client' });
    }
    if (snapshot.matches('failed')) expect(snapshot.context.failure).toEqual({ kind: 'http', status: 503 });
  },
);
