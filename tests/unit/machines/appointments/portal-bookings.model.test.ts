// Every path of the portal-bookings chart, replayed on the production machine: each booking is
// announced once however often it is fetched; the count is the server's; a failure keeps the last
// count; marking sends exactly the ids asked for (or every listed one), never an empty list.
import { describe, expect, it } from 'vitest';
import { portalBookingsSelectors } from '../../../../machines/appointments/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { announce, FAILURE, keepAnnounced, model, TOLD_BEFORE } from './portal-bookings.model.ts';

describeModel('portal bookings', model, (snapshot, event) => {
  const { context } = snapshot;
  const toasted = announce.mock.calls.reduce((sum, call) => sum + (call[1] as { count: number }).count, 0);
  // Announced once each: the toasts of this path add up to the bookings remembered as announced,
  // less those told on an earlier page load (issue 32: not again on every page load).
  const toldBefore = context.announced.filter((id: number) => TOLD_BEFORE.includes(id)).length;
  expect(toasted).toBe(context.announced.length - toldBefore);
  // Whatever was told is handed to the view to keep for this user.
  if (toasted > 0) expect(keepAnnounced.mock.calls.at(-1)?.[1]).toEqual({ announced: context.announced });
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
    expect(context.marking.length).toBeGreaterThan(0);
    if (event.type === 'portalBookings.markAllSeen') expect(context.marking).toEqual(portalBookingsSelectors.bookings(snapshot).map((a) => a.id));
  } else expect(context.marking).toEqual([]);
  expect(snapshot.hasTag('pending')).toBe(snapshot.matches('loading') || snapshot.matches('marking'));
  expect(portalBookingsSelectors.canMarkSeen(snapshot)).toBe(snapshot.matches('watching') && context.appointments.length > 0);
});

describe('a page loaded again (issue 32)', () => {
  it('does not toast a booking this staff member was told of before, and toasts and keeps a new one', async () => {
    const { createActor, fromPromise, waitFor } = await import('xstate');
    const { portalBookingsMachine } = await import('../../../../machines/appointments/portal-bookings-machine.ts');
    const toasts: number[] = [];
    const kept: number[][] = [];
    type Unseen = import('../../../../machines/appointments/portal-bookings-machine.ts').UnseenBookings;
    const booking = (id: number) => ({
      id,
      client: 20,
      service: 3,
      service_name: 'HBOT session',
      staff: 4,
      start: '2031-03-03T04:30:00Z',
      client_name: 'Asha Rao' as string | null,
    });
    let answer: Unseen = { count: 1, appointments: [booking(5)] };
    const actor = createActor(
      portalBookingsMachine.provide({
        actors: { loadUnseen: fromPromise(async (): Promise<Unseen> => answer) },
        actions: { announce: (_, p) => void toasts.push(p.count), keepAnnounced: (_, p) => void kept.push(p.announced) },
      }),
      { input: { announced: [5] } },
    ).start();
    await waitFor(actor, (s) => s.matches('watching'));
    expect(toasts).toEqual([]);
    answer = { count: 2, appointments: [booking(6), booking(5)] };
    actor.send({ type: 'portalBookings.refresh' });
    await waitFor(actor, (s) => s.matches('watching') && s.context.count === 2);
    expect(toasts).toEqual([1]);
    expect(kept).toEqual([[5, 6]]);
    actor.stop();
  });
});
