// "My invoices" bound to its adapter (billing-portal-api.ts): `usePageActor` (src/lib/page-actor.ts) makes the chart once
// with the adapter's calls as its actors and the browser's departure for the gateway as its
// `goToGateway`; `useSelector` takes the snapshot, read through the named selectors of
// machines/billing/selectors.ts.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { fromPromise } from 'xstate';
import { myInvoicesMachine } from '../../../machines/billing/my-invoices-machine.ts';
import { myInvoicesSelectors } from '../../../machines/billing/selectors.ts';
import { useShell } from '../../app/port.ts';
import { downloadInvoicePdf, loadMyInvoice, loadMyInvoices, startOnlinePayment } from './billing-portal-api.ts';

export function useMyInvoices(clientId: string, returnTo: number | null) {
  const { api, auth, config } = useShell();
  const ref = usePageActor(
    myInvoicesMachine.provide({
      actors: {
        loadInvoices: fromPromise(({ input }) => loadMyInvoices(api, input.clientId)),
        loadInvoice: fromPromise(({ input }) => loadMyInvoice(api, input.id)),
        startPayment: fromPromise(({ input }) => startOnlinePayment(api, input.id)),
      },
      actions: { goToGateway: (_, params) => window.location.assign(params.url) },
    }),
    // A SUPER_ADMIN reading a client's portal pays nothing from it; "Pay online" only where the clinic has the gateway.
    { input: { clientId, readOnly: auth.role !== 'CLIENT', returnTo, gateway: config.onlinePayments === true } },
  );
  const snapshot = useSelector(ref, (s) => s);
  const m = myInvoicesSelectors;
  return {
    isLoading: m.isLoading(snapshot),
    isFailed: m.isFailed(snapshot),
    isListing: m.isListing(snapshot),
    isOpening: m.isOpening(snapshot),
    isConfirming: m.isConfirming(snapshot),
    isViewing: m.isViewing(snapshot),
    isPayingOnline: m.isPayingOnline(snapshot),
    context: snapshot.context,
    offersOnline: m.offersOnline(snapshot),
    canPayOnline: m.canPayOnline(snapshot),
    send: ref.send,
    download: (id: number, number: string) => downloadInvoicePdf(api, id, `${number.replace(/\//g, '-')}.pdf`),
  };
}
