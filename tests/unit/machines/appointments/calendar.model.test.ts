// Every path of the calendar chart, replayed on the production machine: a week or a day loads as
// one range; a drop shows the move at once and saves it; a refusal snaps it back (nothing moved,
// the conflicts named) and a success reloads; drops of unknown appointments are ignored.
import { expect } from 'vitest';
import { rangeOf } from '../../../../machines/appointments/calendar-machine.ts';
import { calendarSelectors, visibleAppointments } from '../../../../machines/appointments/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { APPOINTMENT, CONFLICT, FAILURE, model, MOVE } from './calendar.model.ts';

describeModel('calendar', model, (snapshot, event) => {
  const { context } = snapshot;
  if (snapshot.matches('saving') && event.type === 'calendar.reschedule') {
    // Typed in the panel: the same length and staff member as the appointment, the panel closed.
    expect(context.pending).toMatchObject({ id: 41, start: MOVE.start, staff: APPOINTMENT.staff });
    expect(Date.parse(context.pending!.end)).toBe(Date.parse(MOVE.end));
    expect(calendarSelectors.selected(snapshot)).toBeNull();
  } else if (snapshot.matches('saving')) {
    expect(context.pending).toEqual(MOVE);
    // Shown where it was dropped while saving.
    expect(visibleAppointments({ ...context, filters: { ...context.filters, status: null } }, () => 'hbot_chamber').find((a) => a.id === 41)).toMatchObject({
      start: MOVE.start,
      staff: 5,
    });
  }
  if (snapshot.matches('refused')) {
    expect(context.pending).toBeNull();
    // Snapped back: the appointment is where the server has it.
    expect(context.appointments.find((a: { id: number }) => a.id === 41)).toEqual(APPOINTMENT);
    const refusal = calendarSelectors.refusal(snapshot)!;
    // A 409 names what is in the way; any other refusal has only its message.
    if (refusal.conflicts.length) expect(refusal).toEqual({ message: CONFLICT.message, conflicts: CONFLICT.conflicts });
    else expect(refusal.message).toBe(FAILURE.message);
  }
  if (event.type === 'calendar.setView') expect(calendarSelectors.range(snapshot)).toEqual(rangeOf('day', context.date));
  if (event.type === 'calendar.setFilter') expect(context.filters.status).toBe('booked');
  if (event.type === 'calendar.select') expect(calendarSelectors.selected(snapshot)).toBe(41);
  if (event.type === 'calendar.setColumns') expect(calendarSelectors.columns(snapshot)).toBe('resource');
  expect(snapshot.hasTag('pending')).toBe(snapshot.matches('loading') || snapshot.matches('saving'));
});
