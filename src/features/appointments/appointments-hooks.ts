// The appointments screen's machines bound to its adapter: the calendar chart (days, columns,
// filters, drag and save), the booking chart for one dialog, the side panel's record and its status
// changes (the staff record and action machines), and the clinic's setup as a record.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useSnackbar } from 'notistack';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { type BookingResult, bookingMachine, type Slot } from '../../../machines/appointments/booking-machine.ts';
import { calendarMachine, type CalendarColumns, type CalendarFilters, type CalendarView, type Move } from '../../../machines/appointments/calendar-machine.ts';
import { bookingSelectors, calendarSelectors } from '../../../machines/appointments/selectors.ts';
import { mayChart } from '../../../machines/visits/charting-roles.ts';
import { isTherapy, type Therapy } from '../../../machines/visits/therapy-fields.ts';
import { useShell } from '../../app/port.ts';
import { useAction, useRecord } from '../../lib/staff/hooks.ts';
import {
  book,
  changeStatus,
  ClientNames,
  creditNotice,
  loadAvailability,
  loadPanel,
  loadRange,
  loadSetup,
  saveMove,
  searchClients,
  type StatusChange,
} from './appointments-api.ts';
import { openVisitForAppointment } from '../visits/index.ts';
import { visitChartHref } from '../../app/paths.ts';
import { bookedToast, MOVE_SAVED, STATUS_LABELS, statusChanged } from './texts.ts';

export function useSchedulingSetup() {
  const { api } = useShell();
  return useRecord(() => loadSetup(api));
}

export function useCalendar(zone: string, today: string) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const names = useRef(new ClientNames()).current;
  const latest = useRef({ api, enqueueSnackbar });
  latest.current = { api, enqueueSnackbar };
  const ref = usePageActor(
    calendarMachine.provide({
      actors: {
        loadRange: fromPromise(({ input }) => loadRange(latest.current.api, zone, input, names)),
        saveMove: fromPromise(({ input }) => saveMove(latest.current.api, input)),
      },
      actions: { notifySaved: () => latest.current.enqueueSnackbar(MOVE_SAVED, { variant: 'success' }) },
    }),
    { input: { date: today } },
  );
  return {
    ref,
    view: useSelector(ref, calendarSelectors.view),
    date: useSelector(ref, calendarSelectors.date),
    range: useSelector(ref, calendarSelectors.range),
    columns: useSelector(ref, calendarSelectors.columns),
    filters: useSelector(ref, calendarSelectors.filters),
    appointments: useSelector(ref, calendarSelectors.appointments),
    pending: useSelector(ref, calendarSelectors.pending),
    selected: useSelector(ref, calendarSelectors.selected),
    loading: useSelector(ref, calendarSelectors.isLoading),
    saving: useSelector(ref, calendarSelectors.isSaving),
    refusal: useSelector(ref, calendarSelectors.refusal),
    failure: useSelector(ref, calendarSelectors.failure),
    canMove: useSelector(ref, calendarSelectors.canMove),
    clientName: (id: number) => names.get(id),
    setView: (view: CalendarView) => ref.send({ type: 'calendar.setView', view }),
    setDate: (date: string) => ref.send({ type: 'calendar.setDate', date }),
    setColumns: (columns: CalendarColumns) => ref.send({ type: 'calendar.setColumns', columns }),
    setFilter: (name: keyof CalendarFilters, value: string | number | null) => ref.send({ type: 'calendar.setFilter', name, value }),
    select: (id: number | null) => ref.send({ type: 'calendar.select', id }),
    reload: () => ref.send({ type: 'calendar.reload' }),
    retry: () => ref.send({ type: 'calendar.retry' }),
    dragStart: (id: number) => ref.send({ type: 'calendar.dragStart', id }),
    dragCancel: () => ref.send({ type: 'calendar.dragCancel' }),
    drop: (move: Move) => ref.send({ type: 'calendar.drop', move }),
    reschedule: (id: number, start: string) => ref.send({ type: 'calendar.reschedule', id, start }),
    dismiss: () => ref.send({ type: 'calendar.dismiss' }),
  };
}

