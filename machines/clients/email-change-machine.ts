// Changing the sign-in email (issue 7): never a silent overwrite. The identity service takes the
// new address and sends a code to it; only the confirmed code makes it the sign-in email, and
// then the clinic's record follows (email-sync). Actors the portal's adapter provides: aws-amplify's
// updateUserAttributes, sendUserAttributeVerificationCode, confirmUserAttribute + the API sync.
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';

export interface EmailChangeFailure {
  message: string;
}

export const emailChangeMachine = setup({
  types: {
    context: {} as { email: string; destination: string | null; message: string | null },
    events: {} as
      | { type: 'email.start'; email: string }
      | { type: 'email.confirm'; code: string }
      | { type: 'email.resend' }
      | { type: 'email.cancel' }
      | { type: 'email.done' },
  },
  actors: {
    // updateUserAttributes({ email }); resolves to the masked destination of the code.
    requestChange: fromPromise<string, { email: string }>(async () => {
      throw { message: 'requestChange not provided' } satisfies EmailChangeFailure;
    }),
    resendCode: fromPromise<string, { email: string }>(async () => {
      throw { message: 'resendCode not provided' } satisfies EmailChangeFailure;
    }),
    // confirmUserAttribute({ email, code }), then the clinic record's email-sync; resolves to the profile.
    confirmChange: fromPromise<Record<string, unknown>, { code: string }>(async () => {
      throw { message: 'confirmChange not provided' } satisfies EmailChangeFailure;
    }),
  },
  actions: {
    storeEmail: assign({ email: (_, params: { email: string }) => params.email, message: null }),
    storeDestination: assign({ destination: (_, params: { destination: string }) => params.destination, message: null }),
    storeFailure: assign({ message: (_, params: { failure: unknown }) => failureOf(params.failure).message }),
    reset: assign({ email: '', destination: null, message: null }),
    // Provided by the view: tell the profile page the record changed.
    emailChanged: (_, _params: { profile: Record<string, unknown> }) => {},
  },
}).createMachine({
  id: 'emailChange',
  context: { email: '', destination: null, message: null },
  initial: 'idle',
  states: {
    idle: { on: { 'email.start': { target: 'requesting', actions: { type: 'storeEmail', params: ({ event }) => ({ email: event.email }) } } } },
    requesting: {
      tags: 'pending',
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'awaitingCode', actions: { type: 'storeDestination', params: ({ event }) => ({ destination: event.output }) } },
        onError: { target: 'idle', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: event.error }) } },
      },
    },
    awaitingCode: {
      on: {
        'email.confirm': 'confirming',
        'email.resend': 'resending',
        'email.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    resending: {
      tags: 'pending',
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'awaitingCode', actions: { type: 'storeDestination', params: ({ event }) => ({ destination: event.output }) } },
        onError: { target: 'awaitingCode', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: event.error }) } },
      },
    },
    confirming: {
      tags: 'pending',
      invoke: {
        id: 'confirmChange',
        src: 'confirmChange',
        input: ({ event }) => ({ code: event.type === 'email.confirm' ? event.code : '' }),
        onDone: { target: 'changed', actions: { type: 'emailChanged', params: ({ event }) => ({ profile: event.output }) } },
        onError: { target: 'awaitingCode', actions: { type: 'storeFailure', params: ({ event }) => ({ failure: event.error }) } },
      },
    },
    changed: { on: { 'email.done': { target: 'idle', actions: 'reset' } } },
  },
});
