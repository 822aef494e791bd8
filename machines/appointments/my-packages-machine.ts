// "My packages" on the portal (/user/packages/{clientId}, issue 35): the client's packages load
// with the plans the clinic offers. Each package shows its credits left, expiry and status; one
// awaiting payment offers "Pay now" where the clinic has the online gateway (`gateway`, from
// /config.json's `onlinePayments`): the invoice's payment link, and `goToGateway` leaves for the
// gateway's page; otherwise the page says to pay at the clinic, and the credits start when the
// invoice is paid. A payment link answered 404 (the gateway switched off since the page loaded)
// takes "Pay now" away for the visit. A SUPER_ADMIN reading a client's portal (`readOnly`) pays
// nothing from it.
//
// Buying (the portal-buy brief): an offer of the catalogue is chosen (`packages.choose`, only by the
// client and only an offer with its price with GST, i.e. where billing is set up), confirmed
// (`confirming`: what, the price, "credits start when the invoice is paid") or left (`packages.cancel`),
// and bought (`buying`, the `buyPackage` actor); the list is read afresh with the new package
// awaiting payment and `bought` naming its invoice, which the page offers to pay online (the same
// `packages.payOnline` as "Pay now") or says to pay at the clinic. A refused purchase reads the list
// again and says so (404: the plan is no longer offered).
//
// Back from the gateway (`returnTo`: the invoice the gateway sent the browser back for), the list
// shows the package with "Checking your payment…" while it still awaits payment (the webhook may
// land a moment after the browser), read again a few times; then it says the payment is in (the
// credits have started) or not yet seen.
import { assign, fromPromise, setup } from 'xstate';
import { GATEWAY_RETURN } from '../rules/gateway-return.ts';

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
  /** What the invoice will charge with GST; null while the clinic's billing is not set up (not for sale). */
  total_paise: number | null;
  validity_days: number | null;
}

/** What a purchase answers: the new package and the invoice it waits on (none for a ₹0 plan). */
export interface BoughtPackage {
  package: number;
  invoice: number | null;
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
  /** The offer being confirmed. */
  choice: number | null;
  /** The package just bought. */
  bought: BoughtPackage | null;
  /** The invoice the gateway sent the browser back for, until its payment is seen (or the reads run out). */
  returnTo: number | null;
  /** Reads of the list since coming back. */
  checks: number;
  message: 'payFailed' | 'noGateway' | 'buyFailed' | 'planGone' | 'paymentReceived' | 'notYetPaid' | null;
}

export type MyPackagesEvent =
  | { type: 'packages.retry' }
  | { type: 'packages.payOnline'; invoice: number }
  | { type: 'packages.choose'; offer: number }
  | { type: 'packages.cancel' }
  | { type: 'packages.buy' };

/** How often the page reads again after the gateway sent the browser back (the shared rule). */
export const RETURN_CHECKS = GATEWAY_RETURN.checks;

/** Money is still due on the package's invoice: it waits for payment. */
export const awaitsPayment = (p: Pick<MyPackage, 'status' | 'invoice'>): boolean =>
  p.status === 'awaiting_payment' && p.invoice !== null && p.invoice.due_paise > 0;

/** A package of the list awaits payment on this invoice. */
const dueInvoice = (context: MyPackagesContext, invoice: number): boolean => context.packages.some((p) => awaitsPayment(p) && p.invoice!.id === invoice);

/** An offer the reader may buy: the client, an offer of the list, priced with GST (billing set up). */
export const buyable = (context: Pick<MyPackagesContext, 'readOnly' | 'offers'>, offer: number): boolean =>
  !context.readOnly && context.offers.some((o) => o.id === offer && o.total_paise !== null);

