// Every path of the portal-bookings chart, replayed on the production machine: each booking is
// announced once however often it is fetched; the count is the server's; a failure keeps the last
// count; marking sends exactly the ids asked for (or every listed one), never an empty list.
import { expect } from 'vitest';
import { portalBookingsSelectors } from '../../../../machines/appointments/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { announce, FAILURE, model } from './portal-bookings.model.ts';

describeModel('portal bookings', model, (snapshot, event) => {
  const { context } = snapshot;
  const toasted = announce.mock.calls.reduce((sum, call) => sum + (call[1] as { count: number }).count, 0);
  // Announced once each: the toasts of this path add up to the bookings remembered as announced.
  expect(toasted).toBe(context.announced.length);
  expect(new Set(context.announced).size).toBe(context.announced.length);
  if (event.type.startsWith('xstate.done.actor.')) {
    const output = (event as unknown as { output: { count: number; appointments: Array<{ id: number }> } }).output;
    expect(portalBookingsSelectors.count(snapshot)).toBe(output.count);
    expect(portalBookingsSelectors.bookings(snapshot)).toEqual(output.appointments);
    for (const a of output.appointments) expect(context.announced).toContain(a.id);
    expect(portalBookingsSelectors.error(snapshot)).toBeNull();
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    expect(portalBookingsSelectors.error(snapshot)).toBe(FAILURE.message);
    expect(snapshot.value).toBe('watching');
  }
  if (snapshot.matches('marking')) {
    expect(portalBookingsSelectors.isMarking(snapshot)).toBe(true);
    expect(context.marking.length).toBeGreaterThan(0);
    if (event.type === 'portalBookings.markSeen') expect(context.marking).toEqual([7]);
    if (event.type === 'portalBookings.markAllSeen') expect(context.marking).toEqual(portalBookingsSelectors.bookings(snapshot).map((a) => a.id));
  } else expect(context.marking).toEqual([]);
  expect(snapshot.hasTag('pending')).toBe(snapshot.matches('loading') || snapshot.matches('marking'));
  expect(portalBookingsSelectors.canMarkSeen(snapshot)).toBe(snapshot.matches('watching') && context.appointments.length > 0);
});
