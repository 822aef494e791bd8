// "My invoices" bound to its adapter (billing-portal-api.ts): `useActorRef` makes the chart once
// with the adapter's calls as its actors and the browser's departure for the gateway as its
// `goToGateway`; `useSelector` reads what the page renders.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { myInvoicesMachine } from '../../../machines/billing/my-invoices-machine.ts';
import { useShell } from '../../app/port.ts';
import { loadMyInvoice, loadMyInvoices } from './billing-portal-api.ts';

export function useMyInvoices(clientId: string, returnTo: number | null) {
  const { api, auth } = useShell();
  const ref = useActorRef(
    myInvoicesMachine.provide({
      actors: {
        loadInvoices: fromPromise(({ input }) => loadMyInvoices(api, input.clientId)),
        loadInvoice: fromPromise(({ input }) => loadMyInvoice(api, input.id)),
      },
      actions: { goToGateway: (_, params) => window.location.assign(params.url) },
    }),
    // A SUPER_ADMIN reading a client's portal pays nothing from it.
    { input: { clientId, readOnly: auth.role !== 'CLIENT', returnTo } },
  );
  return {
    step: useSelector(ref, (s) => s.value as 'loading' | 'failed' | 'list' | 'opening' | 'confirming' | 'viewing' | 'paying' | 'redirecting'),
    context: useSelector(ref, (s) => s.context),
    canPayOnline: useSelector(ref, (s) => s.can({ type: 'invoices.payOnline' })),
    send: ref.send,
  };
}
