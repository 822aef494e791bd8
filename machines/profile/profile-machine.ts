// Loading the signed-in user's profile (spec §3, §8): a missing profile is replaced by the
// placeholder (name Unknown, gender Not specified, role client); a failed load keeps a
// dismissible banner whose text depends on the kind of failure.
import { assign, fromPromise, setup } from 'xstate';

export interface ProfileSummary {
  client_id: string;
  first_name: string;
  last_name: string;
  /** M or F; anything else is shown as Not specified. */
  gender: string | null;
  role: string;
  hipaa_consent: boolean;
}

/** Why the profile did not load: no answer at all, or an HTTP status with the server's message. */
export interface ProfileLoadFailure {
  kind: 'network' | 'http' | 'other';
  status?: number;
  message?: string;
}

export function placeholderProfile(clientId: string): ProfileSummary {
  return { client_id: clientId, first_name: 'Unknown', last_name: '', gender: null, role: 'client', hipaa_consent: false };
}

export const profileMachine = setup({
  types: {
    context: {} as { userId: string; profile: ProfileSummary | null; failure: ProfileLoadFailure | null },
    input: {} as { userId: string },
    events: {} as { type: 'banner.dismiss' } | { type: 'profile.consentRecorded' },
  },
  actors: {
    // Provided by the view: GET users/user-profiles/{id}; null when the user has no profile; throws a ProfileLoadFailure.
    loadProfile: fromPromise<ProfileSummary | null, { userId: string }>(async () => {
      throw { kind: 'other', message: 'loadProfile not provided' } satisfies ProfileLoadFailure;
    }),
  },
  guards: {
    isMissing: (_, params: { profile: ProfileSummary | null }) => params.profile === null,
  },
  actions: {
    storeProfile: assign({ profile: (_, params: { profile: ProfileSummary }) => params.profile }),
    storePlaceholder: assign({ profile: ({ context }) => placeholderProfile(context.userId) }),
    storeFailure: assign({ failure: (_, params: { failure: ProfileLoadFailure }) => params.failure }),
    markConsented: assign({ profile: ({ context }) => (context.profile ? { ...context.profile, hipaa_consent: true } : null) }),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ userId: input.userId, profile: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ profile: event.output }) }, target: 'loaded', actions: 'storePlaceholder' },
          { target: 'loaded', actions: { type: 'storeProfile', params: ({ event }) => ({ profile: event.output! }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ failure: event.error as ProfileLoadFailure }) },
        },
      },
    },
    loaded: {
      on: { 'profile.consentRecorded': { actions: 'markConsented' } },
    },
    failed: {
      initial: 'bannerShown',
      states: {
        bannerShown: { on: { 'banner.dismiss': 'bannerDismissed' } },
        bannerDismissed: {},
      },
    },
  },
});
