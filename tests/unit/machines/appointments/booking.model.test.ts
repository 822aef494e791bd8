// Every path of the booking chart, replayed on the production machine: a booking needs a client,
// a service and a time availability offers (or a series); a 409 lands in `conflict` with the
// conflicts named and nothing booked; any other failure keeps its message and may be retried.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingMachine, offerAt } from '../../../../machines/appointments/booking-machine.ts';
import { bookingSelectors } from '../../../../machines/appointments/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { CLIENT, CONFLICT, FAILURE, model, OFFER, RESULT } from './booking.model.ts';

describeModel('booking', model, (snapshot, event) => {
  const { context } = snapshot;
  if (snapshot.matches('confirm')) {
    expect(context.client).not.toBeNull();
    expect(context.service).not.toBeNull();
    expect(context.series !== null || offerAt(context.offers, context.slot) !== null).toBe(true);
  }
  if (snapshot.matches('booked')) {
    expect(context.result).toEqual(RESULT);
    expect(bookingSelectors.isBooked(snapshot)).toBe(true);
  }
  if (snapshot.matches('conflict')) {
    expect(context.conflicts).toEqual(CONFLICT.conflicts);
    expect(context.result).toBeNull();
    expect(bookingSelectors.conflicts(snapshot)).toEqual(CONFLICT.conflicts);
  }
  if (snapshot.matches('failed')) expect(bookingSelectors.error(snapshot)).toBe(FAILURE.message);
  if (event.type === 'booking.selectStaff' && !snapshot.matches('cancelled')) expect(context.staff).toBe(5);
  if (snapshot.matches({ details: 'editing' }) && event.type.startsWith('xstate.done.actor') && Array.isArray(event.output) && 'staff' in (event.output[0] ?? {})) {
    // The clicked staff member stays chosen because availability offers them at that time.
    expect(context.staff === null || event.output[0].staff.includes(context.staff)).toBe(true);
  }
  expect(bookingSelectors.isBusy(snapshot)).toBe(snapshot.hasTag('pending'));
  expect(bookingSelectors.canContinue(snapshot)).toBe(snapshot.can({ type: 'booking.next' }));
});

describe('portal: one confirm (issue 32)', () => {
  const portalBooking = () =>
    createActor(
      bookingMachine.provide({
        actors: {
          loadAvailability: fromPromise(async () => [OFFER]),
          book: fromPromise(async () => RESULT),
        },
      }),
      { input: { client: CLIENT, service: 3, range: { dateFrom: '2026-03-02', dateTo: '2026-03-15' } } },
    ).start();

  it('a free time picked from the offers is the confirm step itself: no details step with its own "continue" in between', async () => {
    const actor = portalBooking();
    await waitFor(actor, (s) => s.matches({ slot: 'ready' }));
    actor.send({ type: 'booking.pickSlot', slot: { start: OFFER.start, end: OFFER.end } });
    expect(bookingSelectors.step(actor.getSnapshot())).toBe('confirm');
    actor.send({ type: 'booking.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().matches('booked')).toBe(true);
  });

  it('back from the confirm (or from a conflict) is the list of free times, loaded again', async () => {
    const actor = portalBooking();
    await waitFor(actor, (s) => s.matches({ slot: 'ready' }));
    actor.send({ type: 'booking.pickSlot', slot: { start: OFFER.start } });
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().matches({ slot: 'loading' })).toBe(true);
  });
});
