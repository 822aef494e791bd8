// The billing charts bound to their adapter (billing-api.ts): `usePageActor` (src/lib/page-actor.ts) makes each actor once
// with the adapter's calls as its actors; `useSelector` reads what the views render.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { billingDeskMachine } from '../../../machines/billing/billing-desk-machine.ts';
import { billingDocumentMachine } from '../../../machines/billing/billing-document-machine.ts';
import { billsClients } from '../../../machines/billing/billing-roles.ts';
import { billVisitMachine, clientBalanceMachine } from '../../../machines/billing/client-billing-machine.ts';
import { getHref, useShell } from '../../app/port.ts';
import { createVisitDraft, documentAct, getDocument, loadBalance, loadDocument, loadDocuments, loadUpi } from './billing-api.ts';

export function useBillingDesk() {
  const { api } = useShell();
  const ref = usePageActor(billingDeskMachine.provide({ actors: { loadDocuments: fromPromise(({ input }) => loadDocuments(api, input.statuses)) } }), {
    input: {},
  });
  return { state: useSelector(ref, (s) => s.value as 'loading' | 'ready' | 'failed'), context: useSelector(ref, (s) => s.context), send: ref.send };
}

export function useBillingDocument(id: number) {
  const { api, auth } = useShell();
  const ref = usePageActor(
    billingDocumentMachine.provide({
      actors: {
        loadDocument: fromPromise(({ input }) => loadDocument(api, input.id)),
        refreshDocument: fromPromise(({ input }) => getDocument(api, input.id)),
        loadUpi: fromPromise(({ input }) => loadUpi(api, input.id)),
        act: fromPromise(({ input }) => documentAct(api, input)),
      },
    }),
    { input: { id, mayBill: billsClients(auth.role ?? '') } },
  );
  const snapshot = useSelector(ref, (s) => s);
  return {
    snapshot,
    context: snapshot.context,
    /** The page's top state: loading, failed, ready or deleted. */
    state: typeof snapshot.value === 'string' ? snapshot.value : 'ready',
    // A form stays open while what it sent is saved (a refusal comes back to it).
    paying: snapshot.matches({ ready: 'paying' }) || (snapshot.matches({ ready: 'saving' }) && snapshot.context.pending?.kind === 'pay'),
    upiLoading: snapshot.matches({ ready: { paying: 'upi' } }),
    crediting: snapshot.matches({ ready: 'crediting' }) || (snapshot.matches({ ready: 'saving' }) && snapshot.context.pending?.kind === 'credit'),
    saving: snapshot.matches({ ready: 'saving' }),
    send: ref.send,
  };
}

export function useClientBalance(client: number) {
  const { api } = useShell();
  const ref = usePageActor(clientBalanceMachine.provide({ actors: { loadBalance: fromPromise(({ input }) => loadBalance(api, input.client)) } }), {
    input: { client },
  });
  return {
    state: useSelector(ref, (s) => s.value as 'loading' | 'ready' | 'failed'),
    context: useSelector(ref, (s) => s.context),
    retry: () => ref.send({ type: 'balance.retry' }),
  };
}

/** "Bill this visit": once the draft exists, its page opens. */
export function useBillVisit(appointment: number) {
  const { api } = useShell();
  const [, navigate] = useLocation();
  const ref = usePageActor(
    billVisitMachine.provide({ actors: { createDraft: fromPromise(({ input }) => createVisitDraft(api, input)) } }),
    { input: { appointment } },
    (snapshot) => {
      if (snapshot.status === 'done' && snapshot.output) navigate(getHref('billingDocument', { id: snapshot.output.draft }));
    },
  );
  return {
    creating: useSelector(ref, (s) => s.matches('creating')),
    error: useSelector(ref, (s) => s.context.error),
    start: () => ref.send({ type: 'bill.start' }),
  };
}
