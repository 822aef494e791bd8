// Every path of the booking chart, replayed on the production machine: a booking needs a client,
// a service and a time availability offers (or a series); a 409 lands in `conflict` with the
// conflicts named and nothing booked; any other failure keeps its message and may be retried.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingMachine, freeTimesOn, nextFreeDay, type Offer, offerFor, staffChoicesFor } from '../../../../machines/appointments/booking-machine.ts';
import { bookingSelectors } from '../../../../machines/appointments/selectors.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { CLIENT, CONFLICT, FAILURE, model, OFFER, RESULT } from './booking.model.ts';

describeModel('booking', model, (snapshot, event) => {
  const { context } = snapshot;
  if (snapshot.matches('confirm')) {
    expect(context.client).not.toBeNull();
    expect(context.service).not.toBeNull();
    // A staff member chosen is free then (the one they clicked, or picked from the list).
    expect(context.series !== null || offerFor(context.offers, context.slot, context.staff) !== null).toBe(true);
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
  if (event.type === 'booking.selectStaff' && snapshot.matches('details')) expect(context.staff).toBe(event.staff);
  if (snapshot.matches({ details: 'editing' }) && event.type.startsWith('xstate.done.actor') && context.slot?.staff != null) {
    // The clicked staff member stays chosen whether or not availability offers them then: the free
    // times listed are theirs, and a time they are not free at cannot be continued with.
    expect(context.staff).toBe(context.slot.staff);
  }
  if (snapshot.matches('details') && context.staff === 7)
    expect(snapshot.can({ type: 'booking.next' })).toBe(context.series !== null && context.client !== null);
  expect(bookingSelectors.isBusy(snapshot)).toBe(snapshot.hasTag('pending'));
  expect(bookingSelectors.canContinue(snapshot)).toBe(snapshot.can({ type: 'booking.next' }));
});

describe('portal: one confirm (issue 32)', () => {
  const portalBooking = () =>
    createActor(
      bookingMachine.provide({
        actors: {
          loadAvailability: fromPromise(async (): Promise<Offer[]> => [OFFER]),
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

describe('front desk: the free times of the day chosen, and the next free day (issue 32)', () => {
  const zone = 'Asia/Kolkata';
  const offer = (start: string, staff: number[]): Offer => ({ start, end: start, staff, resources: {} });
  // Monday 2 March: 10:00 (staff 4, 5) and 10:30 (5); Wednesday 4 March: 09:00 (4).
  const offers = [offer('2026-03-02T04:30:00Z', [4, 5]), offer('2026-03-02T05:00:00Z', [5]), offer('2026-03-04T03:30:00Z', [4])];

  it("lists the day's free times for anyone or for the staff member chosen", () => {
    expect(freeTimesOn(offers, zone, '2026-03-02', null).map((o) => o.start)).toEqual(['2026-03-02T04:30:00Z', '2026-03-02T05:00:00Z']);
    expect(freeTimesOn(offers, zone, '2026-03-02', 4).map((o) => o.start)).toEqual(['2026-03-02T04:30:00Z']);
    // 01:00 on 3 March in the clinic is 19:30Z on 2 March: the clinic's day counts.
    expect(freeTimesOn([offer('2026-03-02T19:30:00Z', [4])], zone, '2026-03-03', null)).toHaveLength(1);
  });
  it('a full day names the next day with free times, for that staff member', () => {
    expect(nextFreeDay(offers, zone, '2026-03-03', null)).toEqual({ day: '2026-03-04', offers: [offers[2]] });
    expect(nextFreeDay(offers, zone, '2026-03-01', 5)).toEqual({ day: '2026-03-02', offers: [offers[0], offers[1]] });
    expect(nextFreeDay(offers, zone, '2026-03-04', null)).toBeNull();
  });
  it("the chart: a full day's selector gives the next free day; a listed time is picked without a new check", async () => {
    const actor = createActor(bookingMachine.provide({ actors: { loadAvailability: fromPromise(async (): Promise<Offer[]> => offers) } }), {
      input: { slot: { start: '2026-03-03T10:00:00+05:30' }, zone },
    }).start();
    actor.send({ type: 'booking.selectService', service: 3 });
    await waitFor(actor, (s) => s.matches({ details: 'editing' }));
    expect(bookingSelectors.freeTimes(actor.getSnapshot())).toEqual([]);
    expect(bookingSelectors.nextFreeDay(actor.getSnapshot())?.day).toBe('2026-03-04');
    actor.send({ type: 'booking.pickSlot', slot: { start: offers[2].start, staff: null } });
    expect(actor.getSnapshot().matches({ details: 'editing' })).toBe(true);
    expect(bookingSelectors.day(actor.getSnapshot())).toBe('2026-03-04');
    expect(bookingSelectors.freeTimes(actor.getSnapshot())).toEqual([offers[2]]);
    expect(bookingSelectors.nextFreeDay(actor.getSnapshot())).toBeNull();
    // Staff 5 is not free then: chosen, but no continuing; the free times listed are theirs.
    actor.send({ type: 'booking.selectStaff', staff: 5 });
    expect(bookingSelectors.offer(actor.getSnapshot())).toBeNull();
    expect(bookingSelectors.nextFreeDay(actor.getSnapshot())).toBeNull();
  });
  it('lists every staff member whose role delivers the service, those without hours marked, not left out', () => {
    const staff = [
      { id: 4, name: 'Nina', role: 'NURSE' },
      { id: 5, name: 'Nadia', role: 'NURSE' },
      { id: 6, name: 'Rita', role: 'RECEPTION' },
    ];
    expect(staffChoicesFor({ delivered_by: ['NURSE'] }, staff, new Set([5])).map((s) => [s.id, s.noHours])).toEqual([
      [4, false],
      [5, true],
    ]);
  });
});
