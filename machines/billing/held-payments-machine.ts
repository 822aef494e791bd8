// Online payments held for reception (issue 34: "an amount that differs from the invoice is
// refused and flagged"): what the gateway reported and was not recorded (another amount than the
// link's, a document that no longer takes that much, a link not known), listed on the billing desk
// for RECEPTION, ADMIN and SUPER_ADMIN, oldest first, each with its document when there is one.
// The list loads, or fails and is read again on request. The contract has no way to settle a flag:
// reception acts on the document (a payment taken by hand, a refund through the gateway's console).
import { assign, fromPromise, setup } from 'xstate';

/** A held payment: the contract's BillingPaymentFlag. */
export interface HeldPayment {
  id: number;
  document: number | null;
  number: string | null;
  client: number | null;
  payment_id: string;
  link_id: string | null;
  amount_paise: number;
  expected_paise: number | null;
  reason: 'amount_mismatch' | 'not_payable' | 'unknown_link';
  created_at: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const heldPaymentsMachine = setup({
  types: {
    context: {} as { held: HeldPayment[]; error: string | null },
    events: {} as { type: 'held.retry' },
  },
  actors: {
    loadHeld: fromPromise<HeldPayment[], void>(async () => {
      throw new Error('loadHeld not provided');
    }),
  },
  actions: {
    showHeld: assign((_, held: HeldPayment[]) => ({ held, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
  },
}).createMachine({
  id: 'heldPayments',
  context: { held: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadHeld',
        src: 'loadHeld',
        onDone: { target: 'ready', actions: { type: 'showHeld', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'held.retry': 'loading' } },
    ready: {},
  },
});
