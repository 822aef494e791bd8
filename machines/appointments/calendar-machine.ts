// The appointments screen's view state: which days (a day or a week around a date, on the
// clinic's calendar), one column per staff member or per resource, the filters (staff, resource
// kind, service, status), the appointment open in the side panel, and a drag: in progress, then
// the move being saved (shown where it was dropped), then either the reload that shows it saved or
// the snap back, with the conflicts named, when the server refuses it (409: nothing was saved).
// A resize is a drop with a new end; a new start typed in the side panel (the day agenda has no
// drag) is the same move, keeping the appointment's length and staff member.
// Loading the days and saving a move are actors provided from outside (the API adapter).
import { assign, fromPromise, setup } from 'xstate';
import { failureOf } from '../rules/failure.ts';

export type CalendarView = 'day' | 'week';
export type CalendarColumns = 'staff' | 'resource';

/** What the calendar needs of an appointment (the API's Appointment has these fields and more). */
export interface CalendarAppointment {
  id: number;
  client: number;
  service: number;
  staff: number;
  resources: number[];
  start: string;
  end: string;
  status: string;
}

export interface CalendarFilters {
  staff: number | null;
  resourceKind: string | null;
  service: number | null;
  status: string | null;
}

/** A move asked for by a drag, a resize or the keyboard: the appointment's new start (and column). */
export interface Move {
  id: number;
  start: string;
  end: string;
  /** The staff column it was dropped in, when the columns are staff. */
  staff: number | null;
}

export interface MoveConflict {
  kind: 'staff' | 'resource';
  id: number;
  start: string;
  end: string;
}

export interface CalendarContext {
  view: CalendarView;
  /** The day shown, or a day of the week shown, YYYY-MM-DD on the clinic's calendar. */
  date: string;
  columns: CalendarColumns;
  filters: CalendarFilters;
  appointments: CalendarAppointment[];
  /** The appointment being dragged. */
  dragging: number | null;
  /** The move being saved. */
  pending: Move | null;
  /** The last move refused: the conflicts the server named. */
  conflicts: MoveConflict[];
  error: string | null;
  /** The appointment open in the side panel. */
  selected: number | null;
}

export interface DayRange {
  dateFrom: string;
  dateTo: string;
}

export type CalendarEvent =
  | { type: 'calendar.setView'; view: CalendarView }
  | { type: 'calendar.setDate'; date: string }
  | { type: 'calendar.setColumns'; columns: CalendarColumns }
  | { type: 'calendar.setFilter'; name: keyof CalendarFilters; value: string | number | null }
  | { type: 'calendar.select'; id: number | null }
  | { type: 'calendar.reload' }
  | { type: 'calendar.dragStart'; id: number }
  | { type: 'calendar.dragCancel' }
  | { type: 'calendar.drop'; move: Move }
  /** A new start typed in the side panel (the day agenda's way to move): the same length, staff member and save as a drag. */
  | { type: 'calendar.reschedule'; id: number; start: string }
  | { type: 'calendar.dismiss' }
  | { type: 'calendar.retry' };

export const NO_FILTERS: CalendarFilters = { staff: null, resourceKind: null, service: null, status: null };

const DAY = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The days a view shows: the day itself, or Monday to Sunday of its week. */
export function rangeOf(view: CalendarView, date: string): DayRange {
  if (view === 'day') return { dateFrom: date, dateTo: date };
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(date, -weekday);
  return { dateFrom: monday, dateTo: addDays(monday, 6) };
}

/** The date one step before or after (a day, or a week). */
export function stepDate(view: CalendarView, date: string, direction: -1 | 1): string {
  return addDays(date, direction * (view === 'day' ? 1 : 7));
}

