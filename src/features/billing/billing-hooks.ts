// The billing charts bound to their adapter (billing-api.ts): `usePageActor` (src/lib/page-actor.ts) makes each actor once
// with the adapter's calls as its actors; `useSelector` reads what the views render.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { billingDeskMachine } from '../../../machines/billing/billing-desk-machine.ts';
import { billingDocumentMachine } from '../../../machines/billing/billing-document-machine.ts';
import { billsClients, readsBilling } from '../../../machines/billing/billing-roles.ts';
import { billVisitMachine, clientBalanceMachine } from '../../../machines/billing/client-billing-machine.ts';
import { heldPaymentsMachine } from '../../../machines/billing/held-payments-machine.ts';
import { newInvoiceMachine } from '../../../machines/billing/new-invoice-machine.ts';
import { getHref, useShell } from '../../app/port.ts';
import {
  createManualDraft,
  createVisitDraft,
  documentAct,
  findClients,
  getDocument,
  loadAdvances,
  loadBalance,
  loadDocument,
  loadDocuments,
  loadHeldPayments,
  loadUpi,
  takeAdvance,
} from './billing-api.ts';

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
        loadAdvances: fromPromise(({ input }) => loadAdvances(api, input.client)),
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
    advancesLoading: snapshot.matches({ ready: { paying: 'advances' } }),
    crediting: snapshot.matches({ ready: 'crediting' }) || (snapshot.matches({ ready: 'saving' }) && snapshot.context.pending?.kind === 'credit'),
    saving: snapshot.matches({ ready: 'saving' }),
    send: ref.send,
  };
}

export function useClientBalance(client: number) {
  const { api, auth } = useShell();
  const role = auth.role ?? '';
  const ref = usePageActor(
    clientBalanceMachine.provide({
      actors: {
        loadBalance: fromPromise(({ input }) => loadBalance(api, input)),
        takeAdvance: fromPromise(({ input }) => takeAdvance(api, input)),
      },
    }),
    { input: { client, readsAdvances: readsBilling(role), takesAdvances: billsClients(role) } },
  );
  const snapshot = useSelector(ref, (s) => s);
  return {
    /** The balance's state: loading (also while read again after an advance), failed or ready. */
    state: typeof snapshot.value === 'string' ? (snapshot.value as 'loading' | 'failed') : ('ready' as const),
    context: snapshot.context,
    /** The advance form is open (and stays while what it sent is taken). */
    advancing: snapshot.matches({ ready: 'advancing' }) || snapshot.matches({ ready: 'taking' }),
    taking: snapshot.matches({ ready: 'taking' }),
    canOpenAdvance: snapshot.can({ type: 'advance.open' }),
    send: ref.send,
    retry: () => ref.send({ type: 'balance.retry' }),
  };
}

export type ClientBalanceView = ReturnType<typeof useClientBalance>;

/** "New invoice" on the desk: once the manual draft exists, its page opens. */
export function useNewInvoice() {
  const { api } = useShell();
  const [, navigate] = useLocation();
  const ref = usePageActor(
    newInvoiceMachine.provide({
      actors: {
        searchClients: fromPromise(({ input }) => findClients(api, input.text)),
        createDraft: fromPromise(({ input }) => createManualDraft(api, input)),
      },
    }),
    undefined,
    (snapshot) => {
      if (snapshot.status === 'done' && snapshot.output) navigate(getHref('billingDocument', { id: snapshot.output.draft }));
    },
  );
  const snapshot = useSelector(ref, (s) => s);
  return {
    open: !snapshot.matches('closed'),
    creating: snapshot.matches('creating'),
    searching: snapshot.matches({ choosing: 'typing' }) || snapshot.matches({ choosing: 'searching' }),
    context: snapshot.context,
    send: ref.send,
  };
}

export type NewInvoiceView = ReturnType<typeof useNewInvoice>;

/** The online payments held for reception, on the desk. */
export function useHeldPayments() {
  const { api } = useShell();
  const ref = usePageActor(heldPaymentsMachine.provide({ actors: { loadHeld: fromPromise(() => loadHeldPayments(api)) } }));
  return {
    state: useSelector(ref, (s) => s.value as 'loading' | 'ready' | 'failed'),
    context: useSelector(ref, (s) => s.context),
    retry: () => ref.send({ type: 'held.retry' }),
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
