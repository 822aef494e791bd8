// "My packages" on the portal (/user/packages/{clientId}, issue 35): the client's packages load
// with the plans the clinic offers. Each package shows its credits left, expiry and status; one
// awaiting payment offers "Pay now" where the clinic has the online gateway (`gateway`, from
// /config.json's `onlinePayments`): the invoice's payment link, and `goToGateway` leaves for the
// gateway's page; otherwise the page says to pay at the clinic, and the credits start when the
// invoice is paid. A payment link answered 404 (the gateway switched off since the page loaded)
// takes "Pay now" away for the visit. A SUPER_ADMIN reading a client's portal (`readOnly`) pays
// nothing from it.
import { assign, fromPromise, setup } from 'xstate';

export type MyPackageStatus = 'awaiting_payment' | 'active' | 'frozen' | 'used_up' | 'expired' | 'refunded' | 'cancelled';

export interface MyPackage {
  id: number;
  therapy: string;
  plan_name: string | null;
  sessions_total: number;
  sessions_left: number;
  expires_on: string | null;
  status: MyPackageStatus;
  /** The invoice it was sold on, with what is still due (null: given by hand, or a ₹0 plan). */
  invoice: { id: number; number: string | null; due_paise: number } | null;
}

export interface PackageOffer {
  id: number;
  name: string;
  therapy: string;
  sessions: number;
  price_paise: number;
  validity_days: number | null;
}

export interface MyPackagesData {
  packages: MyPackage[];
  offers: PackageOffer[];
}

export interface MyPackagesContext {
  clientId: string;
  readOnly: boolean;
  gateway: boolean;
  packages: MyPackage[];
  offers: PackageOffer[];
  /** The invoice being paid online. */
  paying: number | null;
  message: 'payFailed' | 'noGateway' | null;
}

export type MyPackagesEvent = { type: 'packages.retry' } | { type: 'packages.payOnline'; invoice: number };

/** Money is still due on the package's invoice: it waits for payment. */
export const awaitsPayment = (p: Pick<MyPackage, 'status' | 'invoice'>): boolean =>
  p.status === 'awaiting_payment' && p.invoice !== null && p.invoice.due_paise > 0;

/** A package of the list awaits payment on this invoice. */
const dueInvoice = (context: MyPackagesContext, invoice: number): boolean => context.packages.some((p) => awaitsPayment(p) && p.invoice!.id === invoice);

export const myPackagesMachine = setup({
  types: {
    context: {} as MyPackagesContext,
    events: {} as MyPackagesEvent,
    input: {} as { clientId: string; readOnly: boolean; gateway: boolean },
  },
  actors: {
    loadPackages: fromPromise<MyPackagesData, { clientId: string }>(async () => {
      throw new Error('loadPackages not provided');
    }),
    startPayment: fromPromise<string, { invoice: number }>(async () => {
      throw new Error('startPayment not provided');
    }),
  },
  guards: {
    canPayOnline: ({ context }, params: { invoice: number }) => !context.readOnly && context.gateway && dueInvoice(context, params.invoice),
    noGateway: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 404,
  },
  actions: {
    show: assign((_, params: MyPackagesData) => ({ packages: params.packages, offers: params.offers })),
    startPaying: assign((_, params: { invoice: number }) => ({ paying: params.invoice, message: null })),
    payFailed: assign({ paying: null, message: 'payFailed' as const }),
    dropGateway: assign({ paying: null, gateway: false, message: 'noGateway' as const }),
    goToGateway: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'myPackages',
  context: ({ input }) => ({
    clientId: input.clientId,
    readOnly: input.readOnly,
    gateway: input.gateway,
    packages: [],
    offers: [],
    paying: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPackages',
        src: 'loadPackages',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'list', actions: { type: 'show', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { 'packages.retry': 'loading' } },
    list: {
      on: {
        'packages.payOnline': {
          target: 'paying',
          guard: { type: 'canPayOnline', params: ({ event }) => ({ invoice: event.invoice }) },
          actions: { type: 'startPaying', params: ({ event }) => ({ invoice: event.invoice }) },
        },
      },
    },
    paying: {
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ invoice: context.paying! }),
        onDone: { target: 'redirecting', actions: { type: 'goToGateway', params: ({ event }) => ({ url: event.output }) } },
        // Back to the list read afresh, saying why the payment did not start.
        onError: [
          { guard: { type: 'noGateway', params: ({ event }) => ({ error: event.error }) }, target: 'loading', actions: 'dropGateway' },
          { target: 'loading', actions: 'payFailed' },
        ],
      },
    },
    // The browser is leaving for the gateway's hosted page.
    redirecting: {},
  },
});
