// "My packages" bound to its adapter (appointments-api.ts): `usePageActor` makes the chart once with
// the adapter's read as its actor, the invoice's payment link from the route module (billing's, which
// this domain may not call) and the browser's departure for the gateway as its `goToGateway`;
// the view reads the snapshot through machines/appointments/my-packages-selectors.ts.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { myPackagesMachine } from '../../../machines/appointments/my-packages-machine.ts';
import { myPackagesSelectors as m } from '../../../machines/appointments/my-packages-selectors.ts';
import { useShell } from '../../app/port.ts';
import { usePageActor } from '../../lib/page-actor.ts';
import { buyPackage, loadMyPackages } from './appointments-api.ts';

/** The payment link of an invoice, as billing's portal adapter gives it. */
export type StartInvoicePayment = (invoice: number) => Promise<string>;

/** `returnTo`: the invoice the gateway sent the browser back for (`?invoice=` on the page's address). */
export function useMyPackages(clientId: string, startPayment: StartInvoicePayment, returnTo: number | null) {
  const { api, auth, config } = useShell();
  const ref = usePageActor(
    myPackagesMachine.provide({
      actors: {
        loadPackages: fromPromise(({ input }) => loadMyPackages(api, input.clientId)),
        startPayment: fromPromise(({ input }) => startPayment(input.invoice)),
        buyPackage: fromPromise(({ input }) => buyPackage(api, input.plan)),
      },
      actions: { goToGateway: (_, params) => window.location.assign(params.url) },
    }),
    // A SUPER_ADMIN reading a client's portal pays nothing from it; "Pay now" only where the clinic has the gateway.
    { input: { clientId, readOnly: auth.role !== 'CLIENT', gateway: config.onlinePayments === true, returnTo } },
  );
  const snapshot = useSelector(ref, (s) => s);
  return {
    snapshot,
    isLoading: m.isLoading(snapshot),
    isFailed: m.isFailed(snapshot),
    isListing: m.isListing(snapshot),
    showsList: m.showsList(snapshot),
    isPayingOnline: m.isPayingOnline(snapshot),
    isCheckingPayment: m.isCheckingPayment(snapshot),
    packages: m.packages(snapshot),
    offers: m.offers(snapshot),
    message: m.message(snapshot),
    isConfirming: m.isConfirming(snapshot),
    isBuying: m.isBuying(snapshot),
    choice: m.choice(snapshot),
    bought: m.bought(snapshot),
    gateway: snapshot.context.gateway,
    send: ref.send,
  };
}