function conflictsOf(error: unknown): MoveConflict[] {
  const list = (error as { conflicts?: unknown } | null)?.conflicts;
  return Array.isArray(list) ? (list as MoveConflict[]) : [];
}

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as { date: string; view?: CalendarView; columns?: CalendarColumns },
  },
  actors: {
    loadRange: fromPromise<CalendarAppointment[], DayRange>(async () => {
      throw new Error('loadRange is provided by the adapter');
    }),
    saveMove: fromPromise<unknown, Move>(async () => {
      throw new Error('saveMove is provided by the adapter');
    }),
  },
  guards: {
    isKnownAppointment: ({ context, event }) =>
      (event.type === 'calendar.drop' && context.appointments.some((a) => a.id === event.move.id)) ||
      (event.type === 'calendar.reschedule' && context.appointments.some((a) => a.id === event.id)),
  },
  actions: {
    setView: assign({ view: ({ context, event }) => (event.type === 'calendar.setView' ? event.view : context.view) }),
    setDate: assign({ date: ({ context, event }) => (event.type === 'calendar.setDate' ? event.date : context.date) }),
    setColumns: assign({ columns: ({ context, event }) => (event.type === 'calendar.setColumns' ? event.columns : context.columns) }),
    setFilter: assign({
      filters: ({ context, event }) =>
        event.type === 'calendar.setFilter' ? { ...context.filters, [event.name]: event.value === '' ? null : event.value } : context.filters,
    }),
    select: assign({ selected: ({ context, event }) => (event.type === 'calendar.select' ? event.id : context.selected) }),
    setDragging: assign({ dragging: ({ context, event }) => (event.type === 'calendar.dragStart' ? event.id : context.dragging) }),
    clearDragging: assign({ dragging: null }),
    setPending: assign({
      pending: ({ context, event }) => (event.type === 'calendar.drop' ? event.move : context.pending),
      dragging: null,
      conflicts: [],
      error: null,
    }),
    setPendingReschedule: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'calendar.reschedule') return context.pending;
        const a = context.appointments.find((x) => x.id === event.id)!;
        return { id: a.id, start: event.start, end: new Date(Date.parse(event.start) + Date.parse(a.end) - Date.parse(a.start)).toISOString(), staff: a.staff };
      },
      selected: null,
      conflicts: [],
      error: null,
    }),
    setAppointments: assign({ appointments: (_, params: { appointments: CalendarAppointment[] }) => params.appointments, error: null }),
    // The move was saved: it shows where it was dropped until the reload brings the new appointment.
    setSaved: assign({ pending: null }),
    // Snap back: the move is dropped, the appointment stays where the server still has it.
    setRefused: assign({
      pending: null,
      conflicts: (_, params: { error: unknown }) => conflictsOf(params.error),
      error: (_, params: { error: unknown }) => failureOf(params.error).message,
    }),
    setError: assign({ error: (_, params: { error: unknown }) => failureOf(params.error).message }),
    clearRefusal: assign({ conflicts: [], error: null }),
    /** Tells the view a move was saved (a toast); provided by the view. */
    notifySaved: () => {},
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({
    view: input.view ?? 'week',
    date: input.date,
    columns: input.columns ?? 'staff',
    filters: NO_FILTERS,
    appointments: [],
    dragging: null,
    pending: null,
    conflicts: [],
    error: null,
    selected: null,
  }),
  initial: 'loading',
  on: {
    'calendar.setColumns': { actions: 'setColumns' },
    'calendar.setFilter': { actions: 'setFilter' },
    'calendar.select': { actions: 'select' },
  },
  states: {
    loading: {
      tags: 'pending',
      on: {
        'calendar.setView': { target: 'loading', actions: 'setView', reenter: true },
        'calendar.setDate': { target: 'loading', actions: 'setDate', reenter: true },
        // A change made elsewhere while the days load (a booking, the panel's actions): the load
        // under way may have read them before it, so it starts again.
        'calendar.reload': { target: 'loading', reenter: true },
      },
      invoke: {
        id: 'loadRange',
        src: 'loadRange',
        input: ({ context }) => rangeOf(context.view, context.date),
        onDone: { target: 'ready', actions: { type: 'setAppointments', params: ({ event }) => ({ appointments: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        'calendar.setView': { target: 'loading', actions: 'setView' },
        'calendar.setDate': { target: 'loading', actions: 'setDate' },
        'calendar.reload': 'loading',
        'calendar.dragStart': { target: 'dragging', actions: 'setDragging' },
        // A keyboard move drops without a drag.
        'calendar.drop': { guard: 'isKnownAppointment', target: 'saving', actions: 'setPending' },
        'calendar.reschedule': { guard: 'isKnownAppointment', target: 'saving', actions: 'setPendingReschedule' },
      },
    },
    dragging: {
      on: {
        'calendar.drop': { guard: 'isKnownAppointment', target: 'saving', actions: 'setPending' },
        'calendar.dragCancel': { target: 'ready', actions: 'clearDragging' },
      },
    },
    saving: {
      tags: 'pending',
      invoke: {
        id: 'saveMove',
        src: 'saveMove',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: ['setSaved', 'notifySaved'] },
        onError: { target: 'refused', actions: { type: 'setRefused', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Snapped back; the refusal (and any conflicts) shows until dismissed or the next move.
    refused: {
      on: {
        'calendar.dismiss': { target: 'ready', actions: 'clearRefusal' },
        'calendar.dragStart': { target: 'dragging', actions: ['clearRefusal', 'setDragging'] },
        'calendar.drop': { guard: 'isKnownAppointment', target: 'saving', actions: 'setPending' },
        'calendar.reschedule': { guard: 'isKnownAppointment', target: 'saving', actions: 'setPendingReschedule' },
        'calendar.setView': { target: 'loading', actions: ['clearRefusal', 'setView'] },
        'calendar.setDate': { target: 'loading', actions: ['clearRefusal', 'setDate'] },
        'calendar.reload': { target: 'loading', actions: 'clearRefusal' },
      },
    },
    failed: {
      on: {
        'calendar.retry': 'loading',
        'calendar.reload': 'loading',
        'calendar.setView': { target: 'loading', actions: 'setView' },
        'calendar.setDate': { target: 'loading', actions: 'setDate' },
      },
    },
  },
});