export type CalendarHandle = ReturnType<typeof useCalendar>;

/** One booking dialog's chart: mounted when the dialog opens, so each booking starts afresh. */
export function useBooking(zone: string, slot: Slot, onBooked: (result: BookingResult) => void) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const latest = useRef({ api, onBooked });
  latest.current = { api, onBooked };
  const ref = usePageActor(
    bookingMachine.provide({
      actors: {
        searchClients: fromPromise(({ input }) => searchClients(latest.current.api, input)),
        loadAvailability: fromPromise(({ input }) => loadAvailability(latest.current.api, input)),
        book: fromPromise(async ({ input }) => {
          const result = await book(latest.current.api, zone, input);
          enqueueSnackbar(bookedToast(result.appointments.length), { variant: 'success' });
          latest.current.onBooked(result);
          return result;
        }),
      },
    }),
    { input: { slot, zone } },
  );
  return {
    step: useSelector(ref, bookingSelectors.step),
    busy: useSelector(ref, bookingSelectors.isBusy),
    searching: useSelector(ref, bookingSelectors.isSearching),
    checking: useSelector(ref, bookingSelectors.isCheckingAvailability),
    canContinue: useSelector(ref, bookingSelectors.canContinue),
    client: useSelector(ref, bookingSelectors.client),
    clientResults: useSelector(ref, bookingSelectors.clientResults),
    service: useSelector(ref, bookingSelectors.service),
    staff: useSelector(ref, bookingSelectors.staff),
    series: useSelector(ref, bookingSelectors.series),
    notes: useSelector(ref, bookingSelectors.notes),
    offer: useSelector(ref, bookingSelectors.offer),
    day: useSelector(ref, bookingSelectors.day),
    freeTimes: useSelector(ref, bookingSelectors.freeTimes),
    nextFreeDay: useSelector(ref, bookingSelectors.nextFreeDay),
    slot: useSelector(ref, bookingSelectors.slot),
    conflicts: useSelector(ref, bookingSelectors.conflicts),
    error: useSelector(ref, bookingSelectors.error),
    send: ref.send,
  };
}

export type BookingHandle = ReturnType<typeof useBooking>;

/** The side panel: the appointment, its client and packages; status changes reload it and the calendar. */
export function useAppointmentPanel(id: number, onChanged: () => void) {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const record = useRecord(() => loadPanel(api, id));
  const [, navigate] = useLocation();
  // "Open visit chart": the appointment's chart, opened or created, then shown.
  const chart = useAction<{ id: number; client: number; therapy: Therapy } | null>(
    (subject) => openVisitForAppointment(api, subject!),
    (_subject, visit) => navigate(visitChartHref(visit as { id: number; client: number; therapy: Therapy })),
  );
  const charts = mayChart(auth.role);
  const change = useAction<StatusChange | null>(
    (subject, values) => changeStatus(api, id, { ...(subject as StatusChange), ...(values as Partial<StatusChange>) }),
    (subject, moved) => {
      if (subject) enqueueSnackbar(statusChanged(STATUS_LABELS[subject.to] ?? subject.to), { variant: 'success' });
      // A check-in's word on the package credit besides: taken, or none left (billed at the price).
      const credit = creditNotice(moved);
      if (credit) enqueueSnackbar(credit.message, { variant: credit.variant });
      record.reload();
      onChanged();
      // "Start" on a therapy session opens its chart for whoever charts it (issue 32).
      const a = record.data?.appointment;
      if (subject?.to === 'in_progress' && a && charts && isTherapy(a.therapy)) {
        chart.open({ id: a.id, client: a.client, therapy: a.therapy as Therapy });
        chart.submit({});
      }
    },
  );
  return { record, change, chart, mayChart: charts, role: auth.role ?? '' };
}
