// The calendar chart's model: loading the days shown (and failing, and retrying), changing view,
// date, columns, filters and the open appointment, and a drag: started, cancelled, dropped and
// saved (then reloaded), or refused with the conflicts named (snapped back) or by another failure.
import { calendarMachine } from '../../../../machines/appointments/calendar-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const APPOINTMENT = {
  id: 41,
  client: 21,
  service: 3,
  staff: 4,
  resources: [2],
  start: '2026-03-02T04:30:00Z',
  end: '2026-03-02T05:30:00Z',
  status: 'booked',
};
export const MOVE = { id: 41, start: '2026-03-02T06:30:00Z', end: '2026-03-02T07:30:00Z', staff: 5 };
export const STRANGER_MOVE = { ...MOVE, id: 999 };
export const CONFLICT = {
  message: 'The time is taken.',
  fieldErrors: {},
  status: 409,
  conflicts: [{ kind: 'staff', id: 5, start: MOVE.start, end: MOVE.end }],
};
export const FAILURE = { message: 'Server error: The server encountered an error. Please try again later.', fieldErrors: {}, status: 500 };

export const model: MachineModel = {
  machine: calendarMachine,
  specs: [
    {
      input: { date: '2026-03-04' },
      events: [
        { type: 'calendar.setView', view: 'day' },
        { type: 'calendar.setDate', date: '2026-03-11' },
        { type: 'calendar.setColumns', columns: 'resource' },
        { type: 'calendar.setFilter', name: 'status', value: 'booked' },
        { type: 'calendar.select', id: 41 },
        { type: 'calendar.reload' },
        { type: 'calendar.dragStart', id: 41 },
        { type: 'calendar.dragCancel' },
        { type: 'calendar.drop', move: MOVE },
        { type: 'calendar.drop', move: STRANGER_MOVE },
        { type: 'calendar.reschedule', id: 41, start: MOVE.start },
        { type: 'calendar.reschedule', id: 999, start: MOVE.start },
        { type: 'calendar.dismiss' },
        { type: 'calendar.retry' },
      ],
      outcomes: { loadRange: [{ output: [APPOINTMENT] }, { error: FAILURE }], saveMove: [{ output: {} }, { error: CONFLICT }, { error: FAILURE }] },
      serializeState: (s) =>
        JSON.stringify({ value: s.value, pending: s.context.pending !== null, refused: s.context.conflicts.length, loaded: s.context.appointments.length }),
      edgeKey: (s, e) =>
        `${JSON.stringify(s.value)}|${e.type}|${JSON.stringify((e as any).move?.id ?? (e as any).id ?? '')}|${'error' in e ? (e as any).error.status : ''}|${s.context.appointments.length}`,
    },
  ],
};
