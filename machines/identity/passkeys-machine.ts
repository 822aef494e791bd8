// The profile's passkeys (issue 39; staff and portal): the user's own WebAuthn credentials as the
// identity service lists them, adding one through the browser's dialog, removing one after a
// confirmation, and the list read again after either so it shows what the service holds. Cognito
// has no rename: a passkey keeps the name its authenticator gave it. Actors the identity adapter
// provides: aws-amplify's listWebAuthnCredentials (every page), associateWebAuthnCredential,
// deleteWebAuthnCredential.
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage, passkeyRegistrationMessage } from './errors.ts';
import { PASSKEY_TEXTS } from './texts.ts';

/** A passkey as the profile shows it; `createdAt` an ISO timestamp (Cognito gives no last use). */
export interface Passkey {
  credentialId: string;
  name: string;
  createdAt: string | null;
}

export const passkeysMachine = setup({
  types: {
    context: {} as { passkeys: Passkey[]; selected: Passkey | null; message: string | null; notice: string | null },
    events: {} as
      | { type: 'passkeys.retry' }
      | { type: 'passkeys.add' }
      | { type: 'passkeys.remove'; credentialId: string }
      | { type: 'passkeys.confirmRemove' }
      | { type: 'passkeys.cancelRemove' },
  },
  actors: {
    listPasskeys: fromPromise<Passkey[], void>(async () => {
      throw new Error('listPasskeys not provided');
    }),
    addPasskey: fromPromise<void, void>(async () => {
      throw new Error('addPasskey not provided');
    }),
    removePasskey: fromPromise<void, { credentialId: string }>(async () => {
      throw new Error('removePasskey not provided');
    }),
  },
  guards: {
    isListed: ({ context }, params: { credentialId: string }) => context.passkeys.some((p) => p.credentialId === params.credentialId),
  },
  actions: {
    storePasskeys: assign({ passkeys: (_, params: { passkeys: Passkey[] }) => params.passkeys }),
    storeLoadFailure: assign({ message: (_, params: { error: unknown }) => errorMessage(params.error), notice: null }),
    // A cancelled or unsupported dialog says so in the profile's words; the service's refusals in its own.
    storeAddFailure: assign({ message: (_, params: { error: unknown }) => passkeyRegistrationMessage(params.error, PASSKEY_TEXTS.addCancelled) }),
    storeRemoveFailure: assign({ message: (_, params: { error: unknown }) => errorMessage(params.error), selected: null }),
    clearMessages: assign({ message: null, notice: null }),
    select: assign({
      selected: ({ context }, params: { credentialId: string }) => context.passkeys.find((p) => p.credentialId === params.credentialId) ?? null,
    }),
    unselect: assign({ selected: null }),
    noteAdded: assign({ notice: PASSKEY_TEXTS.added }),
    noteRemoved: assign({ notice: PASSKEY_TEXTS.removed, selected: null }),
  },
}).createMachine({
  id: 'passkeys',
  context: { passkeys: [], selected: null, message: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'pending',
      invoke: {
        id: 'listPasskeys',
        src: 'listPasskeys',
        onDone: { target: 'ready', actions: { type: 'storePasskeys', params: ({ event }) => ({ passkeys: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'passkeys.retry': { target: 'loading', actions: 'clearMessages' } } },
    ready: {
      on: {
        'passkeys.add': { target: 'adding', actions: 'clearMessages' },
        'passkeys.remove': {
          guard: { type: 'isListed', params: ({ event }) => ({ credentialId: event.credentialId }) },
          target: 'confirmingRemoval',
          actions: ['clearMessages', { type: 'select', params: ({ event }) => ({ credentialId: event.credentialId }) }],
        },
      },
    },
    adding: {
      tags: 'pending',
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        onDone: { target: 'loading', actions: 'noteAdded' },
        onError: { target: 'ready', actions: { type: 'storeAddFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingRemoval: {
      on: {
        'passkeys.confirmRemove': 'removing',
        'passkeys.cancelRemove': { target: 'ready', actions: 'unselect' },
      },
    },
    removing: {
      tags: 'pending',
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ credentialId: context.selected?.credentialId ?? '' }),
        onDone: { target: 'loading', actions: 'noteRemoved' },
        // Read again either way: a passkey removed elsewhere, or already gone, leaves the list.
        onError: { target: 'loading', actions: { type: 'storeRemoveFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
