// "My invoices" bound to its adapter (billing-portal-api.ts): `usePageActor` (src/lib/page-actor.ts) makes the chart once
// with the adapter's calls as its actors and the browser's departure for the gateway as its
// `goToGateway`; `useSelector` reads what the page renders.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { fromPromise } from 'xstate';
import { myInvoicesMachine } from '../../../machines/billing/my-invoices-machine.ts';
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
  return {
    step: useSelector(ref, (s) => s.value as 'loading' | 'failed' | 'list' | 'opening' | 'confirming' | 'viewing' | 'paying' | 'redirecting'),
    context: useSelector(ref, (s) => s.context),
    // "Pay online" shows while the chart allows it, and stays (held) while the browser leaves for the gateway.
    offersOnline: useSelector(ref, (s) => s.can({ type: 'invoices.payOnline' }) || s.matches('paying') || s.matches('redirecting')),
    canPayOnline: useSelector(ref, (s) => s.can({ type: 'invoices.payOnline' })),
    send: ref.send,
    download: (id: number, number: string) => downloadInvoicePdf(api, id, `${number.replace(/\//g, '-')}.pdf`),
  };
}