export const myPackagesMachine = setup({
  types: {
    context: {} as MyPackagesContext,
    events: {} as MyPackagesEvent,
    input: {} as { clientId: string; readOnly: boolean; gateway: boolean; returnTo: number | null },
  },
  actors: {
    loadPackages: fromPromise<MyPackagesData, { clientId: string }>(async () => {
      throw new Error('loadPackages not provided');
    }),
    startPayment: fromPromise<string, { invoice: number }>(async () => {
      throw new Error('startPayment not provided');
    }),
    buyPackage: fromPromise<BoughtPackage, { plan: number }>(async () => {
      throw new Error('buyPackage not provided');
    }),
  },
  delays: { returnCheckDelay: GATEWAY_RETURN.pauseMs },
  guards: {
    // Back from the gateway, the package of that invoice still awaiting payment: read again, a few times.
    awaitingReturn: ({ context }, data: MyPackagesData) =>
      context.returnTo !== null && context.checks < RETURN_CHECKS && data.packages.some((p) => awaitsPayment(p) && p.invoice!.id === context.returnTo),
    canPayOnline: ({ context }, params: { invoice: number }) => !context.readOnly && context.gateway && dueInvoice(context, params.invoice),
    noGateway: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 404,
    canBuy: ({ context }, params: { offer: number }) => buyable(context, params.offer),
    planGone: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 404,
  },
  actions: {
    show: assign((_, params: MyPackagesData) => ({ packages: params.packages, offers: params.offers })),
    startPaying: assign((_, params: { invoice: number }) => ({ paying: params.invoice, bought: null, message: null })),
    choose: assign((_, params: { offer: number }) => ({ choice: params.offer, bought: null, message: null })),
    forget: assign({ choice: null }),
    showBought: assign((_, params: BoughtPackage) => ({ choice: null, bought: params })),
    buyFailed: assign({ choice: null, message: 'buyFailed' as const }),
    planGone: assign({ choice: null, message: 'planGone' as const }),
    payFailed: assign({ paying: null, message: 'payFailed' as const }),
    dropGateway: assign({ paying: null, gateway: false, message: 'noGateway' as const }),
    countCheck: assign(({ context }) => ({ checks: context.checks + 1 })),
    // The return is settled: the package of that invoice paid, or still due after every read. An
    // invoice no package of the list was sold on (a stale or edited address) says nothing.
    settleReturn: assign(({ context }, data: MyPackagesData) => {
      if (context.returnTo === null) return {};
      const returned = data.packages.find((p) => p.invoice?.id === context.returnTo);
      const message = !returned ? null : awaitsPayment(returned) ? ('notYetPaid' as const) : ('paymentReceived' as const);
      return { returnTo: null, message };
    }),
    goToGateway: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'myPackages',
  context: ({ input }) => ({
    clientId: input.clientId,
    readOnly: input.readOnly,
    gateway: input.gateway,
    returnTo: input.returnTo,
    checks: 0,
    packages: [],
    offers: [],
    paying: null,
    choice: null,
    bought: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPackages',
        src: 'loadPackages',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: [
          {
            guard: { type: 'awaitingReturn', params: ({ event }) => event.output },
            target: 'checkingPayment',
            actions: [{ type: 'show', params: ({ event }) => event.output }, 'countCheck'],
          },
          {
            target: 'list',
            actions: [
              { type: 'show', params: ({ event }) => event.output },
              { type: 'settleReturn', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'packages.retry': 'loading' } },
    // The list as read, its package still awaiting payment, until the next read.
    checkingPayment: { after: { returnCheckDelay: 'loading' } },
    list: {
      on: {
        'packages.payOnline': {
          target: 'paying',
          guard: { type: 'canPayOnline', params: ({ event }) => ({ invoice: event.invoice }) },
          actions: { type: 'startPaying', params: ({ event }) => ({ invoice: event.invoice }) },
        },
        'packages.choose': {
          target: 'confirming',
          guard: { type: 'canBuy', params: ({ event }) => ({ offer: event.offer }) },
          actions: { type: 'choose', params: ({ event }) => ({ offer: event.offer }) },
        },
      },
    },
    // What is bought, for how much with GST, and that the credits start when the invoice is paid.
    confirming: {
      on: {
        'packages.cancel': { target: 'list', actions: 'forget' },
        'packages.buy': 'buying',
      },
    },
    buying: {
      invoke: {
        id: 'buyPackage',
        src: 'buyPackage',
        input: ({ context }) => ({ plan: context.choice! }),
        // The list read afresh shows the new package awaiting payment.
        onDone: { target: 'loading', actions: { type: 'showBought', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'planGone', params: ({ event }) => ({ error: event.error }) }, target: 'loading', actions: 'planGone' },
          { target: 'loading', actions: 'buyFailed' },
        ],
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
