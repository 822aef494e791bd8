// HIPAA authorization (spec §2, §4, §5): asked only when the signed-in role and the selected
// client's role are both CLIENT and consent has not been given. Submitting needs the box
// ticked; saving records consent, its date and the text's version.
import { fromPromise, setup } from 'xstate';

/** The version of the authorization text the client agrees to (spec §9). */
export const CONSENT_VERSION = '1.0';

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
      context.signedInRole?.toUpperCase() === 'CLIENT' && context.clientRole?.toUpperCase() === 'CLIENT' && !context.hasConsented,
  },
  actions: {
    toastTickRequired: () => {},
    toastSaveFailed: () => {},
    consentRecorded: () => {},
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ ...input }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'needsConsent', target: 'asking' }, { target: 'notNeeded' }],
    },
    notNeeded: { type: 'final' },
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
        src: 'recordConsent',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: 'accepted',
        onError: { target: 'asking.ticked', actions: 'toastSaveFailed' },
      },
    },
    accepted: { type: 'final', entry: 'consentRecorded' },
  },
});
