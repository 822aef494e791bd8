// The portal's lab charts bound to their adapter (labs-api.ts): `usePageActor` (src/lib/page-actor.ts) makes each actor
// once with the adapter's calls as its actors; `useSelector` reads what the views render.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { fromPromise } from 'xstate';
import { bookTestMachine, orderTotal } from '../../../machines/labs/book-test-machine.ts';
import { bookTestSelectors, myOrdersSelectors, reportsSelectors } from '../../../machines/labs/lab-selectors.ts';
import { myOrdersMachine } from '../../../machines/labs/my-orders-machine.ts';
import { markersOf, reportsMachine, trendOf } from '../../../machines/labs/reports-machine.ts';
import { rescheduleMachine } from '../../../machines/labs/reschedule-machine.ts';
import { useReschedule } from './lab-reschedule.tsx';
import { useShell } from '../../app/port.ts';
import {
  cancelOrder,
  checkPincode,
  downloadReportPdf,
  holdSlot,
  loadOrders,
  loadReports,
  loadSlots,
  loadSummary,
  loadStart,
  moveOrder,
  placeOrder,
} from './labs-api.ts';

export function useBookTest(clientId: string) {
  const { api } = useShell();
  const ref = usePageActor(
    bookTestMachine.provide({
      actors: {
        loadStart: fromPromise(({ input }) => loadStart(api, input.clientId)),
        checkPincode: fromPromise(({ input }) => checkPincode(api, input.pincode)),
        loadSlots: fromPromise(({ input }) => loadSlots(api, input)),
        holdSlot: fromPromise(({ input }) => holdSlot(api, input)),
        placeOrder: fromPromise(({ input }) => placeOrder(api, input)),
      },
    }),
    { input: { clientId } },
  );
  const context = useSelector(ref, (s) => s.context);
  const chosenItems = context.catalogue.filter((i) => context.chosen.includes(i.id));
  return {
    loading: useSelector(ref, bookTestSelectors.isLoading),
    failed: useSelector(ref, bookTestSelectors.isFailed),
    busy: useSelector(ref, bookTestSelectors.isBusy),
    asksPincode: useSelector(ref, bookTestSelectors.asksPincode),
    picksTests: useSelector(ref, bookTestSelectors.picksTests),
    picksSlot: useSelector(ref, bookTestSelectors.picksSlot),
    holdsSlot: useSelector(ref, bookTestSelectors.holdsSlot),
    asksPeople: useSelector(ref, bookTestSelectors.asksPeople),
    reviews: useSelector(ref, bookTestSelectors.reviews),
    done: useSelector(ref, bookTestSelectors.isDone),
    context,
    chosenItems,
    fasting: Math.max(0, ...chosenItems.map((i) => i.fasting_hours)),
    total: orderTotal(context.catalogue, context.chosen, context.people.length),
    send: ref.send,
  };
}

export function useReports(clientId: string) {
  const { api } = useShell();
  const ref = usePageActor(
    reportsMachine.provide({
      actors: {
        loadReports: fromPromise(({ input }) => loadReports(api, input.clientId)),
        loadSummary: fromPromise(({ input }) => loadSummary(api, input.clientId)),
      },
    }),
    { input: { clientId } },
  );
  const summary = useSelector(ref, (s) => s.context.summary);
  const reports = useSelector(ref, (s) => s.context.reports);
  const marker = useSelector(ref, (s) => s.context.marker);
  return {
    loading: useSelector(ref, reportsSelectors.isLoading),
    failed: useSelector(ref, reportsSelectors.isFailed),
    reports,
    summary,
    marker,
    markers: markersOf(reports),
    trend: marker ? trendOf(reports, marker) : [],
    retry: () => ref.send({ type: 'reports.retry' }),
    pickMarker: (code: string) => ref.send({ type: 'reports.marker', code }),
    download: (order: number, fileName: string) => downloadReportPdf(api, order, fileName),
  };
}

export function useMyOrders(clientId: string) {
  const { api } = useShell();
  const ref = usePageActor(
    myOrdersMachine.provide({
      actors: {
        loadOrders: fromPromise(({ input }) => loadOrders(api, input.clientId)),
        cancelOrder: fromPromise(({ input }) => cancelOrder(api, input.order)),
        reschedule: rescheduleMachine.provide({
          actors: {
            loadSlots: fromPromise(({ input }) => loadSlots(api, input)),
            moveOrder: fromPromise(({ input }) => moveOrder(api, input)),
          },
        }),
      },
    }),
    { input: { clientId } },
  );
  return {
    loading: useSelector(ref, myOrdersSelectors.isLoading),
    failed: useSelector(ref, myOrdersSelectors.isFailed),
    busy: useSelector(ref, myOrdersSelectors.isBusy),
    context: useSelector(ref, (s) => s.context),
    send: ref.send,
    reschedule: useReschedule(ref),
  };
}
