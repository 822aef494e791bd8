// The client's own profile page (issue 7): load, view, edit, save. The saving actor (the portal's
// adapter) refuses a patch under the contract's schema and the shared profile rules
// (machines/rules/profile-rules.ts) before sending it; refused fields come back as errors.
// Opened read-only (a SUPER_ADMIN in the client's portal, spec §6), the loaded profile is only
// read: the chart has no edit, save or email-change step there, so no write can be sent.
import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf, hasFieldErrors } from '../rules/failure.ts';

export type ProfileData = Record<string, unknown> & { client_id: number };

const SAVE_FAILED = 'Could not save your profile. Please try again.';

export const profileEditMachine = setup({
  types: {
    context: {} as {
      clientId: string;
      readOnly: boolean;
      profile: ProfileData | null;
      fieldErrors: Record<string, string[]>;
      message: string | null;
      saved: boolean;
    },
    input: {} as { clientId: string; readOnly?: boolean },
    events: {} as
      | { type: 'profile.edit' }
      | { type: 'profile.cancel' }
      | { type: 'profile.save'; patch: Record<string, unknown> }
      | { type: 'profile.retry' }
      | { type: 'profile.emailChanged'; profile: ProfileData },
  },
  actors: {
    loadProfile: fromPromise<ProfileData, { clientId: string }>(async () => {
      throw new Error('loadProfile not provided');
    }),
    saveProfile: fromPromise<ProfileData, { clientId: string; patch: Record<string, unknown> }>(async () => {
      throw new Error('saveProfile not provided');
    }),
  },
  guards: {
    readsOnly: ({ context }) => context.readOnly,
  },
  actions: {
    storeProfile: assign({ profile: (_, params: { profile: ProfileData }) => params.profile }),
    storeSaved: assign({ profile: (_, params: { profile: ProfileData }) => params.profile, saved: true, fieldErrors: {}, message: null }),
    storeFailure: assign((_, params: { failure: Failure }) => ({
      fieldErrors: params.failure.fieldErrors,
      message: hasFieldErrors(params.failure) ? null : params.failure.message,
    })),
    startEditing: assign({ saved: false, fieldErrors: {}, message: null }),
    clearErrors: assign({ fieldErrors: {}, message: null }),
  },
}).createMachine({
  id: 'profileEdit',
  context: ({ input }) => ({ clientId: input.clientId, readOnly: input.readOnly === true, profile: null, fieldErrors: {}, message: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: [
          { guard: 'readsOnly', target: 'reading', actions: { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) } },
          { target: 'viewing', actions: { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) } },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'profile.retry': 'loading' } },
    // The client's profile as it is stored, with nothing to change it.
    reading: {},
    viewing: {
      on: {
        'profile.edit': { target: 'editing', actions: 'startEditing' },
        'profile.emailChanged': { actions: { type: 'storeProfile', params: ({ event }) => ({ profile: event.profile }) } },
      },
    },
    editing: {
      on: {
        'profile.cancel': { target: 'viewing', actions: 'clearErrors' },
        'profile.save': 'saving',
      },
    },
    saving: {
      tags: 'pending',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context, event }) => ({ clientId: context.clientId, patch: event.type === 'profile.save' ? event.patch : {} }),
        onDone: { target: 'viewing', actions: { type: 'storeSaved', params: ({ event }) => ({ profile: event.output }) } },
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error, SAVE_FAILED) }) } },
      },
    },
  },
});
