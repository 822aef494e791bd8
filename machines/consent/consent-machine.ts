// HIPAA authorization (spec §2, §4, §5): asked only when the signed-in role and the selected
// client's role are both CLIENT and consent has not been given. Submitting needs the box
// ticked; saving records consent, its date and the text's version. Without a usable client id
// there is nothing to record consent on, so it is not asked (and no request with a bad id is sent).
import { fromPromise, setup } from 'xstate';

/** The version of the authorization text the client agrees to (spec §9). */
export const CONSENT_VERSION = '1.0';

/** A user id the API accepts in a path: a positive integer. Anything else is never sent. */
export function isUsableClientId(id: string | null | undefined): id is string {
  return typeof id === 'string' && /^[1-9][0-9]*$/.test(id);
}

export interface ConsentInput {
  signedInRole: string | null;
  clientRole: string | null;
  hasConsented: boolean;
  clientId: string;
}

export const consentMachine = setup({
  types: {
    context: {} as ConsentInput,
    input: {} as ConsentInput,
    events: {} as { type: 'consent.toggle' } | { type: 'consent.submit' },
  },
  actors: {
    // Provided by the view: PATCH users/user-profiles/{clientId} with hipaa_consent true, the ISO date and CONSENT_VERSION.
    recordConsent: fromPromise<void, { clientId: string }>(async () => {
      throw new Error('recordConsent not provided');
    }),
  },
  guards: {
    needsConsent: ({ context }) =>
      context.signedInRole?.toUpperCase() === 'CLIENT' &&
      context.clientRole?.toUpperCase() === 'CLIENT' &&
      !context.hasConsented &&
      isUsableClientId(context.clientId),
  },
  actions: {
    toastTickRequired: () => {},
    toastSaveFailed: () => {},
    consentRecorded: () => {},
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ ...input }),
  // The final state's output ({ consented }) is the machine's: the invoking chart reads it.
  output: ({ event }) => (event as { output?: { consented: boolean } }).output,
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'needsConsent', target: 'asking' }, { target: 'notNeeded' }],
    },
    // The output tells the invoking chart whether consent was recorded.
    notNeeded: { type: 'final', output: { consented: false } },
    asking: {
      initial: 'unticked',
      states: {
        unticked: {
          on: {
            'consent.toggle': 'ticked',
            'consent.submit': { actions: 'toastTickRequired' },
          },
        },
        ticked: {
          on: {
            'consent.toggle': 'unticked',
            'consent.submit': '#consent.saving',
          },
        },
      },
    },
    saving: {
      tags: 'pending',
      invoke: {
        id: 'recordConsent',
        src: 'recordConsent',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: 'accepted',
        onError: { target: 'asking.ticked', actions: 'toastSaveFailed' },
      },
    },
    accepted: { type: 'final', entry: 'consentRecorded', output: { consented: true } },
  },
});
