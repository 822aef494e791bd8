// The billing charts bound to their adapter (billing-api.ts): `usePageActor` (src/lib/page-actor.ts) makes each actor once
// with the adapter's calls as its actors; `useSelector` takes the snapshot, and the views read it through the
// named selectors of machines/billing/selectors.ts.
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
import {
  billingDeskSelectors,
  billingDocumentSelectors,
  billVisitSelectors,
  clientBalanceSelectors,
  heldPaymentsSelectors,
  newInvoiceSelectors,
} from '../../../machines/billing/selectors.ts';
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
  closeTillDay,
  countTillDay,
  loadTillDay,
} from './billing-api.ts';
import { dayCloseMachine } from '../../../machines/billing/day-close-machine.ts';
import { dayCloseSelectors } from '../../../machines/billing/selectors.ts';
import { clinicToday } from '../../lib/format.ts';

export function useBillingDesk() {
  const { api } = useShell();
  const ref = usePageActor(billingDeskMachine.provide({ actors: { loadDocuments: fromPromise(({ input }) => loadDocuments(api, input.statuses)) } }), {
    input: {},
  });
  const snapshot = useSelector(ref, (s) => s);
  const d = billingDeskSelectors;
  return {
    isLoading: d.isLoading(snapshot),
    isFailed: d.isFailed(snapshot),
    isReady: d.isReady(snapshot),
    filter: d.filter(snapshot),
    documents: d.documents(snapshot),
    count: d.count(snapshot),
    error: d.error(snapshot),
    send: ref.send,
  };
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
  const d = billingDocumentSelectors;
  return {
    snapshot,
    context: snapshot.context,
    isLoading: d.isLoading(snapshot),
    isFailed: d.isFailed(snapshot),
    isDeleted: d.isDeleted(snapshot),
    isReady: d.isReady(snapshot),
    paying: d.paying(snapshot),
    upiLoading: d.upiLoading(snapshot),
    advancesLoading: d.advancesLoading(snapshot),
    mayRecordPayment: d.mayRecordPayment(snapshot),
    crediting: d.crediting(snapshot),
    saving: d.saving(snapshot),
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
  const b = clientBalanceSelectors;
  return {
    isLoading: b.isLoading(snapshot),
    isFailed: b.isFailed(snapshot),
    context: snapshot.context,
    advancing: b.advancing(snapshot),
    taking: b.taking(snapshot),
    canOpenAdvance: b.canOpenAdvance(snapshot),
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
  const n = newInvoiceSelectors;
  return {
    open: n.isOpen(snapshot),
    creating: n.isCreating(snapshot),
    searching: n.isSearching(snapshot),
    hasClient: n.hasClient(snapshot),
    results: n.results(snapshot),
    client: n.client(snapshot),
    error: n.error(snapshot),
    send: ref.send,
  };
}

export type NewInvoiceView = ReturnType<typeof useNewInvoice>;

/** The online payments held for reception, on the desk. */
export function useHeldPayments() {
  const { api } = useShell();
  const ref = usePageActor(heldPaymentsMachine.provide({ actors: { loadHeld: fromPromise(() => loadHeldPayments(api)) } }));
  const snapshot = useSelector(ref, (s) => s);
  const h = heldPaymentsSelectors;
  return {
    isFailed: h.isFailed(snapshot),
    shows: h.shows(snapshot),
    held: h.held(snapshot),
    error: h.error(snapshot),
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
    creating: useSelector(ref, billVisitSelectors.isCreating),
    error: useSelector(ref, billVisitSelectors.error),
    start: () => ref.send({ type: 'bill.start' }),
  };
}

/** The day's close (issue 35): the first till and the clinic's today at first; those who bill count and close. */
export function useDayClose() {
  const { api, auth } = useShell();
  const ref = usePageActor(
    dayCloseMachine.provide({
      actors: {
        loadDay: fromPromise(({ input }) => loadTillDay(api, input)),
        countDay: fromPromise(({ input }) => countTillDay(api, input)),
        closeDay: fromPromise(({ input }) => closeTillDay(api, input)),
      },
    }),
    { input: { today: clinicToday(), mayCount: billsClients(auth.role ?? '') } },
  );
  const snapshot = useSelector(ref, (s) => s);
  const d = dayCloseSelectors;
  return {
    context: snapshot.context,
    isLoading: d.isLoading(snapshot),
    isFailed: d.isFailed(snapshot),
    isSaving: d.isSaving(snapshot),
    isCounting: d.isCounting(snapshot),
    isClosing: d.isClosing(snapshot),
    isClosed: d.isClosed(snapshot),
    showsCount: d.showsCount(snapshot),
    canCount: d.canCount(snapshot),
    canClose: d.canClose(snapshot),
    difference: d.difference(snapshot),
    problem: d.problem(snapshot),
    send: ref.send,
  };
}
