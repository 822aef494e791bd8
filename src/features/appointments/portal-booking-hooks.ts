// The portal's booking charts bound to their adapter (booking-api.ts): `usePageActor` (src/lib/page-actor.ts) makes each
// actor once with the adapter's calls as its actors; `useSelector` reads it through the named
// selectors of machines/clients/booking-selectors.ts. Views call these hooks and send the events
// they return. Opened by anyone but the client (a SUPER_ADMIN reading the portal), the home's
// appointments only read.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useMemo } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { bookingMachine, type ClientOption, type Slot } from '../../../machines/appointments/booking-machine.ts';
import { DEFAULT_TIME_ZONE } from '../../../machines/appointments/scheduling-rules.ts';
import { portalBookingSelectors, upcomingSelectors, visitSelectors } from '../../../machines/clients/booking-selectors.ts';
import { upcomingMachine } from '../../../machines/clients/upcoming-machine.ts';
import { clinicDate } from '../../../machines/clients/upcoming-rules.ts';
import { type CallChannel, type VisitKind, visitBookingMachine } from '../../../machines/clients/visit-booking-machine.ts';
import { useShell } from '../../app/port.ts';
import { bookVisit, cancelVisit, type ListedVisit, loadAvailability, loadCatalogue, loadStarts, loadVisits, rescheduleVisit } from './appointments-api.ts';

/** The visit-booking actor's system id: the booking call reads the answers and reports back to it. */
const VISIT_PAGE = 'portal-visit-page';

export function useUpcoming(clientId: string) {
  const { api, auth } = useShell();
  // The chart with its actors is made once (each copy builds its state nodes), not at every render.
  const logic = useMemo(
    () =>
      upcomingMachine.provide({
        actors: {
          loadVisits: fromPromise(({ input }) => loadVisits(api, input.clientId)),
          cancelVisit: fromPromise(({ input }) => cancelVisit(api, input.id, input.reason)),
          loadStarts: fromPromise(({ input }) => loadStarts(api, input.appointment, input.rules)),
          rescheduleVisit: fromPromise(({ input }) => rescheduleVisit(api, input.id, input.start)),
        },
      }),
    [api],
  );
  const ref = usePageActor(logic, { input: { clientId, readOnly: auth.role !== 'CLIENT' } });
  // What is upcoming and what may change is judged when the list was loaded (the chart loads it
  // again when that changes with time; its guards and the server judge again at each request).
  return {
    mode: useSelector(ref, upcomingSelectors.mode),
    upcoming: useSelector(ref, (s) => upcomingSelectors.upcoming(s)) as Array<ListedVisit & { change: 'change' | 'contact' | 'none' }>,
    past: useSelector(ref, (s) => upcomingSelectors.past(s)) as ListedVisit[],
    lateHours: useSelector(ref, upcomingSelectors.lateHours),
    readOnly: useSelector(ref, upcomingSelectors.readOnly),
    confirmingCancel: useSelector(ref, upcomingSelectors.confirmingCancel),
    choosingStart: useSelector(ref, upcomingSelectors.choosingStart),
    chosen: useSelector(ref, upcomingSelectors.chosen),
    starts: useSelector(ref, upcomingSelectors.starts),
    timeZone: useSelector(ref, upcomingSelectors.timeZone),
    message: useSelector(ref, upcomingSelectors.message),
    notice: useSelector(ref, upcomingSelectors.notice),
    pending: useSelector(ref, upcomingSelectors.isPending),
    retry: () => ref.send({ type: 'upcoming.retry' }),
    cancel: (id: number) => ref.send({ type: 'upcoming.cancel', id }),
    reschedule: (id: number) => ref.send({ type: 'upcoming.reschedule', id }),
    confirmCancel: (reason: string) => ref.send({ type: 'upcoming.confirmCancel', reason }),
    pickStart: (start: string) => ref.send({ type: 'upcoming.pickStart', start }),
    back: () => ref.send({ type: 'upcoming.back' }),
  };
}

export function useVisitBooking(clientId: string, kind: VisitKind) {
  const { api } = useShell();
  const ref = usePageActor(
    visitBookingMachine.provide({
      actors: {
        loadCatalogue: fromPromise(({ input }) => loadCatalogue(api, input.clientId)),
        booking: bookingMachine.provide({
          actors: {
            loadAvailability: fromPromise(({ input }) => loadAvailability(api, input)),
            searchClients: fromPromise<ClientOption[], string>(async () => []),
            // The time comes from the booking chart; the package, channel and answers from this page's chart,
            // which hears of the booking as soon as the server has it.
            book: fromPromise(async ({ input, system }) => {
              const page = system.get(VISIT_PAGE) as ActorRefFrom<typeof visitBookingMachine>;
              const result = await bookVisit(api, input, visitSelectors.extras(page.getSnapshot()));
              page.send({ type: 'visit.booked', start: result.appointments[0].start });
              return result;
            }),
          },
        }),
      },
    }),
    { input: { clientId, kind, today: clinicDate(DEFAULT_TIME_ZONE, Date.now()) }, systemId: VISIT_PAGE },
  );
  return {
    view: useSelector(ref, visitSelectors.view),
    services: useSelector(ref, visitSelectors.services),
    service: useSelector(ref, visitSelectors.service),
    preparation: useSelector(ref, visitSelectors.preparation),
    questions: useSelector(ref, visitSelectors.questions),
    answers: useSelector(ref, visitSelectors.answers),
    channel: useSelector(ref, visitSelectors.channel),
    canContinue: useSelector(ref, visitSelectors.canContinue),
    noCredit: useSelector(ref, visitSelectors.noCredit),
    credit: useSelector(ref, visitSelectors.credit),
    message: useSelector(ref, visitSelectors.message),
    booked: useSelector(ref, visitSelectors.booked),
    timeZone: useSelector(ref, visitSelectors.timeZone),
    bookingRef: useSelector(ref, visitSelectors.bookingRef) as ActorRefFrom<typeof bookingMachine> | undefined,
    pending: useSelector(ref, visitSelectors.isPending),
    retry: () => ref.send({ type: 'visit.retry' }),
    select: (service: number) => ref.send({ type: 'visit.selectService', service }),
    answer: (key: string, value: string) => ref.send({ type: 'visit.answer', key, value }),
    setChannel: (channel: CallChannel) => ref.send({ type: 'visit.setChannel', channel }),
    next: () => ref.send({ type: 'visit.next' }),
    back: () => ref.send({ type: 'visit.back' }),
    again: () => ref.send({ type: 'visit.again' }),
  };
}

/** The booking chart the page invokes: free times, confirm, and its endings. */
export function useBookingStep(ref: ActorRefFrom<typeof bookingMachine>) {
  return {
    step: useSelector(ref, portalBookingSelectors.step),
    offers: useSelector(ref, portalBookingSelectors.offers),
    slot: useSelector(ref, portalBookingSelectors.slot),
    canContinue: useSelector(ref, portalBookingSelectors.canContinue),
    error: useSelector(ref, portalBookingSelectors.error),
    pending: useSelector(ref, portalBookingSelectors.isPending),
    pick: (slot: Slot) => ref.send({ type: 'booking.pickSlot', slot }),
    next: () => ref.send({ type: 'booking.next' }),
    back: () => ref.send({ type: 'booking.back' }),
    submit: () => ref.send({ type: 'booking.submit' }),
    retry: () => ref.send({ type: 'booking.retry' }),
    cancel: () => ref.send({ type: 'booking.cancel' }),
  };
}
